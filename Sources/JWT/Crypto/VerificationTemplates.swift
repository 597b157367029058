internal import COpenSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Per public key, one `EVP_MD_CTX` per algorithm, set up once with `EVP_DigestVerifyInit` (and the PSS parameters)
/// and never used to verify: each verification works on a copy (`EVP_MD_CTX_copy_ex`).
///
/// Why: in OpenSSL 3 every `EVP_DigestVerifyInit` fetches the signature implementation, and the provider fetches
/// the digest again by name, each a locked lookup, and allocates a fresh key context; a copy only duplicates the
/// provider's context. The templates are only read after they are built, which OpenSSL allows from any thread; the
/// lock guards building them.
final class VerificationTemplates: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// Built templates; a nil context records that OpenSSL refused one (the caller then initialises per call).
    private var entries: [(algorithm: JWSAlgorithm, context: OpaquePointer?)] = []

    init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        for entry in entries {
            if let context = entry.context { EVP_MD_CTX_free(context) }
        }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The template for `algorithm` with `key`, built on first use; nil if OpenSSL cannot build one.
    /// - Parameters:
    ///   - algorithm: an algorithm the key supports.
    ///   - key: the key, the same on every call for one instance.
    ///   - digest: the fetched digest, nil for EdDSA.
    /// - Returns: the template context, owned by this object; only copy from it.
    func template(for algorithm: JWSAlgorithm, key: EVPKey, digest: OpaquePointer?) -> OpaquePointer? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for entry in entries where entry.algorithm == algorithm {
            return entry.context
        }
        let context = Self.build(algorithm, key: key, digest: digest)
        entries.append((algorithm, context))
        return context
    }

    private static func build(_ algorithm: JWSAlgorithm, key: EVPKey, digest: OpaquePointer?) -> OpaquePointer? {
        guard let context = EVP_MD_CTX_new() else {
            OpenSSLError.clear()
            return nil
        }
        var keyContext: OpaquePointer? = nil  // owned by `context`
        guard EVP_DigestVerifyInit(context, &keyContext, digest, nil, key.pointer) == 1 else {
            EVP_MD_CTX_free(context)
            OpenSSLError.clear()
            return nil
        }
        if algorithm.family == .rsaPSS {
            guard let keyContext, let hash = algorithm.hash, PublicKey.configurePSS(keyContext, hash: hash) else {
                EVP_MD_CTX_free(context)
                OpenSSLError.clear()
                return nil
            }
        }
        // A copy must be able to verify: probe once, so a provider without context duplication is found here.
        guard let probe = EVP_MD_CTX_new() else {
            EVP_MD_CTX_free(context)
            return nil
        }
        defer { EVP_MD_CTX_free(probe) }
        guard EVP_MD_CTX_copy_ex(probe, context) == 1 else {
            EVP_MD_CTX_free(context)
            OpenSSLError.clear()
            return nil
        }
        return context
    }
}
