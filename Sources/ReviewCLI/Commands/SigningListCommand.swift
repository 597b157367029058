import CommandLineKit
import ReviewLog

/// `review signing [list]`: every tracked certificate, profile and client secret, soonest effective expiry first.
package struct SigningListCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "list",
        abstract: "List the signing items, soonest expiry first (the default)",
        overview:
            "List the certificates, provisioning profiles and client secrets tracked, soonest effective expiry first: "
            + "KIND, NAME, DETAIL (type or platform, serial or UUID, client ID), EXPIRES, LEFT (whole days; a "
            + "profile whose certificate expires first says so), STATE (active; expiring within the largest alert "
            + "day; expired, invalid, gone from App Store Connect, missing file, renewed by a newer one) and SOURCE "
            + "(app-store-connect:<profile or key ID>, or the file's path). Items gone or missing for more than 30 "
            + "days are left out unless --all. Reads the store only: the files are re-read by sync and watch.",
        options: [
            ReviewOptions.expiring, ReviewOptions.signingAll,
            ReviewOptions.json.with(
                help: "Output {\"items\": [{\"id\", \"kind\", \"name\", \"expires\", \"daysLeft\", \"state\", "
                    + "\"source\", \"detail\", \"firstSeen\", ...}]} in table order, with \"ascID\" for App Store "
                    + "Connect items, \"ownExpires\" and \"decidedBy\" for profiles (see docs/signing-tracker.md)."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// `--expiring DAYS`: at most this many days left.
    package var expiring: Int64?
    /// `--all`: the items gone or missing for more than 30 days too.
    package var all = false
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(expiring: Int64? = nil, all: Bool = false, json: Bool = false, global: GlobalOptions = GlobalOptions())
    {
        self.expiring = expiring
        self.all = all
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        guard arguments.positionals.isEmpty else {
            throw .usage("signing list takes no arguments; usage: \(arguments.usage)")
        }
        self.init(
            expiring: try arguments.value(ReviewOptions.expiring), all: arguments.has(ReviewOptions.signingAll),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let now = environment.now
        let statuses = try SigningSupport.statuses(store: store, now: now)
        let shown = statuses.filter { status in
            if let expiring {
                return status.daysLeft <= expiring && status.state != .gone && status.state != .missing
            }
            return all || status.isListedByDefault(at: now)
        }
        let table = SigningTable(
            shown: shown, tracked: statuses.count, hidden: expiring == nil ? statuses.count - shown.count : 0,
            expiring: expiring)
        return CommandOutput(standardOutput: renderer(environment).signing(table, json: json))
    }
}
