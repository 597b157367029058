import CommandLineKit

/// Options of `jwtcheck apple client-secret`, also taken by `exchange`, `refresh` and `revoke`: an option group.
package struct AppleClientSecretOptions: Sendable, Equatable {
    /// The `.p8` AuthKey file (`--p8`).
    package var p8Path: String
    /// The Key ID (`--key-id`).
    package var keyID: String
    /// The Team ID (`--team-id`).
    package var teamID: String
    /// The client ID (`--client-id`): the bundle ID or Services ID.
    package var clientID: String
    /// The lifetime in days (`--days`, default 180).
    package var days: Int = 180

    /// Creates options.
    /// - Parameters:
    ///   - p8Path: the `.p8` file.
    package init(p8Path: String, keyID: String, teamID: String, clientID: String) {
        self.p8Path = p8Path
        self.keyID = keyID
        self.teamID = teamID
        self.clientID = clientID
    }

    /// Reads `--p8`, `--key-id`, `--team-id`, `--client-id` (each required and non-empty) and `--days` (which only
    /// `client-secret` declares: the token endpoint commands make a secret living an hour).
    /// - Throws: `CommandFailure` (usage) naming the first missing option, followed by the command's help.
    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        try arguments.requireDeclaredOptions(emptyIsMissing: true)
        self.init(
            p8Path: try arguments.required(JWTCheckOptions.p8), keyID: try arguments.required(JWTCheckOptions.keyID),
            teamID: try arguments.required(JWTCheckOptions.teamID),
            clientID: try arguments.required(JWTCheckOptions.clientID))
        if let days = try arguments.value(JWTCheckOptions.days) { self.days = days }
    }
}
