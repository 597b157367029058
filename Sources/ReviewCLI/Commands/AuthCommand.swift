import CommandLineKit

/// `review auth`: App Store Connect API keys saved as profiles, a group of subcommands.
package struct AuthCommand: CommandGroup {
    package typealias Context = ReviewEnvironment

    package static let spec = CommandSpec(
        "auth",
        abstract: "Save and check App Store Connect API keys: auth add|list|check",
        overview: "auth add saves a key as a named profile in $XDG_CONFIG_HOME/gatehouse/app-store-connect.json "
            + "(mode 0600; the .p8 text is kept there and never printed); auth list shows the profiles; auth check "
            + "makes one cheap request and says whether the key works and what it can see.",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.json.with(
                help: "Output one object: add {\"path\", \"profile\": PROFILE}; list {\"path\", \"profiles\": "
                    + "[PROFILE]}, a PROFILE being {\"name\", \"keyId\", \"issuerId\", \"kind\"} (kind individual or "
                    + "team); check {\"keys\": [{\"profile\", \"keyId\", \"kind\", \"visibleApps\", \"firstApp\": "
                    + "{\"name\", \"bundleId\"}, \"rateLimit\"}]}.")
        ],
        globalOptions: [ReviewOptions.now],
        subcommandNoun: "subcommand")

    package static var subcommands: [any ParsableCommand<ReviewEnvironment>.Type] {
        [AuthAddCommand.self, AuthListCommand.self, AuthCheckCommand.self]
    }

    package static var subcommandSelection: SubcommandSelection { .afterOptions(unknownOptionHint: "") }

    package static func missingSubcommand(path: [String], help: String) -> CommandFailure {
        .usage("missing arguments for auth; usage: \(GroupUsage.text(of: self, path: path))")
    }

    package static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure {
        .usage("unknown auth action \"\(word)\"; use add, list or check")
    }
}
