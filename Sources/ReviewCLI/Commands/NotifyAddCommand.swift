import CommandLineKit
import ReviewLog

/// `review notify add <kind> <url>`: adds a notification channel; creates the store when there is none.
package struct NotifyAddCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "add",
        abstract: "Add a channel: Slack, Discord, Teams or a webhook",
        overview:
            "Add a notification channel: <kind> slack, discord, teams or webhook; <url> https, or http to a loopback "
            + "host. Every event recorded by log, sync or import --notify is queued for each channel that wants it, "
            + "and every signing alert for each channel added without --no-signing.",
        arguments: [
            ArgumentSpec(
                "<kind>", help: "slack, discord, teams or webhook.",
                completion: .choices(NotificationChannel.Kind.allCases.map(\.rawValue))),
            ArgumentSpec("<url>", help: "The webhook URL the service showed you."),
        ],
        options: [
            ReviewOptions.secretFile,
            ReviewOptions.app.with(help: "Only this app, by name or bundle ID (repeatable; default every app)."),
            ReviewOptions.states,
            ReviewOptions.noSigningAlerts,
            ReviewOptions.track.with(
                help: "Which review's state changes it gets: app-store, testflight, or all (the default: both)."),
            ReviewOptions.json.with(
                help:
                    "Output {\"id\", \"kind\", \"url\", \"signed\", \"apps\", \"states\", \"signing\"}, and \"tracks\" "
                    + "for a channel of one track."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.createsIfMissing

    /// The channel to add.
    package var channel: NotificationChannel
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(_ channel: NotificationChannel, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.channel = channel
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        let rest = arguments.positionals
        guard rest.count == 2 else {
            throw .usage("notify add takes a kind and a URL; usage: \(arguments.usage)")
        }
        guard let kind = NotificationChannel.Kind(rawValue: rest[0].lowercased()) else {
            let kinds = NotificationChannel.Kind.allCases.map(\.rawValue)
            let hint = Suggestion.closest(to: rest[0], among: kinds).map { "; did you mean \($0)?" } ?? ""
            throw .usage("unknown channel kind \"\(rest[0])\"\(hint) (kinds: \(kinds.joined(separator: ", ")))")
        }
        let secretFile = try arguments.value(ReviewOptions.secretFile)
        let apps = try arguments.values(ReviewOptions.app)
        let states = try arguments.value(ReviewOptions.states)
        if secretFile != nil, kind != .webhook {
            throw .usage(
                "--secret-file signs generic webhooks only; \(kind.rawValue) webhook URLs carry their own secret")
        }
        if secretFile?.isEmpty == true { throw .usage("--secret-file needs a non-empty path") }
        self.init(
            NotificationChannel(
                kind: kind, url: rest[1], secretFile: secretFile, apps: apps, states: states ?? [],
                takesSigningAlerts: !arguments.has(ReviewOptions.noSigningAlerts),
                tracks: (try arguments.value(ReviewOptions.track)).map { $0 == .all ? [] : $0.tracks } ?? []),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        try NotifyDelivery.add(channel, json: json, store: store)
    }
}
