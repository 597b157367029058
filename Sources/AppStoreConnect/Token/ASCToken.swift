public import GatehouseFoundation

/// A signed App Store Connect API token and the times it carries.
///
/// `description` names the key and the times only: the compact token is a credential for its lifetime and is never
/// printed.
public struct ASCToken: Sendable, CustomStringConvertible {
    /// The compact JWT, sent as `Authorization: Bearer <compact>`.
    public let compact: String
    /// The key ID in the header (`kid`).
    public let keyID: String
    /// `iat`: when it was issued, back-dated (see `ASCTokenProvider.backdating`).
    public let issuedAt: Date
    /// `exp`: when it expires.
    public let expiresAt: Date

    /// Creates a token value.
    /// - Parameters:
    ///   - compact: the compact JWT.
    ///   - keyID: the header's `kid`.
    ///   - issuedAt: the `iat` claim.
    ///   - expiresAt: the `exp` claim.
    public init(compact: String, keyID: String, issuedAt: Date, expiresAt: Date) {
        self.compact = compact
        self.keyID = keyID
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// `exp - iat` in seconds.
    public var lifetime: TimeInterval { expiresAt.timeIntervalSince(issuedAt) }

    public var description: String {
        "ASCToken(kid \(keyID), iat \(ASCDate.format(issuedAt)), exp \(ASCDate.format(expiresAt)))"
    }
}
