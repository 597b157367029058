internal import GatehouseCore

extension JWK {
    /// The RFC 7638 JWK thumbprint: SHA-256 over the required members in lexicographic order, no whitespace,
    /// base64url-encoded.
    /// - Returns: the thumbprint (43 base64url characters).
    /// - Throws: `JWTError.invalidKey` when a required member is missing or not a string, `unsupportedKey` for an
    ///   unknown `kty`.
    public func thumbprint() throws -> String {
        let required: [String]
        switch ExactString(keyType) {
        case "RSA": required = ["e", "kty", "n"]  // RFC 7638 section 3.2
        case "EC": required = ["crv", "kty", "x", "y"]
        case "OKP": required = ["crv", "kty", "x"]  // RFC 8037 section 2
        case "oct": required = ["k", "kty"]
        default:
            throw JWTError(
                .unsupportedKey, "no RFC 7638 thumbprint is defined here for kty \"\(keyType)\" (RFC 7638 section 3.2)")
        }
        var json = "{"
        for (index, name) in required.enumerated() {
            guard let value = members[name]?.stringValue else {
                throw JWTError(
                    .invalidKey,
                    "the JWK has no string member \"\(name)\", required for its RFC 7638 thumbprint (section 3.2)")
            }
            if index > 0 { json += "," }
            JSONValue.writeString(name, to: &json)
            json += ":"
            JSONValue.writeString(value, to: &json)
        }
        json += "}"
        return Base64URL.encode(Digest.sha256(Array(json.utf8)))
    }
}
