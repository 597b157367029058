import CommandLineKit

/// `review signing`: the signing tracker (issue 22), a group of subcommands; `review signing` alone is `review
/// signing list`.
package struct SigningCommand: CommandGroup {
    package typealias Context = ReviewEnvironment

    package static let spec = CommandSpec(
        "signing",
        abstract:
            "Certificates, profiles and client secrets before they expire: signing [list] | add <path> | remove <id> "
            + "| alerts",
        overview:
            "signing lists what the tracker watches, soonest expiry first: the team's certificates and provisioning "
            + "profiles that review sync records from App Store Connect, and local files added with signing add "
            + "<path> (a provisioning profile, a certificate in PEM or DER such as an APNs or pass type certificate, "
            + "or a Sign in with Apple client secret; the kind is read from the content), re-read by every sync and "
            + "watch pass. A profile expires with the first of its certificates. signing remove <id> stops "
            + "tracking an item; signing alerts shows or sets the days left at which the notification channels are "
            + "alerted (30, 14, 7 and 1 by default).",
        options: [
            ReviewOptions.expiring, ReviewOptions.signingAll,
            ReviewOptions.json.with(
                help: "Output JSON: list {\"items\": [{\"id\", \"kind\", \"name\", \"expires\", \"daysLeft\", "
                    + "\"state\", \"source\", ...}]}; add and remove the item; alerts {\"days\"}."),
        ],
        globalOptions: ReviewOptions.global,
        subcommandNoun: "subcommand")

    package static var subcommands: [any ParsableCommand<ReviewEnvironment>.Type] {
        [SigningListCommand.self, SigningAddCommand.self, SigningRemoveCommand.self, SigningAlertsCommand.self]
    }

    package static var subcommandSelection: SubcommandSelection { .afterOptions(unknownOptionHint: "") }

    package static var defaultSubcommand: (any ParsableCommand<ReviewEnvironment>.Type)? { SigningListCommand.self }

    package static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure {
        let actions = subcommands.map { $0.spec.name }
        let hint = Suggestion.closest(to: word, among: actions).map { "; did you mean \($0)?" } ?? ""
        return .usage("unknown signing action \"\(word)\"\(hint); usage: \(GroupUsage.text(of: self, path: path))")
    }

    /// Refuses the options of `signing list` given before another action's name (`review signing --all add F`).
    /// - Throws: `CommandFailure` (usage) "--expiring and --all belong to signing list".
    static func refuseListOptions(_ arguments: ReviewArguments) throws(CommandFailure) {
        if arguments.scanned.value(ReviewOptions.expiring.spec.name) != nil
            || arguments.has(ReviewOptions.signingAll)
        {
            throw .usage("--expiring and --all belong to signing list")
        }
    }

    /// The options of `signing list` that the other actions refuse by name.
    static let listOnlyOptions: [any OptionDeclaration] = [ReviewOptions.expiring, ReviewOptions.signingAll]
}
