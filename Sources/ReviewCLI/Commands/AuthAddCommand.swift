import CommandLineKit
import ReviewSync

/// `review auth add`: saves an App Store Connect key as a named profile (the `.p8` checked before it is saved).
package struct AuthAddCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "add",
        abstract: "Save a key as a named profile",
        overview: "Save an App Store Connect API key as a named profile in "
            + "$XDG_CONFIG_HOME/gatehouse/app-store-connect.json (mode 0600; the .p8 text is kept there and never "
            + "printed).",
        options: [
            ReviewOptions.profile.required(), ReviewOptions.keyID.required(), ReviewOptions.issuerID,
            ReviewOptions.privateKey.required(),
            ReviewOptions.json.with(
                help: "Output {\"path\", \"profile\": PROFILE}, a PROFILE being {\"name\", \"keyId\", \"issuerId\", "
                    + "\"kind\"} (kind individual or team)."),
        ],
        globalOptions: [ReviewOptions.now])

    package static let store = StoreUse.none

    /// `--profile`.
    package var profile: String
    /// `--key-id`.
    package var keyID: String
    /// `--issuer-id`, for a team key.
    package var issuerID: String?
    /// `--private-key`.
    package var privateKeyPath: String
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        profile: String, keyID: String, issuerID: String? = nil, privateKeyPath: String, json: Bool = false,
        global: GlobalOptions = GlobalOptions()
    ) {
        self.profile = profile
        self.keyID = keyID
        self.issuerID = issuerID
        self.privateKeyPath = privateKeyPath
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        let flags = try arguments.keyFlags()
        guard let profile = flags.profile, let keyID = flags.keyID, let path = flags.privateKeyPath else {
            throw .usage(
                "auth add needs --profile NAME, --key-id ID and --private-key FILE (and --issuer-id ID for a team key)")
        }
        guard !profile.isEmpty, !keyID.isEmpty else { throw .usage("auth add needs non-empty values") }
        self.init(
            profile: profile, keyID: keyID, issuerID: flags.issuerID, privateKeyPath: path,
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        let profiles = try AppStoreConnectAccess.profiles(environment)
        let text = try AppStoreConnectAccess.readKey(privateKeyPath)
        let saved = CredentialProfiles.Profile(name: profile, keyID: keyID, issuerID: issuerID, privateKey: text)
        // Checked before it is saved: a key that does not read is refused, never stored.
        _ = try CredentialProfiles.credentials(saved)
        try profiles.save(saved)
        if json {
            return CommandOutput(
                standardOutput: AuthJSON.added(path: profiles.path, name: profile, keyID: keyID, issuerID: issuerID))
        }
        return CommandOutput(
            standardOutput: "Saved profile \(profile): key \(keyID), "
                + (issuerID.map { "team key of issuer \($0)" } ?? "individual key") + ", in \(profiles.path) "
                + "(mode 0600). Check it with: review auth check --profile \(profile)\n")
    }
}
