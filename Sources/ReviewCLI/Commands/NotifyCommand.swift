import CommandLineKit

/// `review notify`: notification channels and their outbox, a group of subcommands.
package struct NotifyCommand: CommandGroup {
    package typealias Context = ReviewEnvironment

    package static let spec = CommandSpec(
        "notify",
        abstract:
            "Notify Slack, Discord, Teams or a webhook of state changes and signing alerts: "
            + "notify add|list|remove|test|flush",
        overview:
            "notify add <kind> <url> adds a channel (<kind> slack, discord, teams or webhook; <url> https, or http to "
            + "a loopback host); notify list shows the channels (URLs masked) and the notifications not delivered; "
            + "notify remove <id> removes a channel; notify test <id> sends a sample message; notify flush tries every "
            + "pending notification now (one flush at a time per store: another waits for it). Every event recorded by log, sync or import --notify is queued for each "
            + "channel that wants it in the same transaction; log and sync try to deliver at once, watch keeps "
            + "trying with backoff for a day (and sends reminders of long waits), then the notification is failed. "
            + "Signing alerts (certificates, profiles and client secrets expiring, expired, invalid, gone or missing) "
            + "go to every channel not added with --no-signing, by the same rules; sync and flush record the ones due "
            + "and deliver them, watch and serve in their rounds.",
        options: [
            ReviewOptions.secretFile,
            ReviewOptions.app.with(help: "Only this app, by name or bundle ID (repeatable; default every app)."),
            ReviewOptions.states,
            ReviewOptions.noSigningAlerts,
            ReviewOptions.json.with(
                help: "Output JSON: add {\"id\", \"kind\", \"url\", \"signed\", \"apps\", \"states\", \"signing\"}; "
                    + "list {\"channels\", \"notifications\", \"signingAlerts\"}; test the outcome of its try; flush "
                    + "{\"notifications\", \"signingAlerts\"}, the outcome of each try."),
        ],
        globalOptions: ReviewOptions.global,
        subcommandNoun: "subcommand")

    package static var subcommands: [any ParsableCommand<ReviewEnvironment>.Type] {
        [
            NotifyAddCommand.self, NotifyListCommand.self, NotifyRemoveCommand.self, NotifyTestCommand.self,
            NotifyFlushCommand.self,
        ]
    }

    package static var subcommandSelection: SubcommandSelection { .afterOptions(unknownOptionHint: "") }

    package static func missingSubcommand(path: [String], help: String) -> CommandFailure {
        .usage("notify needs an action; usage: \(GroupUsage.text(of: self, path: path))")
    }

    package static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure {
        let actions = subcommands.map { $0.spec.name }
        let hint = Suggestion.closest(to: word, among: actions).map { "; did you mean \($0)?" } ?? ""
        return .usage("unknown notify action \"\(word)\"\(hint); usage: \(GroupUsage.text(of: self, path: path))")
    }

    /// Refuses the options of `notify add` given to another action.
    /// - Throws: `CommandFailure` (usage) "--secret-file, --app, --states and --no-signing belong to notify add".
    static func refuseAddOptions(_ arguments: ReviewArguments) throws(CommandFailure) {
        if arguments.scanned.value(ReviewOptions.secretFile.spec.name) != nil
            || !arguments.scanned.allValues(ReviewOptions.app.spec.name).isEmpty
            || arguments.scanned.value(ReviewOptions.states.spec.name) != nil
            || arguments.has(ReviewOptions.noSigningAlerts)
        {
            throw .usage("--secret-file, --app, --states and --no-signing belong to notify add")
        }
    }

    /// The one channel ID of `notify remove` and `notify test`.
    /// - Throws: `CommandFailure` (usage) for no ID, several, or one that is not a positive integer.
    static func channelID(_ arguments: ReviewArguments) throws(CommandFailure) -> Int64 {
        let action = arguments.arguments.spec.name
        guard arguments.positionals.count == 1 else {
            throw .usage("notify \(action) takes one channel ID; usage: \(arguments.usage)")
        }
        let text = arguments.positionals[0]
        guard let id = Int64(text), id > 0 else {
            throw .usage("the channel ID \"\(text)\" is not a positive integer; review notify list shows them")
        }
        return id
    }

    /// The options `notify add` does not share, which the other actions refuse by name.
    static let addOnlyOptions: [any OptionDeclaration] = [
        ReviewOptions.secretFile, ReviewOptions.app, ReviewOptions.states, ReviewOptions.noSigningAlerts,
    ]
}
