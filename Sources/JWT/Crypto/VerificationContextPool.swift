internal import COpenSSL
internal import GatehouseCore
import Synchronization

/// The one way a `PublicKey` verifies: per algorithm, a template context set up once, and a pool of working
/// contexts copied from it and reused.
///
/// Why: in OpenSSL 3 setting up a verification (`EVP_DigestVerifyInit`, `EVP_PKEY_verify_init`) fetches the
/// signature implementation and the digest by name, each a locked lookup, and allocates fresh contexts. Here that
/// happens once per key and algorithm, for the template; a working context is a copy of it (no fetch), and a
/// context that verified successfully is reused (no allocation).
///
/// - RS*, PS*, ES*: the template is an `EVP_PKEY_CTX` after `EVP_PKEY_verify_init`, the signature digest and, for
///   PSS, the padding; a working context is its copy (`EVP_PKEY_CTX_dup`) plus a digest context. A verification
///   restarts the digest (`EVP_DigestInit_ex2`, no reallocation), digests the message and calls `EVP_PKEY_verify`,
///   which OpenSSL allows any number of times on one initialised context (EVP_PKEY_verify(3)).
/// - EdDSA signs the message itself, with no separate digest step, and OpenSSL 3 verifies it in one shot
///   (`EVP_DigestVerify`), after which the context is spent; so the template is an `EVP_MD_CTX` after
///   `EVP_DigestVerifyInit`, and a working context is copied from it again (`EVP_MD_CTX_copy_ex`, into the same
///   `EVP_MD_CTX`) before it goes back to the pool.
///
/// A working context is used by one thread at a time: taken from the pool, given back after. One that saw any
/// failure (a refused signature, an OpenSSL error, a failed refresh) is freed, never given back, so nothing of one
/// verification reaches the next. When OpenSSL cannot build a template or copy one, the verification fails closed:
/// the signature is refused.
///
/// The pool has one slot taken and given back without the lock (`spare`, an `Atomic<UInt>` holding a retained
/// context's address: one exchange to take it, one compare-and-exchange to give it back), for the usual case of one
/// verification at a time with one algorithm; a context knows its algorithm and template, so a verification that
/// finds one there looks nothing up. Concurrent verifications, and other algorithms, use the list under the lock.
final class VerificationContextPool: Sendable {
    private let state = Mutex(State())
    /// A working context's address (retained by the pool while it is here), or 0.
    private let spare = Atomic<UInt>(0)

    private struct State {
        /// Templates built so far (one OpenSSL refused is not recorded: the next verification tries again).
        var templates: [(algorithm: JWSAlgorithm, template: Template)] = []
        var idle: [(algorithm: JWSAlgorithm, context: Context)] = []
    }

    /// Verifies `signature` (DER for ECDSA) over `message`.
    /// - Parameters:
    ///   - algorithm: an algorithm `key` supports (checked by the caller).
    ///   - key: the key, the same on every call for one pool.
    /// - Returns: true only when OpenSSL answers 1.
    func verify(
        _ signature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, algorithm: JWSAlgorithm, key: EVPKey
    ) -> Bool {
        if let context = takeSpare() {
            if context.algorithm == algorithm {
                return finish(context, signature: signature, message: message)
            }
            state.withLockVisibleToTSan { $0.idle.append((context.algorithm, context)) }
        }
        let (template, pooled) = state.withLockVisibleToTSan { state -> (Template?, Context?) in
            var template = state.templates.first(where: { $0.algorithm == algorithm })?.template
            if template == nil, let built = Template(algorithm, key: key) {
                state.templates.append((algorithm, built))
                template = built
            }
            guard let index = state.idle.lastIndex(where: { $0.algorithm == algorithm }) else { return (template, nil) }
            return (template, state.idle.remove(at: index).context)
        }
        guard let template, let context = pooled ?? Context(copying: template, algorithm: algorithm) else {
            OpenSSLError.clear()
            return false
        }
        return finish(context, signature: signature, message: message)
    }

    /// Verifies with a context this verification owns, then gives it back, or frees it after any failure.
    private func finish(_ context: Context, signature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer)
        -> Bool
    {
        if context.verify(signature, message: message), context.prepareReuse() {
            giveBack(context)
            return true
        }
        OpenSSLError.clear()  // a refused signature leaves errors; the context is dropped, never reused
        return false
    }

    /// The spare context, now owned by the caller, or nil when the slot is empty.
    private func takeSpare() -> Context? {
        let bits = spare.exchange(0, ordering: .acquiring)
        guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<Context>.fromOpaque(pointer).takeRetainedValue()
    }

