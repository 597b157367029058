import CommandLineKit

/// `review apps`: list, rename or merge apps, a group of subcommands; `review apps` alone is `review apps list`.
package struct AppsCommand: CommandGroup {
    package typealias Context = ReviewEnvironment

    package static let spec = CommandSpec(
        "apps",
        abstract: "List, rename or merge apps: apps [list] | rename <old> <new> | merge <from> <into>",
        overview: "apps lists every app with its platforms, versions, events and last event, and names apps that "
            + "look alike (one typo apart: perhaps one app typed twice). apps rename <old> <new> "
            + "renames one (its events, identifiers and sync state stay with it). apps merge <from> <into> moves "
            + "every event and all sync state of <from> to <into> and removes <from>, in one transaction: two events "
            + "recording the same state at the same time, different bundle IDs, or two synced apps are refused, "
            + "naming them, and nothing changes.",
        options: [
            ReviewOptions.json.with(
                help: "Output {\"apps\": [{\"name\", \"bundleId\", \"appStoreId\", \"platforms\", \"versions\", "
                    + "\"events\", \"firstEventAt\", \"lastEventAt\", \"synced\", \"alike\": [names one typo away]}]}; "
                    + "for rename {\"from\", \"to\"}; "
                    + "for merge {\"from\", \"into\", \"events\", \"otherRows\": {table: count}}.")
        ],
        globalOptions: ReviewOptions.global,
        subcommandNoun: "subcommand")

    package static var subcommands: [any ParsableCommand<ReviewEnvironment>.Type] {
        [AppsListCommand.self, AppsRenameCommand.self, AppsMergeCommand.self]
    }

    package static var subcommandSelection: SubcommandSelection { .afterOptions(unknownOptionHint: "") }

    package static var defaultSubcommand: (any ParsableCommand<ReviewEnvironment>.Type)? { AppsListCommand.self }

    package static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure {
        .usage("usage: \(GroupUsage.text(of: self, path: path, separator: ", ")) (not \"\(word)\")")
    }
}
