import AppStoreConnect
import CommandLineKit
import ReviewSync

/// `review auth check`: one cheap request per key, saying whether it works and what it can see.
package struct AuthCheckCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "check",
        abstract: "Say whether each key works and what it can see",
        overview: "Make one cheap request per key (the key options, else ASC_KEY_ID and friends, else every saved "
            + "profile) and say whether it works and what it can see.",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.json.with(
                help: "Output {\"keys\": [{\"profile\", \"keyId\", \"kind\", \"visibleApps\", \"firstApp\": "
                    + "{\"name\", \"bundleId\"}, \"rateLimit\"}]}.")
        ],
        globalOptions: [ReviewOptions.now])

    package static let store = StoreUse.none

    /// The key options.
    package var flags: CredentialResolver.Flags
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        flags: CredentialResolver.Flags = CredentialResolver.Flags(), json: Bool = false,
        global: GlobalOptions = GlobalOptions()
    ) {
        self.flags = flags
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        self.init(
            flags: try arguments.keyFlags(), json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    package var credentialFlags: CredentialResolver.Flags? { flags }

    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        let environment = try global.environment(environment)
        var text = ""
        var checks: [(profile: String?, check: ASCCredentialCheck)] = []
        for (profile, credentials) in try AppStoreConnectAccess.keys(flags, environment) {
            let check = try await AppStoreConnectAccess.client(credentials, environment).checkCredentials()
            checks.append((profile, check))
            text +=
                "\(profile.map { "Profile \($0): " } ?? "")key \(check.keyID) (\(check.kind)) works; it sees "
                + (check.visibleAppCount.map { "\($0) app\($0 == 1 ? "" : "s")" } ?? "apps")
                + (check.firstApp.map { ", for example \($0.name) (\($0.bundleID))" } ?? "")
                + (check.rateLimit.map { "; rate limit \($0)" } ?? "") + ".\n"
        }
        return CommandOutput(standardOutput: json ? AuthJSON.checks(checks) : text)
    }
}
