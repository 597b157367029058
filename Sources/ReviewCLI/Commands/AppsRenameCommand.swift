import CommandLineKit
import ReviewLog

/// `review apps rename <old> <new>`: its events, identifiers and sync state stay with it.
package struct AppsRenameCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "rename",
        abstract: "Rename an app",
        overview: "Rename an app: its events, identifiers and sync state stay with it.",
        arguments: [ArgumentSpec("<old>", help: "The app's name."), ArgumentSpec("<new>", help: "Its new name.")],
        options: [ReviewOptions.json.with(help: "Output {\"from\", \"to\"}.")],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// The app's name, as typed.
    package var old: String
    /// The new name.
    package var new: String
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(_ old: String, to new: String, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.old = old
        self.new = new
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(2...2)
        self.init(
            arguments.positionals[0], to: arguments.positionals[1], json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let app = try StoreCommandSupport.requireApp(old, store: store)
        // The store refuses this too; asked here first, the refusal can name the merge that does what was meant.
        if let other = try store.app(named: new), other.name != app.name {
            throw CommandFailure(
                .dataError,
                "an app named \"\(other.name)\" already exists; to make \(app.name) part of it, merge: review apps "
                    + "merge \"\(app.name)\" \"\(other.name)\"")
        }
        let renamed = try store.renameApp(app.name, to: new)
        return CommandOutput(standardOutput: renderer(environment).renamed(from: app.name, to: renamed, json: json))
    }
}
