import CommandLineKit

/// What the declarations of several `jwtcheck apple` subcommands share: their wording of `--jwks` and `--now`, the
/// token endpoint commands' note, and the verifiers' exit statuses. Each subcommand's `spec` is in its own file.
enum AppleInterface {
    private typealias Options = JWTCheckOptions

    /// `--jwks` of `apple verify` and `apple notification`.
    static let verifierJWKS = Options.jwks.with(
        help: "Apple's keys from a file or URL instead of https://appleid.apple.com/auth/keys.")

    /// The exit statuses of `apple verify` and `apple notification`.
    static let verifierExitStatus = HelpSection.exitStatus(
        "0 valid; 1 rejected; 64 usage; 65 key set not a JWKS; 66 file missing; 69 key set cannot be fetched, "
            + "including when the token's kid is not in the cached copy and the refetch fails (a key rotated in "
            + "during an outage is not called invalid).")

    /// The sentence that closes the overview of `exchange`, `refresh` and `revoke`.
    static let endpointNote =
        "A client secret is made for this call from --p8, --key-id, --team-id and --client-id, living one hour (AppleTokenClient.secretLifetime)."

    /// `--jwks` of `exchange` and `refresh`.
    static let endpointJWKS = Options.jwks.with(
        help: "Apple's keys for the id_token (default https://appleid.apple.com/auth/keys).")

    /// `--now` of `exchange` and `refresh`.
    static let endpointNow = Options.now.with(help: "The time to date the client secret and verify the id_token at.")
}
