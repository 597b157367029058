import JWT

/// The JWKS target: the key set parser and, for every usable key, selection by its kid and its RFC 7638
/// thumbprint; the same bytes are also read as a single JWK.
enum JWKSFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        if let set = try? JWKSet(jwksJSON: bytes) {
            for key in set.keys {
                _ = try? set.selectKey(keyID: key.keyID)
                if key.isUsable { _ = try? key.thumbprint() }
            }
            _ = try? set.selectKey(keyID: nil)
        }
        if let key = try? JWK(jwkJSON: bytes) {
            _ = try? key.thumbprint()
        }
    }
}
