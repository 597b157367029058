internal import COpenSSL

/// EVP_Digest with the digests fetched once.
enum OneShotDigest {
    /// The digest of `bytes`.
    ///
    /// A SHA-2 digest of a buffer cannot fail except on memory exhaustion or a broken OpenSSL installation (the
    /// default provider missing); `Digest`'s API has no error, so that is a precondition failure naming the cause.
    static func compute(_ bytes: UnsafeRawBufferPointer, _ function: HashFunction) -> [UInt8] {
        let fetched = FetchedDigest.of(function)
        var output = [UInt8](repeating: 0, count: function.byteCount)
        var length: UInt32 = 0
        let result = withNonNilBytes(bytes) { pointer, count in
            EVP_Digest(pointer, count, &output, &length, fetched.pointer, nil)
        }
        guard result == 1, Int(length) == function.byteCount else {
            preconditionFailure("OpenSSL cannot compute \(fetched.name): \(OpenSSLError.drain())")
        }
        return output
    }
}
