internal import COpenSSL

/// HMAC through OpenSSL 3's EVP_MAC, with the MAC algorithm fetched once.
enum HMAC {
    private final class FetchedMAC: @unchecked Sendable {
        let pointer: OpaquePointer?
        init() {
            pointer = EVP_MAC_fetch(nil, "HMAC", nil)
            if pointer == nil { OpenSSLError.clear() }
        }
        deinit { if let pointer { EVP_MAC_free(pointer) } }
    }

    private static let mac = FetchedMAC()

    /// HMAC-SHA-2 of `message` under `key`.
    static func compute(key: [UInt8], message: [UInt8], hash: HashFunction) throws -> [UInt8] {
        guard let mac = mac.pointer else {
            throw JWTError(.cryptoFailure, "OpenSSL's default provider offers no HMAC")
        }
        guard let context = EVP_MAC_CTX_new(mac) else {
            throw OpenSSLError.error(.cryptoFailure, "cannot allocate an HMAC context")
        }
        defer { EVP_MAC_CTX_free(context) }
        let digestName = FetchedDigest.of(hash).name
        var output = [UInt8](repeating: 0, count: hash.byteCount)
        var outputLength = 0
        let succeeded = digestName.withCString { name -> Bool in
            let parameters = [
                // OSSL_PARAM_construct_* keep the key pointer: a static C string (OSSL_ALG_PARAM_DIGEST).
                OSSL_PARAM_construct_utf8_string(staticCString("digest"), UnsafeMutablePointer(mutating: name), 0),
                OSSL_PARAM_construct_end(),
            ]
            // An empty key is passed as a non-nil pointer of length 0: EVP_MAC_init treats a nil key as "keep the
            // previous key", which a fresh context does not have.
            return key.withUnsafeBytes { keyBuffer in
                withNonNilBytes(keyBuffer) { keyPointer, keyCount in
                    parameters.withUnsafeBufferPointer { parameterBuffer in
                        EVP_MAC_init(context, keyPointer, keyCount, parameterBuffer.baseAddress) == 1
                    }
                }
            }
                && message.withUnsafeBytes { messageBuffer in
                    withNonNilBytes(messageBuffer) { EVP_MAC_update(context, $0, $1) == 1 }
                }
                && EVP_MAC_final(context, &output, &outputLength, output.count) == 1
        }
        guard succeeded, outputLength == hash.byteCount else {
            throw OpenSSLError.error(.cryptoFailure, "HMAC-\(digestName) failed")
        }
        return output
    }

    /// Equal length and equal bytes, compared with CRYPTO_memcmp (time independent of where they differ).
    /// The length is public (it is the algorithm's output length) and is compared first.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
            }
        }
    }
}
