import CommandLineKit
import GatehouseCore
import ReviewLog
import ReviewSigning

/// `review signing add <path> [--name NAME]`: tracks a local signing file; creates the store when there is none.
package struct SigningAddCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "add",
        abstract: "Track a local provisioning profile, certificate or client secret",
        overview:
            "Track a local signing file, its kind read from the content whatever its name: a provisioning profile "
            + "(.mobileprovision, .provisionprofile: its CMS signature must be intact; a signer not chained to Apple "
            + "is accepted, and DETAIL says so), a certificate in PEM or DER (an APNs or pass type certificate, "
            + "which App Store Connect does not list), or a Sign in with Apple client secret (an ES256 JWT with exp). "
            + "The file is kept by its absolute path and re-read by every sync and watch pass, so a renewed file is "
            + "noticed; adding a file already tracked re-reads it. The first line names the item's id, kind, name, "
            + "expiry and days left.",
        arguments: [
            ArgumentSpec(
                "<path>", help: "The file (relative to the working directory, or absolute).", completion: .file)
        ],
        options: [
            ReviewOptions.signingName,
            ReviewOptions.json.with(
                help: "Output the item as signing --json shows it: {\"id\", \"kind\", \"name\", \"expires\", "
                    + "\"daysLeft\", \"state\", \"source\", ...}."),
        ],
        globalOptions: ReviewOptions.global, undocumentedOptions: SigningCommand.listOnlyOptions)

    package static let store = StoreUse.createsIfMissing

    /// The file, as given.
    package var path: String
    /// `--name`.
    package var name: String?
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(path: String, name: String? = nil, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.path = path
        self.name = name
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try SigningCommand.refuseListOptions(arguments)
        guard arguments.positionals.count == 1 else {
            throw .usage("signing add takes one file; usage: \(arguments.usage)")
        }
        guard !arguments.positionals[0].isEmpty else { throw .usage("signing add needs a non-empty path") }
        let name = try arguments.value(ReviewOptions.signingName)
        if name?.isEmpty == true { throw .usage("--name needs a non-empty name") }
        // The store's rule for names shown (as for app names), checked here so that the refusal names the flag.
        if let name, let problem = Validation.appName(name) {
            throw .usage("--name: " + problem.replacing("the app name", with: "the name"))
        }
        self.init(
            path: arguments.positionals[0], name: name, json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    /// Reads the file before the store is opened, so a missing (66) or refused (65) file leaves no store behind;
    /// then tracks it.
    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        let environment = try global.environment(environment)
        let absolute = FilePath.absolute(path)
        let sighting = try SigningFile.read(path: absolute).sighting(path: absolute)
        let store = try openStore(in: environment)
        let now = environment.now
        let tracked = try store.signingItems().contains { $0.kind.isFile && $0.reference == absolute }
        let item = try store.trackSigningFile(sighting, name: name, at: now)
        let days = try store.signingAlertDays()
        let status = SigningItemStatus.of([item], at: now, expiringWithin: days.max() ?? SigningAlert.defaultDays[0])
        return CommandOutput(
            standardOutput: renderer(environment).signingAdded(status[0], alreadyTracked: tracked, json: json))
    }
}
