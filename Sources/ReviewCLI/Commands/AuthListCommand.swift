import CommandLineKit

/// `review auth list`: the saved profiles.
package struct AuthListCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "list",
        abstract: "Show the saved profiles",
        options: [
            ReviewOptions.json.with(
                help: "Output {\"path\", \"profiles\": [PROFILE]}, a PROFILE being {\"name\", \"keyId\", "
                    + "\"issuerId\", \"kind\"} (kind individual or team).")
        ],
        globalOptions: [ReviewOptions.now], undocumentedOptions: ReviewOptions.keyOptions)

    package static let store = StoreUse.none

    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        self.init(json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        let profiles = try AppStoreConnectAccess.profiles(environment)
        let saved = try profiles.load()
        if json {
            return CommandOutput(
                standardOutput: AuthJSON.list(
                    path: profiles.path, profiles: saved.map { ($0.name, $0.keyID, $0.issuerID) }))
        }
        if saved.isEmpty {
            return CommandOutput(
                standardOutput: "No profiles in \(profiles.path). Add one with: review auth add --profile NAME "
                    + "--key-id ID [--issuer-id ID] --private-key AuthKey_ID.p8\n")
        }
        var rows = [["PROFILE", "KEY ID", "KIND"]]
        for profile in saved {
            rows.append([profile.name, profile.keyID, profile.issuerID.map { "team (issuer \($0))" } ?? "individual"])
        }
        return CommandOutput(standardOutput: TextTable(rows: rows).render())
    }
}
