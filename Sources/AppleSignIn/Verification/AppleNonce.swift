import GatehouseCore
import JWT

/// The nonce a verifier expects in the token's `nonce` claim: a required, named choice of
/// `AppleIdentityTokenVerifier.verify(_:nonce:accessToken:authorizationCode:)`, as the audience is of the
/// initialiser, so that skipping the check is written where it happens (RFC 8725 section 3.1: a check is never
/// left out by default).
///
/// Apps either send their raw nonce to Apple, or (the common convention, and what Apple's own sample does) the
/// lowercase hex SHA-256 of it, keeping the raw value for the server.
public enum AppleNonce: Sendable, Hashable {
    /// The `nonce` claim must equal this value exactly.
    case exact(String)
    /// The `nonce` claim must equal the lowercase hex SHA-256 of this raw nonce's UTF-8 bytes.
    case sha256(ofRaw: String)
    /// No nonce is checked: for a flow that sends none (the token endpoint's `id_token` after a code exchange, a
    /// diagnostic). A token replayed from another sign-in is not detected; a nonce claim the token carries is
    /// neither required nor compared.
    case insecureNotChecked

    /// The value the `nonce` claim must have; nil for `insecureNotChecked`.
    public var expectedClaim: String? {
        switch self {
        case .exact(let value): value
        case .sha256(let raw): Self.sha256Hex(raw)
        case .insecureNotChecked: nil
        }
    }

    /// The lowercase hex SHA-256 of a string's UTF-8 bytes.
    /// - Parameter raw: the raw nonce.
    /// - Returns: 64 lowercase hex digits.
    public static func sha256Hex(_ raw: String) -> String {
        Hex.lowercase(Digest.sha256(Array(raw.utf8)))
    }
}
