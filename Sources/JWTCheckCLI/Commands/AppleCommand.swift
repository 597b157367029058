import CommandLineKit

/// `jwtcheck apple`: Sign in with Apple from the server side, a group of subcommands.
package struct AppleCommand: CommandGroup {
    package typealias Context = ToolEnvironment

    package static let spec = CommandSpec(
        "apple",
        abstract: "Sign in with Apple: verify identity tokens and notifications, make client secrets, call Apple's "
            + "token endpoint ('jwtcheck apple --help').",
        overview: "Sign in with Apple from the server side.",
        helpOption: OptionSpec.help.with(help: "Show help; 'jwtcheck apple <subcommand> --help' for a subcommand."),
        subcommandNoun: "subcommand",
        sections: [
            .exitStatus(
                "0 valid or done; 1 rejected (token, notification, or Apple refused the request: any 4xx from the "
                    + "token endpoint); 64 usage; 65 bad input data (key set not a JWKS, .p8 not a P-256 key); 66 "
                    + "input file missing; 69 Apple's key set or endpoint cannot be reached (connection, timeout, TLS, "
                    + "a key set URL answering non-2xx, a token endpoint answering 5xx whatever its body says).")
        ])

    package static var subcommands: [any ParsableCommand<ToolEnvironment>.Type] {
        [
            AppleVerifyCommand.self, AppleNotificationCommand.self, AppleClientSecretCommand.self,
            AppleExchangeCommand.self, AppleRefreshCommand.self, AppleRevokeCommand.self,
        ]
    }
}
