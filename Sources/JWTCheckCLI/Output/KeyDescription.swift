import JWT

/// How `jwtcheck` names a key: "RSA 2048-bit", "EC P-256", "OKP Ed25519".
enum KeyDescription {
    static func size(_ key: JWK) -> String? {
        switch key.publicKey?.kind {
        case .rsa(let bits)?: return "\(bits)-bit"
        case .ec(let curve)?: return curve.rawValue
        case .ed25519?: return "Ed25519"
        case nil: return nil
        }
    }

    static func summary(_ key: JWK) -> String {
        var parts = [key.keyType.isEmpty ? "no kty" : key.keyType]
        if let size = size(key) { parts.append(size) }
        if let alg = key.algorithmName { parts.append("alg \(alg)") }
        if let use = key.use { parts.append("use \(use)") }
        return "\(key.keyID.map { "\"\($0)\"" } ?? "(no kid)") (\(parts.joined(separator: ", ")))"
    }
}
