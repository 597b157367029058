import COpenSSL

/// The raw cost of an App Store chain, straight on OpenSSL: the leaf, the intermediate and the root parsed once,
/// then per check `X509_STORE_CTX_new`, `X509_STORE_CTX_init` with the intermediate untrusted, `X509_verify_cert`
/// (times not checked, as at a payload's signedDate), `X509_STORE_CTX_free`. Together with one raw ES256
/// verification it is what a C program pays to verify one App Store payload without a cache.
final class RawAppStoreChain {
    private let store: OpaquePointer
    private let leaf: OpaquePointer
    private let intermediate: OpaquePointer
    private let untrusted: OpaquePointer

    /// Parses the three certificates; the root goes in the store.
    init(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) {
        func parse(_ der: [UInt8]) -> OpaquePointer {
            der.withUnsafeBufferPointer { buffer in
                var cursor = buffer.baseAddress
                guard let certificate = d2i_X509(nil, &cursor, buffer.count) else {
                    fatalError("raw chain: d2i_X509 refused a certificate")
                }
                return certificate
            }
        }
        self.leaf = parse(leaf)
        self.intermediate = parse(intermediate)
        let rootCertificate = parse(root)
        store = X509_STORE_new()!
        X509_STORE_add_cert(store, rootCertificate)
        X509_free(rootCertificate)
        untrusted = gatehouse_sk_X509_new_null()!
        _ = gatehouse_sk_X509_push(untrusted, self.intermediate)
    }

    deinit {
        gatehouse_sk_X509_free(untrusted)
        X509_free(leaf)
        X509_free(intermediate)
        X509_STORE_free(store)
    }

    /// One chain check.
    func verify() -> Bool {
        guard let context = X509_STORE_CTX_new() else { return false }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf, untrusted) == 1 else { return false }
        X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_NO_CHECK_TIME))
        return X509_verify_cert(context) == 1
    }
}
