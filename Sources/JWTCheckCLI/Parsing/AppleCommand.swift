/// A parsed `jwtcheck apple` command line.
package enum AppleCommand: Sendable, Equatable {
    /// `apple verify TOKEN --client-id ID...`: verify an identity token.
    case verify(AppleVerifyOptions)
    /// `apple notification TOKEN_OR_@BODY_FILE --client-id ID...`: verify a server-to-server notification.
    case notification(AppleVerifyOptions)
    /// `apple client-secret --p8 FILE --key-id KID --team-id TEAM --client-id ID [--days N]`.
    case clientSecret(AppleClientSecretOptions)
    /// `apple exchange CODE ...`, `apple refresh TOKEN ...`, `apple revoke TOKEN ...`.
    case endpoint(AppleEndpointOptions)

    /// The subcommands of `jwtcheck apple`, by name.
    package enum Subcommand: String, Sendable, CaseIterable {
        /// Verify an identity token.
        case verify
        /// Verify a server-to-server notification.
        case notification
        /// Make a client secret.
        case clientSecret = "client-secret"
        /// Exchange an authorization code.
        case exchange
        /// Validate a refresh token.
        case refresh
        /// Revoke a token.
        case revoke
    }
}
