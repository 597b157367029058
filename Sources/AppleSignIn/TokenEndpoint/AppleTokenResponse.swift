/// A successful answer of Apple's token endpoint (`/auth/token`), with its `id_token` verified.
public struct AppleTokenResponse: Sendable {
    /// `access_token`.
    public let accessToken: String?
    /// `token_type` (`bearer`).
    public let tokenType: String?
    /// `expires_in`, seconds; from Apple's answer always within 0 ... 253,402,300,799.
    public let expiresIn: Int?
    /// `refresh_token`: only from a code exchange; keep it to validate the user later and to revoke.
    public let refreshToken: String?
    /// `id_token`, as sent.
    public let idToken: String?
    /// The `id_token`, verified with the client's verifier (same keys, issuer and audience rules).
    public let identity: AppleIdentityToken?

    /// Creates a response (for tests and stubs; the client builds it from Apple's JSON).
    /// - Parameters:
    ///   - accessToken: `access_token`.
    ///   - tokenType: `token_type`.
    ///   - expiresIn: `expires_in`.
    ///   - refreshToken: `refresh_token`.
    ///   - idToken: `id_token`.
    ///   - identity: the verified `id_token`.
    public init(
        accessToken: String?, tokenType: String?, expiresIn: Int?, refreshToken: String?, idToken: String?,
        identity: AppleIdentityToken?
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.identity = identity
    }
}
