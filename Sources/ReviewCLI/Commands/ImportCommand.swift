import CommandLineKit
import ReviewLog

/// `review import <file> [--notify]`: events from a JSON or CSV file, in one transaction. The file is read and checked
/// before the store is opened, so a bad file never creates one.
package struct ImportCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "import",
        abstract: "Events from a JSON or CSV file (idempotent)",
        overview: "Add events from a JSON or CSV file (the format is taken from the extension, else the content). "
            + "JSON is {\"events\": [EVENT, ...]} as 'review export' writes it, or a bare array [EVENT, ...] of the "
            + "same objects. Events already present are skipped, so importing twice changes nothing. The whole file "
            + "is imported in one transaction, or nothing is.",
        arguments: [
            ArgumentSpec(
                "<file>",
                help: "A file written by 'review export', or by hand with at least app, version, state and at (ISO "
                    + "8601 with an offset) per event; - reads standard input.",
                completion: .file)
        ],
        options: [
            ReviewOptions.notify,
            ReviewOptions.json.with(
                help: "Output {\"file\", \"inserted\", \"alreadyPresent\"}, with \"signing\": {\"inserted\", "
                    + "\"alreadyPresent\"} for a file that holds signing items; file is - for standard input."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.createsIfMissing

    /// The file, `-` for standard input.
    package var file: String
    /// `--notify`.
    package var notify = false
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(file: String, notify: Bool = false, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.file = file
        self.notify = notify
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(1...1)
        self.init(
            file: arguments.positionals[0], notify: arguments.has(ReviewOptions.notify),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    /// Reads the file, then opens (or creates) the store and imports it.
    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        let environment = try global.environment(environment)
        // The events and the signing items of a JSON export, read before the store is opened: a malformed file
        // imports nothing.
        let (imported, signing) = try EventInterchange.contents(ofFile: file)
        let store = try openStore(in: environment)
        var summary: ImportSummary
        var queued = ""
        if notify {
            let before = try store.notifications(statuses: [.pending]).count
            summary = try store.importEvents(imported, notify: true)
            let count = try store.notifications(statuses: [.pending]).count - before
            queued =
                "\(count) notification\(count == 1 ? "" : "s") queued; review notify flush (or review watch) "
                + "sends them.\n"
        } else {
            summary = try store.importEvents(imported)
        }
        let signingSummary = signing.isEmpty ? nil : try store.importSigningRecords(signing)
        return CommandOutput(
            standardOutput: renderer(environment).imported(summary, signing: signingSummary, path: file, json: json),
            standardError: queued)
    }
}