    /// Puts a context that verified into the spare slot, or into the list when the slot is taken.
    private func giveBack(_ context: Context) {
        let retained = Unmanaged.passRetained(context)
        let (exchanged, _) = spare.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), successOrdering: .releasing,
            failureOrdering: .relaxed)
        if exchanged { return }
        retained.release()
        state.withLockVisibleToTSan { $0.idle.append((context.algorithm, context)) }
    }

    deinit {
        _ = takeSpare()
    }

    /// A context set up once for one key and algorithm and never used to verify: working contexts are its copies.
    /// Only read after `init`, which OpenSSL allows from several threads at once.
    private final class Template: @unchecked Sendable {
        /// RS*, PS*, ES*: the `EVP_PKEY_CTX` ready for `EVP_PKEY_verify`; nil for EdDSA.
        let keyContext: OpaquePointer?
        /// EdDSA: the `EVP_MD_CTX` ready for `EVP_DigestVerify`; nil otherwise.
        let oneShotContext: OpaquePointer?
        /// RS*, PS*, ES*: the fetched digest (process-wide, not owned); nil for EdDSA.
        let digest: OpaquePointer?

        /// Sets up the template, or nil when OpenSSL refuses (the error queue is left for the caller to clear).
        init?(_ algorithm: JWSAlgorithm, key: EVPKey) {
            if algorithm.family == .edDSA {
                guard let context = EVP_MD_CTX_new() else { return nil }
                guard EVP_DigestVerifyInit(context, nil, nil, nil, key.pointer) == 1 else {
                    EVP_MD_CTX_free(context)
                    return nil
                }
                (keyContext, oneShotContext, digest) = (nil, context, nil)
                return
            }
            guard let hash = algorithm.hash, let digest = FetchedDigest.of(hash).pointer,
                let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil)
            else { return nil }
            guard EVP_PKEY_verify_init(context) == 1,
                algorithm.family != .rsaPSS || PublicKey.configurePSS(context, hash: hash),
                EVP_PKEY_CTX_set_signature_md(context, digest) > 0
            else {
                EVP_PKEY_CTX_free(context)
                return nil
            }
            (keyContext, oneShotContext, self.digest) = (context, nil, digest)
        }

        deinit {
            if let keyContext { EVP_PKEY_CTX_free(keyContext) }
            if let oneShotContext { EVP_MD_CTX_free(oneShotContext) }
        }
    }

    /// A working context, owned by one verification at a time.
    private final class Context: @unchecked Sendable {
        /// RS*, PS*, ES*: the copy of the template's `EVP_PKEY_CTX`; nil for EdDSA.
        let keyContext: OpaquePointer?
        /// RS*, PS*, ES*: the `EVP_MD_CTX` that digests the message; EdDSA: the copy of the template's context.
        let messageContext: OpaquePointer
        /// What this context was copied from, and for which algorithm.
        let template: Template
        let algorithm: JWSAlgorithm

        /// A copy of `template`, or nil when OpenSSL cannot make one.
        init?(copying template: Template, algorithm: JWSAlgorithm) {
            self.template = template
            self.algorithm = algorithm
            guard let messageContext = EVP_MD_CTX_new() else { return nil }
            if let source = template.keyContext {
                guard let keyContext = EVP_PKEY_CTX_dup(source) else {
                    EVP_MD_CTX_free(messageContext)
                    return nil
                }
                (self.keyContext, self.messageContext) = (keyContext, messageContext)
            } else {
                guard let source = template.oneShotContext, EVP_MD_CTX_copy_ex(messageContext, source) == 1 else {
                    EVP_MD_CTX_free(messageContext)
                    return nil
                }
                (self.keyContext, self.messageContext) = (nil, messageContext)
            }
        }

        deinit {
            if let keyContext { EVP_PKEY_CTX_free(keyContext) }
            EVP_MD_CTX_free(messageContext)
        }

        /// One verification; true only when OpenSSL answers 1.
        func verify(_ signature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer) -> Bool {
            guard let keyContext, let digest = template.digest else {
                return withNonNilBytes(signature) { signaturePointer, signatureCount in
                    withNonNilBytes(message) { messagePointer, messageCount in
                        EVP_DigestVerify(messageContext, signaturePointer, signatureCount, messagePointer, messageCount)
                    }
                } == 1
            }
            // Room for the largest digest (SHA-512), on the stack.
            var hash = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            return withUnsafeMutableBytes(of: &hash) { output -> Bool in
                let hashPointer = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var length: UInt32 = 0
                let digested = withNonNilBytes(message) { pointer, count in
                    EVP_DigestInit_ex2(messageContext, digest, nil) == 1
                        && EVP_DigestUpdate(messageContext, pointer, count) == 1
                        && EVP_DigestFinal_ex(messageContext, hashPointer, &length) == 1
                }
                guard digested else { return false }
                return withNonNilBytes(signature) { pointer, count in
                    EVP_PKEY_verify(keyContext, pointer, count, hashPointer, Int(length)) == 1
                }
            }
        }

        /// Makes a context that verified ready for the next verification: nothing to do for RS*, PS*, ES*; for
        /// EdDSA, a fresh copy of the template into the spent context. False when that copy fails.
        func prepareReuse() -> Bool {
            guard keyContext == nil, let source = template.oneShotContext else { return true }
            return EVP_MD_CTX_copy_ex(messageContext, source) == 1
        }
    }
}
