import JWT

/// The key import target: the bytes as PEM (public and private) and as DER (public and private); a public key that
/// imports is checked by the key policy, turned into a JWK with its thumbprint, and asked to verify a signature for
/// each algorithm it supports.
enum KeyImportFuzzing {
    private static let message = Array("fuzz".utf8)

    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        let text = FuzzInput.text(input)
        if let key = try? PublicKey(pemRepresentation: text) { exercise(key, signature: bytes) }
        if let key = try? PublicKey(derRepresentation: bytes) { exercise(key, signature: bytes) }
        _ = try? PrivateKey(pemRepresentation: text)
        _ = try? PrivateKey(derRepresentation: bytes)
    }

    private static func exercise(_ key: PublicKey, signature: [UInt8]) {
        _ = KeyPolicy.default.evaluate(key)
        _ = try? JWK(publicKey: key).thumbprint()
        for algorithm in JWSAlgorithm.asymmetric where key.supports(algorithm) {
            _ = key.isValidSignature(Array(signature.prefix(512)), for: message, algorithm: algorithm)
        }
    }
}
