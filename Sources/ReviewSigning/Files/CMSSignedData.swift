internal import COpenSSL
import JWT

/// The one owner of an OpenSSL `CMS_ContentInfo` holding SignedData: read from DER, its signature checked for
/// integrity, its content taken out, its signers' chains checked; freed in `deinit`.
final class CMSSignedData {
    /// The message (`CMS_ContentInfo *`), owned.
    private let pointer: OpaquePointer
    /// The profile, for messages ("the profile /p/App.mobileprovision").
    private let what: String

    /// Reads one DER CMS ContentInfo that fills `der` exactly, of type SignedData.
    /// - Parameters:
    ///   - der: the bytes.
    ///   - what: the file, for messages.
    /// - Throws: `SigningError.profileSignatureBroken` for a message that does not parse or has bytes after it;
    ///   `.notASigningFile` for a CMS message of another type (EnvelopedData, say).
    init(der: [UInt8], what: String) throws(SigningError) {
        let (message, consumed): (OpaquePointer?, Int) = der.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return (nil, 0) }
            var cursor: UnsafePointer<UInt8>? = base
            let message = d2i_CMS_ContentInfo(nil, &cursor, buffer.count)
            return (message, cursor.map { $0 - base } ?? 0)
        }
        guard let message else {
            throw SigningError(
                .profileSignatureBroken,
                "\(what) starts as a CMS message but does not read as one: truncated or altered "
                    + "(OpenSSL: \(OpenSSLError.drain()))")
        }
        pointer = message
        self.what = what
        guard consumed == der.count else {
            throw SigningError(
                .profileSignatureBroken,
                "\(what) has \(der.count - consumed) bytes after its CMS message (\(consumed) bytes): the file was "
                    + "altered after signing")
        }
        let type = OBJ_obj2nid(CMS_get0_type(message))
        guard type == NID_pkcs7_signed else {
            let name = OBJ_nid2sn(type).map { String(cString: $0) } ?? "unknown"
            throw SigningError(
                .notASigningFile,
                "\(what) is a CMS message of type \(name), not SignedData; a provisioning profile is a signed "
                    + "property list")
        }
    }

    deinit { CMS_ContentInfo_free(pointer) }

    /// Checks the signature's integrity (the content's digest, the signed attributes, each signer's signature with
    /// the certificate the message carries), not who signed, and returns the content.
    /// - Returns: the signed content's bytes.
    /// - Throws: `SigningError.profileSignatureBroken` naming the file and OpenSSL's reason.
    func verifiedContent() throws(SigningError) -> [UInt8] {
        guard CMS_is_detached(pointer) == 0 else {
            throw SigningError(
                .profileSignatureBroken,
                "\(what) is a detached CMS signature without its content; a provisioning profile carries its "
                    + "property list inside the message")
        }
        guard let output = BIO_new(BIO_s_mem()) else {
            throw SigningError(.profileSignatureBroken, "\(what): \(OpenSSLError.drain())")
        }
        defer { BIO_free(output) }
        let flags = UInt32(CMS_NO_SIGNER_CERT_VERIFY | CMS_BINARY)
        guard CMS_verify(pointer, nil, nil, nil, output, flags) == 1 else {
            throw SigningError(
                .profileSignatureBroken,
                "\(what) has a CMS signature that is not intact: its content was altered after signing, or it was "
                    + "never signed by the certificate it names (OpenSSL: \(OpenSSLError.drain()))")
        }
        return MemoryBIO.readAll(output)
    }

    /// The signer of the message and whether it chains to `trust`'s roots (after `verifiedContent()`, which
    /// finds the signers' certificates). With several signers (Apple uses one), all must chain; the first that does
    /// not is named.
    /// - Parameter trust: the roots.
    /// - Returns: the signer.
    func signer(trust: ProfileSignerTrust) -> ProfileSigner {
        defer { OpenSSLError.clear() }
        // A new stack of certificates the message owns: the stack is freed here, its certificates are not.
        let signers = CMS_get0_signers(pointer)
        defer { if let signers { gatehouse_sk_X509_free(signers) } }
        guard let signers, gatehouse_sk_X509_num(signers) > 0, let first = gatehouse_sk_X509_value(signers, 0),
            let firstSigner = X509Certificate.retaining(first)
        else {
            return ProfileSigner(
                commonName: nil, chain: .notChained(to: trust.name, because: "the signer certificate is not known"))
        }
        // A new stack holding a reference to each certificate: both are freed here.
        let certificates = CMS_get1_certs(pointer)
        defer { if let certificates { gatehouse_sk_X509_pop_free(certificates) } }
        guard let store = X509_STORE_new() else {
            return ProfileSigner(
                commonName: firstSigner.commonName,
                chain: .notChained(to: trust.name, because: "OpenSSL could not make a certificate store"))
        }
        defer { X509_STORE_free(store) }
        var anchors = 0
        for index in 0..<(certificates.map { gatehouse_sk_X509_num($0) } ?? 0) {
            guard let certificate = gatehouse_sk_X509_value(certificates, index),
                let handle = X509Certificate.retaining(certificate), let fingerprint = handle.sha256Fingerprint,
                trust.isRoot(fingerprint), X509_STORE_add_cert(store, certificate) == 1
            else { continue }
            anchors += 1
        }
        guard anchors > 0 else {
            return ProfileSigner(
                commonName: firstSigner.commonName,
                chain: .notChained(
                    to: trust.name, because: "the message carries none of the root certificates of \(trust.name)"))
        }
        for index in 0..<gatehouse_sk_X509_num(signers) {
            guard let signer = gatehouse_sk_X509_value(signers, index) else { continue }
            if let failure = Self.chainFailure(signer, store: store, untrusted: certificates) {
                return ProfileSigner(
                    commonName: firstSigner.commonName, chain: .notChained(to: trust.name, because: failure))
            }
        }
        return ProfileSigner(commonName: firstSigner.commonName, chain: .chained(to: trust.name))
    }

    /// Why `signer` does not chain to the store's roots through `untrusted`, or nil when it does.
    private static func chainFailure(
        _ signer: OpaquePointer, store: OpaquePointer, untrusted: OpaquePointer?
    ) -> String? {
        guard let context = X509_STORE_CTX_new() else { return "OpenSSL could not make a verification context" }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, signer, untrusted) == 1 else {
            return "OpenSSL could not start the chain check (\(OpenSSLError.drain()))"
        }
        // Validity times are the tracker's report, not the chain check's: an expired intermediate still says who
        // signed.
        X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_NO_CHECK_TIME))
        if X509_verify_cert(context) == 1 { return nil }
        let code = X509_STORE_CTX_get_error(context)
        return X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "verify error \(code)"
    }
}

@available(*, unavailable)
extension CMSSignedData: Sendable {}
