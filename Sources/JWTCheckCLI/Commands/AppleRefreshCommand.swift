import AppleSignIn
import CommandLineKit

/// `jwtcheck apple refresh`: a refresh token validated at Apple's token endpoint with a fresh client secret.
package struct AppleRefreshCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "refresh",
        abstract: "Validate a refresh token at Apple's token endpoint.",
        overview: "Validate a refresh token at Apple's token endpoint (grant_type=refresh_token). "
            + AppleInterface.endpointNote,
        arguments: [
            ArgumentSpec("<token>", help: "The refresh token; @path to read it from a file; - for standard input.")
        ],
        options: [
            Options.p8, Options.keyID, Options.teamID, Options.clientID, AppleInterface.endpointJWKS, Options.noCache,
            Options.cacheDirectory, Options.endpoint, AppleInterface.endpointNow, Options.caBundle, Options.json,
        ],
        exclusiveOptions: [["no-cache", "cache-dir"]],
        sections: [
            .exitStatus(
                "0 valid; 1 Apple refused (any 4xx, named by Apple's error value or the status) or the id_token was "
                    + "rejected; 64 usage; 65 bad .p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx "
                    + "whatever the body says.")
        ])

    /// The refresh token, the client secret's key and IDs, the endpoint, the keys and the time.
    package var options: AppleEndpointOptions

    /// Creates the command.
    package init(options: AppleEndpointOptions) { self.options = options }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(options: try AppleEndpointOptions(parsing: arguments, valueName: "TOKEN"))
    }

    /// Apple's token endpoint, over the network.
    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ToolEnvironment) async throws(CommandFailure) -> CommandOutput {
        let endpoint = try AppleTokenEndpoint(options, verifiesIDToken: true, environment: environment)
        let response = try await endpoint.call { client, token in try await client.validate(refreshToken: token) }
        return AppleTokenResponseReport.render(response, call: Self.spec.name, json: options.json)
    }
}
