import COpenSSL

/// The naive raw baseline of issue 5, straight on OpenSSL: the key preloaded once, then per verification
/// `EVP_MD_CTX_new`, `EVP_DigestVerifyInit` with the digest named the usual way (`EVP_sha256()`, so OpenSSL 3
/// fetches it implicitly), the PSS parameters when needed, `EVP_DigestVerify`, `EVP_MD_CTX_free`.
/// It calls OpenSSL directly, not Gatehouse's crypto layer, so it measures what a C program would do.
final class RawVerifier {
    enum Scheme {
        case rsaPKCS1SHA256
        case rsaPSSSHA256
        case ecdsaSHA256
        case ed25519
    }

    private let key: OpaquePointer
    private let scheme: Scheme

    /// Preloads the key from its SubjectPublicKeyInfo DER.
    init(spki der: [UInt8], scheme: Scheme) {
        var cursor: UnsafePointer<UInt8>? = nil
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            cursor = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let parsed else { fatalError("raw baseline: d2i_PUBKEY refused the key") }
        key = parsed
        self.scheme = scheme
    }

    deinit { EVP_PKEY_free(key) }

    /// One naive verification; `signature` is what OpenSSL takes (DER for ECDSA).
    func verify(_ signature: UnsafeRawBufferPointer, _ message: UnsafeRawBufferPointer) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer? = nil
        let digest: OpaquePointer? = scheme == .ed25519 ? nil : EVP_sha256()
        guard EVP_DigestVerifyInit(context, &keyContext, digest, nil, key) == 1 else { return false }
        if scheme == .rsaPSSSHA256 {
            guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) > 0,
                EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, EVP_sha256()) > 0,
                EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, 32) > 0
            else { return false }
        }
        return EVP_DigestVerify(
            context, signature.baseAddress?.assumingMemoryBound(to: UInt8.self), signature.count,
            message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count) == 1
    }

    /// The DER form (SEQUENCE of two INTEGERs) of a JWS ECDSA signature r || s, made once for the baseline.
    static func derECDSA(raw: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop(while: { $0 == 0 }))
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let half = raw.count / 2
        let body = integer(raw[0..<half]) + integer(raw[half...])
        return [0x30, UInt8(body.count)] + body
    }
}
