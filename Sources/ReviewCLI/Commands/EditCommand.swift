import CommandLineKit
import ReviewLog

/// `review edit <event-id> [--note <text>] [--at <time>]`: an event's note or time; a note "" removes it.
package struct EditCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "edit",
        abstract: "Change an event's note or time",
        overview: "Change the note or the time of one event. The app, platform, version and state are what the event "
            + "is: to change them, delete it and log it again. A synced event's time is App Store Connect's, so only "
            + "its note can be edited. Logging the same app, platform, version, state and time is a no-op: after a "
            + "time edit that means the new time (the old one is free again).",
        arguments: [
            ArgumentSpec("<event-id>", help: "The event's id, as 'review timeline' and 'review export' show it.")
        ],
        options: [
            ReviewOptions.note.with(help: "The new note (\"\" removes it)."),
            ReviewOptions.at.with(help: "The new time, written as for log --at."), ReviewOptions.allowFuture,
            ReviewOptions.json.with(
                help: "Output {\"event\": {the event as export writes it}, \"before\": {\"at\", \"note\"}}."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// The event's id.
    package var id: Int64
    /// `--note`, if given.
    package var note: String?
    /// `--at` as typed, if given.
    package var at: String?
    /// `--allow-future`.
    package var allowFuture = false
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        id: Int64, note: String? = nil, at: String? = nil, allowFuture: Bool = false, json: Bool = false,
        global: GlobalOptions = GlobalOptions()
    ) {
        self.id = id
        self.note = note
        self.at = at
        self.allowFuture = allowFuture
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(1...1)
        self.init(
            id: try ReviewArguments.eventID(arguments.positionals[0]), note: try arguments.value(ReviewOptions.note),
            at: try arguments.value(ReviewOptions.at), allowFuture: arguments.has(ReviewOptions.allowFuture),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func validate() throws(CommandFailure) {
        try TimeOption.check(at)
        guard note != nil || at != nil else {
            throw .usage("edit needs --note TEXT (\"\" removes the note), --at TIME, or both")
        }
    }

    package func check(in environment: ReviewEnvironment) throws(CommandFailure) {
        _ = try TimeOption.past(at, now: environment.now, allowFuture: allowFuture)
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let at = try TimeOption.past(at, now: environment.now, allowFuture: allowFuture)
        let edit = try store.editEvent(id: id, note: note, at: at)
        let version = try store.events(app: edit.after.app.name).filter { $0.versionKey == edit.after.versionKey }
        let renderer = renderer(environment)
        return CommandOutput(
            standardOutput: renderer.edited(edit, json: json),
            standardError: renderer.editWarning(edit, events: version))
    }
}
