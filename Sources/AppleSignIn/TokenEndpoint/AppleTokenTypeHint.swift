/// `token_type_hint` for `/auth/revoke`.
public enum AppleTokenTypeHint: String, Sendable, CaseIterable {
    /// A refresh token (revokes the user's authorization for your app).
    case refreshToken = "refresh_token"
    /// An access token.
    case accessToken = "access_token"
}
