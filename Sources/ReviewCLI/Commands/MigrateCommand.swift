import CommandLineKit
import ReviewLog
import ReviewPostgreSQL

/// `review migrate --to <target>`: the whole store copied into another (`RelationalReviewStore.copy(to:)`); the
/// source must exist, the target is created when missing.
package struct MigrateCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "migrate",
        abstract: "Copy the whole store into another: SQLite into PostgreSQL, or back",
        overview: "Copy every row of the store (--db or REVIEW_DB) into another store: its apps, events with their "
            + "ids, sync state, notification channels and outbox, and webhook deliveries. One transaction of the target: "
            + "all of it or nothing. Running it again copies only what is new; a target holding a different history "
            + "(another row under the same id, or the same app or event under another id) is refused with 65, and "
            + "nothing is copied. The source is only read.",
        options: [
            ReviewOptions.migrateTarget,
            ReviewOptions.json.with(
                help: "Output {\"from\", \"to\", \"tables\": [{\"table\", \"copied\", \"alreadyPresent\"}]}; "
                    + "URLs without their password."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// `--to`: a PostgreSQL URL or a SQLite path.
    package var target: String
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(target: String, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.target = target
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        guard let target = try arguments.value(ReviewOptions.migrateTarget), !target.isEmpty else {
            throw .usage("migrate needs --to URL|PATH (a postgres:// URL, or a SQLite file)")
        }
        self.init(target: target, json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let source = try storeLocation(in: environment)
        let from = ReviewEnvironment.displayed(source)
        let to = ReviewEnvironment.displayed(target)
        // The same store however it is spelled (a scheme's case, postgres or postgresql, an encoded character).
        let sameStore = (try? StoreLocation(target)).map { $0 == (try? StoreLocation(source)) } ?? false
        guard target != source && !sameStore else {
            throw CommandFailure(.usage, "--to names the store being copied (\(from)); give another store")
        }
        let copy = try store.copy(to: try environment.openStore(target))
        if json {
            let tables = copy.tables.map { table in
                JSONText.object([
                    ("table", JSONText.string(table.name)), ("copied", String(table.copied)),
                    ("alreadyPresent", String(table.alreadyPresent)),
                ])
            }
            let object = JSONText.object([
                ("from", JSONText.string(from)), ("to", JSONText.string(to)),
                ("tables", "[" + tables.joined(separator: ", ") + "]"),
            ])
            return CommandOutput(standardOutput: object + "\n")
        }
        let width = copy.tables.map(\.name.count).max() ?? 0
        var text = "Copied \(from) into \(to), in one transaction:\n"
        for table in copy.tables {
            let padding = String(repeating: " ", count: width - table.name.count)
            text += "  \(table.name)\(padding)  \(table.copied) copied, \(table.alreadyPresent) already there\n"
        }
        return CommandOutput(standardOutput: text)
    }
}
