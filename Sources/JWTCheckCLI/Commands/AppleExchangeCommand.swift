import AppleSignIn
import CommandLineKit

/// `jwtcheck apple exchange`: an authorization code exchanged at Apple's token endpoint with a fresh client secret,
/// and the `id_token` it returns verified.
package struct AppleExchangeCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "exchange",
        abstract: "Exchange an authorization code at Apple's token endpoint.",
        overview: "Exchange an authorization code at Apple's token endpoint (grant_type=authorization_code) and "
            + "verify the id_token it returns. " + AppleInterface.endpointNote,
        arguments: [
            ArgumentSpec("<code>", help: "The authorization code; @path to read it from a file; - for standard input.")
        ],
        options: [
            Options.p8, Options.keyID, Options.teamID, Options.clientID, Options.redirectURI,
            AppleInterface.endpointJWKS, Options.noCache, Options.cacheDirectory, Options.endpoint,
            AppleInterface.endpointNow, Options.caBundle, Options.json,
        ],
        exclusiveOptions: [["no-cache", "cache-dir"]],
        sections: [
            .exitStatus(
                "0 exchanged; 1 Apple refused (any 4xx: named by Apple's error value such as invalid_grant or "
                    + "invalid_client, or by the status when there is none) or the id_token was rejected; 64 usage; "
                    + "65 bad .p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx whatever the body "
                    + "says.")
        ])

    /// The code, the client secret's key and IDs, the endpoint, the keys and the time.
    package var options: AppleEndpointOptions
    /// `--redirect-uri`: the authorization request's (web flows only).
    package var redirectURI: String?

    /// Creates the command.
    package init(options: AppleEndpointOptions, redirectURI: String? = nil) {
        self.options = options
        self.redirectURI = redirectURI
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(
            options: try AppleEndpointOptions(parsing: arguments, valueName: "CODE"),
            redirectURI: try arguments.value(Options.redirectURI))
    }

    /// Apple's token endpoint, over the network.
    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ToolEnvironment) async throws(CommandFailure) -> CommandOutput {
        let endpoint = try AppleTokenEndpoint(options, verifiesIDToken: true, environment: environment)
        let response = try await endpoint.call { client, code in
            try await client.exchange(code: code, redirectURI: redirectURI)
        }
        return AppleTokenResponseReport.render(response, call: Self.spec.name, json: options.json)
    }
}
