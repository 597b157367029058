internal import COpenSSL
import GatehouseCore
import GatehouseFoundation

/// The one owner of an OpenSSL `X509`: read from DER or PEM, read into a `SigningCertificate`, freed in `deinit`.
final class X509Handle {
    /// The certificate (`X509 *`), owned.
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    private init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { X509_free(pointer) }

    /// Reads one DER certificate that fills `der` exactly.
    /// - Parameters:
    ///   - der: the bytes.
    ///   - what: the certificate, for messages ("the certificate file /p/apns.cer").
    ///   - code: the code of a failure.
    /// - Throws: `SigningError` with `code`, naming `what` and OpenSSL's text, or the trailing bytes.
    convenience init(der: [UInt8], what: String, code: SigningError.Code) throws(SigningError) {
        let (certificate, consumed): (OpaquePointer?, Int) = der.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return (nil, 0) }
            var cursor: UnsafePointer<UInt8>? = base
            let certificate = d2i_X509(nil, &cursor, buffer.count)
            return (certificate, cursor.map { $0 - base } ?? 0)
        }
        guard let certificate else {
            throw SigningError(
                code, "\(what) is not a readable DER X.509 certificate (OpenSSL: \(OpenSSLErrorQueue.drain()))")
        }
        self.init(taking: certificate)
        guard consumed == der.count else {
            throw SigningError(
                code,
                "\(what) has \(der.count - consumed) bytes after its DER certificate (\(consumed) bytes); a "
                    + "certificate file holds one certificate and nothing else")
        }
    }

    /// Reads the first `CERTIFICATE` block of a PEM text (blocks of other labels before it, such as a private key
    /// exported with it, and text between blocks are passed over, as OpenSSL does).
    /// - Parameters:
    ///   - pem: the text's bytes.
    ///   - what: the certificate, for messages.
    /// - Throws: `SigningError.invalidCertificate` naming `what` and OpenSSL's text.
    convenience init(pem: [UInt8], what: String) throws(SigningError) {
        let certificate: OpaquePointer? = pem.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0, let bio = BIO_new_mem_buf(base, Int32(buffer.count))
            else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_X509(bio, nil, nil, nil)
        }
        guard let certificate else {
            throw SigningError(
                .invalidCertificate,
                "\(what) has no readable PEM CERTIFICATE block (OpenSSL: \(OpenSSLErrorQueue.drain()))")
        }
        self.init(taking: certificate)
        OpenSSLErrorQueue.clear()
    }

    /// Wraps a certificate OpenSSL lent (from a stack it owns), taking a reference of its own.
    /// - Parameter borrowed: an `X509 *` owned elsewhere.
    /// - Returns: nil when the reference cannot be taken.
    static func retaining(_ borrowed: OpaquePointer) -> X509Handle? {
        guard X509_up_ref(borrowed) == 1 else { return nil }
        return X509Handle(taking: borrowed)
    }

    /// The SHA-256 of the certificate's DER: its fingerprint.
    var sha256Fingerprint: [UInt8]? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(pointer, EVP_sha256(), &digest, &length) == 1, length == 32 else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        return Array(digest.prefix(32))
    }

    /// The subject's common name, if any.
    var commonName: String? { Self.commonName(of: X509_get_subject_name(pointer)) }

    /// The fields the tracker keeps.
    /// - Parameters:
    ///   - what: the certificate, for messages.
    ///   - code: the code of a failure.
    /// - Returns: the certificate's subject, issuer, serial and validity.
    /// - Throws: `SigningError` with `code` when a field cannot be read (a validity time OpenSSL cannot convert).
    func summary(what: String, code: SigningError.Code) throws(SigningError) -> SigningCertificate {
        let subjectName = X509_get_subject_name(pointer)
        let issuerName = X509_get_issuer_name(pointer)
        guard let serial = serialNumber() else {
            throw SigningError(code, "\(what) has a serial number OpenSSL cannot read (\(OpenSSLErrorQueue.drain()))")
        }
        let notBefore = try Self.date(X509_get0_notBefore(pointer), "notBefore", what: what, code: code)
        let notAfter = try Self.date(X509_get0_notAfter(pointer), "notAfter", what: what, code: code)
        return SigningCertificate(
            subject: Self.distinguishedName(subjectName), commonName: Self.commonName(of: subjectName),
            issuer: Self.distinguishedName(issuerName), issuerCommonName: Self.commonName(of: issuerName),
            serialNumber: serial, notBefore: notBefore, notAfter: notAfter)
    }

    private func serialNumber() -> String? {
        guard let integer = X509_get0_serialNumber(pointer), let number = ASN1_INTEGER_to_BN(integer, nil) else {
            return nil
        }
        defer { BN_free(number) }
        guard let hex = BN_bn2hex(number) else { return nil }
        defer { gatehouse_OPENSSL_free(hex) }
        return String(cString: hex).uppercased()
    }

    private static func date(
        _ time: UnsafePointer<ASN1_TIME>?, _ field: String, what: String, code: SigningError.Code
    ) throws(SigningError) -> Date {
        var fields = tm()
        guard let time, ASN1_TIME_to_tm(time, &fields) == 1,
            let seconds = CivilTime.seconds(
                year: Int64(fields.tm_year) + 1900, month: Int64(fields.tm_mon) + 1, day: Int64(fields.tm_mday),
                hour: Int64(fields.tm_hour), minute: Int64(fields.tm_min), second: Int64(fields.tm_sec))
        else {
            throw SigningError(code, "\(what) has a \(field) time that cannot be read (\(OpenSSLErrorQueue.drain()))")
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func distinguishedName(_ name: OpaquePointer?) -> String {
        guard let name, let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard X509_NAME_print_ex(bio, name, 0, gatehouse_XN_FLAG_RFC2253_UTF8()) >= 0 else {
            OpenSSLErrorQueue.clear()
            return ""
        }
        return String(decoding: MemoryBIO.readAll(bio), as: UTF8.self)
    }

    private static func commonName(of name: OpaquePointer?) -> String? {
        guard let name else { return nil }
        let index = X509_NAME_get_index_by_NID(name, NID_commonName, -1)
        guard index >= 0, let entry = X509_NAME_get_entry(name, index),
            let data = X509_NAME_ENTRY_get_data(entry)
        else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&utf8, data)
        guard length >= 0, let utf8 else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        defer { gatehouse_OPENSSL_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }
}

@available(*, unavailable)
extension X509Handle: Sendable {}

/// Reading an OpenSSL memory `BIO` to its end.
enum MemoryBIO {
    /// Everything the BIO holds.
    /// - Parameter bio: a memory BIO (`BIO *`).
    /// - Returns: its bytes.
    static func readAll(_ bio: OpaquePointer) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { BIO_read(bio, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else { break }
            bytes += chunk[0..<Int(count)]
        }
        OpenSSLErrorQueue.clear()
        return bytes
    }
}
