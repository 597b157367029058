/// SHA-2 digests (FIPS 180-4), for RFC 7638 JWK thumbprints and OpenID Connect `at_hash` / `c_hash`.
public enum Digest {
    /// SHA-256.
    /// - Parameter bytes: the input.
    /// - Returns: the 32-byte digest.
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        hash(bytes, .sha256)
    }

    /// SHA-384.
    /// - Parameter bytes: the input.
    /// - Returns: the 48-byte digest.
    public static func sha384(_ bytes: some Collection<UInt8>) -> [UInt8] {
        hash(bytes, .sha384)
    }

    /// SHA-512.
    /// - Parameter bytes: the input.
    /// - Returns: the 64-byte digest.
    public static func sha512(_ bytes: some Collection<UInt8>) -> [UInt8] {
        hash(bytes, .sha512)
    }

    private static func hash(_ bytes: some Collection<UInt8>, _ function: HashFunction) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({
            OneShotDigest.compute(UnsafeRawBufferPointer($0), function)
        }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { OneShotDigest.compute($0, function) }
    }
}
