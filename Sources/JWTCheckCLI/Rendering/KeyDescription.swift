import JWT

/// How `jwtcheck` names a key: "RSA 2048-bit", "EC P-256", "OKP Ed25519". Every member taken from the key set is
/// shown through `ClaimsReport.shown` (control characters escaped).
enum KeyDescription {
    static func size(_ key: JWK) -> String? {
        switch key.publicKey?.kind {
        case .rsa(let bits)?: return "\(bits)-bit"
        case .ec(let curve)?: return curve.rawValue
        case .ed25519?: return "Ed25519"
        case nil: return nil
        }
    }

    /// `"kid"` (quoted, escaped) or `absent`.
    static func keyID(_ key: JWK, absent: String = "(no kid)") -> String {
        key.keyID.map { "\"\(ClaimsReport.shown($0))\"" } ?? absent
    }

    /// The kty, escaped, or `absent` when empty.
    static func keyType(_ key: JWK, absent: String = "no kty") -> String {
        key.keyType.isEmpty ? absent : ClaimsReport.shown(key.keyType)
    }

    /// A member that may be absent, escaped.
    static func member(_ value: String?, absent: String) -> String {
        value.map(ClaimsReport.shown) ?? absent
    }

    /// Every key's kid, quoted: `"a", "b", (no kid)`.
    static func keyIDs(_ keySet: JWKSet) -> String {
        keySet.keys.map { keyID($0) }.joined(separator: ", ")
    }

    static func summary(_ key: JWK) -> String {
        var parts = [keyType(key)]
        if let size = size(key) { parts.append(size) }
        if let alg = key.algorithmName { parts.append("alg \(ClaimsReport.shown(alg))") }
        if let use = key.use { parts.append("use \(ClaimsReport.shown(use))") }
        return "\(keyID(key)) (\(parts.joined(separator: ", ")))"
    }
}
