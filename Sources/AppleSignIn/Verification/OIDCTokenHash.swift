internal import GatehouseCore
import JWT

/// `at_hash` and `c_hash` (OpenID Connect Core 1.0 sections 3.1.3.6 and 3.3.2.11): base64url of the left half of
/// the hash of the ASCII value, the hash being the one of the token's `alg` (SHA-256 for RS256).
enum OIDCTokenHash {
    static func rs256(_ value: String) -> String {
        Base64URL.encode(Digest.sha256(Array(value.utf8)).prefix(16))
    }

    /// Checks one hash claim.
    /// - Throws: `tokenHashMismatch` when the claim is absent or differs.
    static func check(claim: String?, name: String, value: String, what: String) throws {
        let expected = rs256(value)
        guard let claim else {
            throw AppleSignInError(
                .tokenHashMismatch,
                "an \(what) was given to check, but the token has no \"\(name)\" claim to bind it (OpenID Connect "
                    + "Core 1.0 \(name == "at_hash" ? "section 3.1.3.6" : "section 3.3.2.11"))")
        }
        guard ExactString.equal(claim, expected) else {
            throw AppleSignInError(
                .tokenHashMismatch,
                "the token's \(name) is \"\(claim)\" but the \(what) given hashes to \"\(expected)\": the \(what) "
                    + "was not issued with this identity token")
        }
    }
}
