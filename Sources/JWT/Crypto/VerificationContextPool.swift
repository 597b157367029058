internal import COpenSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Per public key and algorithm, a pool of verification contexts initialised once and reused: a digest context
/// and an `EVP_PKEY_CTX` set up with `EVP_PKEY_verify_init`, the signature digest and, for PSS, the padding.
///
/// OpenSSL allows `EVP_PKEY_verify` to be called any number of times on one initialised context
/// (EVP_PKEY_verify(3)), and `EVP_DigestInit_ex2` to restart a digest context with the same digest without
/// reallocating; so a verification allocates nothing and fetches nothing. A context is used by one thread at a
/// time (taken from the pool under the lock, returned after); one that saw any failure is freed, not returned.
/// RS*, PS* and ES* only: EdDSA signs the message itself and has no separate digest step.
final class VerificationContextPool: @unchecked Sendable {
    /// One reusable pair.
    final class Context {
        let keyContext: OpaquePointer
        let digestContext: OpaquePointer

        fileprivate init(keyContext: OpaquePointer, digestContext: OpaquePointer) {
            self.keyContext = keyContext
            self.digestContext = digestContext
        }

        deinit {
            EVP_PKEY_CTX_free(keyContext)
            EVP_MD_CTX_free(digestContext)
        }
    }

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var idle: [(algorithm: JWSAlgorithm, context: Context)] = []

    init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        idle.removeAll()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Verifies `signature` (DER for ECDSA) over `message` with a pooled context.
    /// - Returns: true only when OpenSSL answers 1; nil when no context could be set up (the caller then verifies
    ///   the one-off way).
    func verify(
        _ signature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, algorithm: JWSAlgorithm,
        key: EVPKey, digest: OpaquePointer
    ) -> Bool? {
        guard let context = take(algorithm) ?? Self.make(algorithm, key: key, digest: digest) else { return nil }
        var hash = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let valid = withUnsafeMutableBytes(of: &hash) { output -> Bool in
            var length: UInt32 = 0
            let digested = withNonNilBytes(message) { pointer, count in
                EVP_DigestInit_ex2(context.digestContext, digest, nil) == 1
                    && EVP_DigestUpdate(context.digestContext, pointer, count) == 1
                    && EVP_DigestFinal_ex(
                        context.digestContext, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length) == 1
            }
            guard digested else { return false }
            return withNonNilBytes(signature) { pointer, count in
                EVP_PKEY_verify(
                    context.keyContext, pointer, count, output.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    Int(length)) == 1
            }
        }
        if valid {
            give(context, algorithm)
        } else {
            OpenSSLError.clear()  // a refused signature leaves errors; the context is dropped, never reused
        }
        return valid
    }

    private func take(_ algorithm: JWSAlgorithm) -> Context? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let index = idle.lastIndex(where: { $0.algorithm == algorithm }) else { return nil }
        return idle.remove(at: index).context
    }

    private func give(_ context: Context, _ algorithm: JWSAlgorithm) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        idle.append((algorithm, context))
    }

    private static func make(_ algorithm: JWSAlgorithm, key: EVPKey, digest: OpaquePointer) -> Context? {
        guard let keyContext = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            OpenSSLError.clear()
            return nil
        }
        guard let digestContext = EVP_MD_CTX_new() else {
            EVP_PKEY_CTX_free(keyContext)
            OpenSSLError.clear()
            return nil
        }
        let context = Context(keyContext: keyContext, digestContext: digestContext)  // frees both from here on
        guard EVP_PKEY_verify_init(keyContext) == 1 else {
            OpenSSLError.clear()
            return nil
        }
        if algorithm.family == .rsaPSS {
            guard let hash = algorithm.hash, PublicKey.configurePSS(keyContext, hash: hash) else {
                OpenSSLError.clear()
                return nil
            }
        }
        guard EVP_PKEY_CTX_set_signature_md(keyContext, digest) > 0 else {
            OpenSSLError.clear()
            return nil
        }
        return context
    }
}
