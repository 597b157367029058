import AppleSignIn
import CommandLineKit

/// `jwtcheck apple revoke`: a refresh or access token revoked at Apple with a fresh client secret.
package struct AppleRevokeCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "revoke",
        abstract: "Revoke a refresh or access token.",
        overview: "Revoke a refresh or access token at Apple (/auth/revoke). " + AppleInterface.endpointNote,
        arguments: [ArgumentSpec("<token>", help: "The token; @path to read it from a file; - for standard input.")],
        options: [
            Options.p8, Options.keyID, Options.teamID, Options.clientID, Options.hint, Options.endpoint,
            Options.now.with(help: "The time to date the client secret at."), Options.caBundle, Options.json,
        ],
        sections: [
            .exitStatus(
                "0 revoked; 1 Apple refused (any 4xx, named by Apple's error value or the status); 64 usage; 65 bad "
                    + ".p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx whatever the body says.")
        ])

    /// The token, the client secret's key and IDs, the endpoint and the time (no key set: nothing is verified).
    package var options: AppleEndpointOptions
    /// `--hint refresh_token|access_token`; nil for refresh_token.
    package var hint: String?

    /// Creates the command.
    package init(options: AppleEndpointOptions, hint: String? = nil) {
        self.options = options
        self.hint = hint
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(
            options: try AppleEndpointOptions(parsing: arguments, valueName: "TOKEN"),
            hint: try arguments.value(Options.hint))
    }

    /// Apple's token endpoint, over the network.
    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ToolEnvironment) async throws(CommandFailure) -> CommandOutput {
        // Revoking verifies nothing: no key set is read or fetched for it.
        let endpoint = try AppleTokenEndpoint(options, verifiesIDToken: false, environment: environment)
        let hint = AppleTokenTypeHint(rawValue: self.hint ?? "refresh_token") ?? .refreshToken
        try await endpoint.call { client, token in try await client.revoke(token: token, hint: hint) }
        if options.json {
            return CommandOutput(standardOutput: "{\"revoked\":true}\n")
        }
        return CommandOutput(standardOutput: "Revoked (\(hint.rawValue)) for \(options.secret.clientID).\n")
    }
}
