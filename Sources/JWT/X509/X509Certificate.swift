internal import COpenSSL
internal import GatehouseCore
import GatehouseFoundation

/// The one owner of an OpenSSL `X509`, for the package's modules that read certificates: ReviewSigning (certificate
/// files, provisioning profiles) and AppStoreServer (the `x5c` chains of App Store signed data, RFC 7515 section
/// 4.1.6). Reading a certificate here never makes it trusted: that is the caller's chain check.
///
/// Thread-safe once made: only OpenSSL's read accessors are called on it (OpenSSL 3 guards its cached extension
/// data itself), and nothing changes it after `init`.
package final class X509Certificate: @unchecked Sendable {
    /// Why bytes are not one certificate.
    package enum ReadFailure: Error, Sendable, Equatable {
        /// The bytes are not a DER certificate; OpenSSL's text.
        case notDER(String)
        /// A DER certificate of `consumed` bytes followed by more bytes.
        case trailingBytes(consumed: Int, total: Int)
        /// The text has no PEM `CERTIFICATE` block; OpenSSL's text.
        case noPEMBlock(String)
    }

    /// The certificate (`X509 *`), owned.
    package let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    private init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { X509_free(pointer) }

    /// Reads one DER certificate that fills `der` exactly.
    /// - Throws: `ReadFailure.notDER` or `.trailingBytes`.
    package convenience init(der: some ContiguousBytes) throws(ReadFailure) {
        let (certificate, consumed, total): (OpaquePointer?, Int, Int) = der.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count > 0 else {
                return (nil, 0, 0)
            }
            var cursor: UnsafePointer<UInt8>? = UnsafePointer(base)
            let certificate = d2i_X509(nil, &cursor, raw.count)
            return (certificate, cursor.map { $0 - UnsafePointer(base) } ?? 0, raw.count)
        }
        guard let certificate else { throw .notDER(OpenSSLError.drain()) }
        self.init(taking: certificate)
        guard consumed == total else { throw .trailingBytes(consumed: consumed, total: total) }
    }

    /// Reads the first `CERTIFICATE` block of a PEM text (blocks of other labels before it, such as a private key
    /// exported with it, and text between blocks are passed over, as OpenSSL does).
    /// - Throws: `ReadFailure.noPEMBlock`.
    package convenience init(pem: [UInt8]) throws(ReadFailure) {
        let certificate: OpaquePointer? = pem.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0, let bio = BIO_new_mem_buf(base, Int32(buffer.count))
            else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_X509(bio, nil, nil, nil)
        }
        guard let certificate else { throw .noPEMBlock(OpenSSLError.drain()) }
        self.init(taking: certificate)
        OpenSSLError.clear()
    }

    /// Wraps a certificate OpenSSL lent (from a stack it owns), taking a reference of its own.
    /// - Parameter borrowed: an `X509 *` owned elsewhere.
    /// - Returns: nil when the reference cannot be taken.
    package static func retaining(_ borrowed: OpaquePointer) -> X509Certificate? {
        guard X509_up_ref(borrowed) == 1 else { return nil }
        return X509Certificate(taking: borrowed)
    }

    /// The certificate's DER encoding.
    package var der: [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_X509(pointer, &output)
        guard count > 0, let output else {
            OpenSSLError.clear()
            return []
        }
        defer { gatehouse_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(count)))
    }

    /// The SHA-256 of the certificate's DER: its fingerprint.
    package var sha256Fingerprint: [UInt8]? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(pointer, EVP_sha256(), &digest, &length) == 1, length == 32 else {
            OpenSSLError.clear()
            return nil
        }
        return Array(digest.prefix(32))
    }

    /// The subject, as an RFC 2253 distinguished name with UTF-8 kept as UTF-8.
    package var subject: String { Self.distinguishedName(X509_get_subject_name(pointer)) }
    /// The issuer, as `subject` writes it.
    package var issuer: String { Self.distinguishedName(X509_get_issuer_name(pointer)) }
    /// The subject's common name, if any.
    package var commonName: String? { Self.commonName(of: X509_get_subject_name(pointer)) }
    /// The issuer's common name, if any.
    package var issuerCommonName: String? { Self.commonName(of: X509_get_issuer_name(pointer)) }

    /// The serial number in uppercase hexadecimal, without leading zeros (OpenSSL's `BN_bn2hex`), or nil when it
    /// cannot be read.
    package var serialNumberHex: String? {
        guard let integer = X509_get0_serialNumber(pointer), let number = ASN1_INTEGER_to_BN(integer, nil) else {
            OpenSSLError.clear()
            return nil
        }
        defer { BN_free(number) }
        guard let hex = BN_bn2hex(number) else { return nil }
        defer { gatehouse_OPENSSL_free(hex) }
        return String(cString: hex).uppercased()
    }

    /// The start of the validity period, or nil when OpenSSL cannot convert it.
    package var notBefore: Date? { Self.date(X509_get0_notBefore(pointer)) }
    /// The end of the validity period, or nil when OpenSSL cannot convert it.
    package var notAfter: Date? { Self.date(X509_get0_notAfter(pointer)) }

    /// Whether the certificate has an extension of the dotted object identifier `oid` (critical or not).
    /// - Parameter oid: "1.2.840.113635.100.6.11.1".
    /// - Returns: false for an identifier OpenSSL cannot parse.
    package func hasExtension(oid: String) -> Bool {
        guard let object = OBJ_txt2obj(oid, 1) else {
            OpenSSLError.clear()
            return false
        }
        defer { ASN1_OBJECT_free(object) }
        return X509_get_ext_by_OBJ(pointer, object, -1) >= 0
    }

    /// The subject public key, as a SubjectPublicKeyInfo DER encoding (RFC 5280 section 4.1.2.7), or nil when
    /// OpenSSL cannot decode the key.
    package var subjectPublicKeyInfo: [UInt8]? {
        guard let key = X509_get0_pubkey(pointer) else {
            OpenSSLError.clear()
            return nil
        }
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_PUBKEY(key, &output)
        guard count > 0, let output else {
            OpenSSLError.clear()
            return nil
        }
        defer { gatehouse_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(count)))
    }

    /// The OCSP responder URLs of the Authority Information Access extension (RFC 5280 section 4.2.2.1), in order.
    package var ocspResponderURLs: [String] {
        guard let stack = X509_get1_ocsp(pointer) else { return [] }
        defer { X509_email_free(stack) }
        return (0..<gatehouse_sk_OPENSSL_STRING_num(stack)).compactMap { index in
            gatehouse_sk_OPENSSL_STRING_value(stack, index).map { String(cString: $0) }
        }
    }

    /// An ASN.1 time (UTCTime or GeneralizedTime, as certificates and OCSP responses carry) as an instant.
    /// - Parameter time: the time (`ASN1_TIME *`, `ASN1_GENERALIZEDTIME *`).
    /// - Returns: the instant, or nil when OpenSSL cannot read it.
    package static func date(asn1 time: UnsafeRawPointer?) -> Date? {
        date(time?.assumingMemoryBound(to: ASN1_TIME.self))
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
        var fields = tm()
        guard let time, ASN1_TIME_to_tm(time, &fields) == 1,
            let seconds = CivilTime.seconds(
                year: Int64(fields.tm_year) + 1900, month: Int64(fields.tm_mon) + 1, day: Int64(fields.tm_mday),
                hour: Int64(fields.tm_hour), minute: Int64(fields.tm_min), second: Int64(fields.tm_sec))
        else {
            OpenSSLError.clear()
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func distinguishedName(_ name: OpaquePointer?) -> String {
        guard let name, let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard X509_NAME_print_ex(bio, name, 0, gatehouse_XN_FLAG_RFC2253_UTF8()) >= 0 else {
            OpenSSLError.clear()
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
            OpenSSLError.clear()
            return nil
        }
        defer { gatehouse_OPENSSL_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }
}

/// Reading an OpenSSL memory `BIO` to its end.
package enum MemoryBIO {
    /// Everything the BIO holds.
    /// - Parameter bio: a memory BIO (`BIO *`).
    /// - Returns: its bytes.
    package static func readAll(_ bio: OpaquePointer) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { BIO_read(bio, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else { break }
            bytes += chunk[0..<Int(count)]
        }
        OpenSSLError.clear()
        return bytes
    }
}
