import CommandLineKit

/// `jwtcheck` itself: the group every command line starts from, with `--version` and `--man`. Its command
/// lines are parsed and run by CommandLineKit's `CommandInvocation`; what a command throws gets its status from
/// `failure(for:running:)` (ExitStatusMapping.swift).
package struct JWTCheckCommand: CommandLineTool {
    package typealias Context = ToolEnvironment

    package static let spec = CommandSpec(
        "jwtcheck",
        abstract: "verify JSON Web Tokens the strict way, and Sign in with Apple from the server side",
        overview: "Verify JSON Web Tokens the strict way: the key chosen by kid, the signature checked by OpenSSL, "
            + "then the claims.",
        helpOption: OptionSpec.help.with(help: "Show help; 'jwtcheck <command> --help' for a command."),
        informationOptions: [JWTCheckOptions.version, JWTCheckOptions.manual],
        sections: [
            .exitStatus(
                "0 valid or done, 1 token or signed data rejected, 64 usage error, 65 bad input data, 66 input file "
                    + "missing or unreadable, 69 key set or Apple endpoint cannot be reached, or App Store data cannot "
                    + "be checked.")
        ])

    package static var subcommands: [any ParsableCommand<ToolEnvironment>.Type] {
        [
            TokenCommand.self, DecodeCommand.self, KeysCommand.self, SignCommand.self, AppleCommand.self,
            AppStoreCommand.self, CompletionCommand.self,
        ]
    }
}
