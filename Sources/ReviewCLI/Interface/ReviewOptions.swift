import CommandLineKit
import MicroHTTPServer
import ReviewLog

/// Every option of `review`, declared once: name, value name, help and how its value is read. The parser, the
/// help texts, the man page and the shell completions are all made from these (each command's `spec`, in `Commands/`).
package enum ReviewOptions {
    // MARK: Every command

    /// `--db PATH`: before or after the subcommand.
    package static let database = Option(
        .value(
            "db", valueName: "<path>",
            help: "The store: a SQLite file's path, or a postgres:// or postgresql:// URL (the scheme in any case; "
                + "another scheme:// is refused) (default: $REVIEW_DB, else "
                + "$XDG_DATA_HOME/gatehouse/review.sqlite3, else ~/.local/share/gatehouse/review.sqlite3). Before or "
                + "after the subcommand.",
            completion: .file))
    /// `--utc`: before or after the subcommand.
    package static let utc = OptionSpec.flag("utc", help: "Show times in UTC instead of the local time zone (TZ).")
    /// `--now <time>` (`StandardOptions.now`): before or after the subcommand; the time every command takes as the
    /// current one, read against the clock when the command runs (Unix seconds accepted, as `jwtcheck --now`).
    package static let now = StandardOptions.now.with(
        help: "Take this time as the current one, for reproducible output (what --at defaults to, relative times, "
            + "durations so far): ISO 8601, a date, month or year (local time), a relative time or Unix seconds. "
            + "sync, watch and auth check still sign and record with the real clock.")
    /// The options every command that uses the store takes, before or after the subcommand: read once, in
    /// `GlobalOptions`.
    package static let global: [any OptionDeclaration] = [database, utc, now]

    // MARK: The tool

    /// `--version` before any subcommand: the tool's version (not `log --version V`).
    package static let showVersion = StandardOptions.version
    /// `--man`: the manual page, for `man -l -` where it is not installed.
    package static let manual = StandardOptions.manual(tool: "review")

    // MARK: Commands

    /// `--version V` of `log` and `timeline`.
    package static let appVersion = Option(.value("version", valueName: "<version>", help: "The version."))
    /// `--track T` of `log`: which review the event belongs to.
    package static let logTrack = Option(
        .value(
            "track", valueName: "<track>",
            help: "app-store (the default: App Review of an App Store version) or testflight (Beta App Review of a "
                + "build: --version is the pre-release version, --build the build number, required; the states are "
                + "waiting-for-review, in-review, rejected and approved). An approval logged as a build's first event "
                + "counts as approved without review.",
            completion: .choices(ReviewTrack.allCases.map(\.rawValue))),
        parse: { text throws(CommandFailure) in
            if let track = ReviewTrack(spelling: text) { return track }
            throw .usage("unknown track \"\(text)\" (tracks: app-store, testflight)")
        })
    /// `--track T` of the reading commands: one track, or both, each on its own (never pooled).
    package static let track = Option(
        .value(
            "track", valueName: "<track>",
            help: "app-store (the default), testflight (Beta App Review of TestFlight builds) or all (each track on "
                + "its own, never pooled).",
            completion: .choices(ReviewTrack.allCases.map(\.rawValue) + ["all"])),
        parse: { text throws(CommandFailure) in
            if let selection = TrackSelection(spelling: text) { return selection }
            throw .usage("unknown track \"\(text)\" (tracks: app-store, testflight, all)")
        })
    /// `--build B` of `log`.
    package static let build = Option(.value("build", valueName: "<build>", help: "The build number."))
    /// `--platform P` of `log` and `timeline`, any spelling of a platform.
    package static let platform = Option(
        .value(
            "platform", valueName: "<platform>",
            help: "iOS, macOS, tvOS, visionOS or watchOS (default for log: the app's own platform, iOS for a new app).",
            completion: .choices(Platform.allCases.map(\.rawValue))),
        parse: { text throws(CommandFailure) in
            if let platform = Platform(spelling: text) { return platform }
            let names = Platform.allCases.map(\.rawValue)
            let hint = Suggestion.closest(to: text, among: names).map { "; did you mean \($0)?" } ?? ""
            throw .usage("unknown platform \"\(text)\"\(hint) (platforms: \(names.joined(separator: ", ")))")
        })
    /// `--at <time>` of `log` and `edit`, read against the current time when the command runs.
    package static let at = Option(
        .value(
            "at", valueName: "<time>",
            help: "When: ISO 8601 with an offset (2020-03-15T10:00:00+09:00), without one (local time), a date, "
                + "month or year (2020-03-15, 2020-03, 2020: its first instant, local time), now (default), or "
                + "relative (-3h, -2d, -45m)."))
    /// `--allow-future` of `log`: accept a time more than `TimeOption.futureTolerance` ahead of now.
    package static let allowFuture = OptionSpec.flag(
        "allow-future",
        help: "Accept an --at more than 5 minutes in the future (without it, such a time is refused as a likely typo).")
    /// `--note TEXT` of `log` and `edit`.
    package static let note = Option(.value("note", valueName: "<text>", help: "A note."))
    /// `--new-app` of `log`: create the app even when its name is close to an existing app's.
    package static let newApp = OptionSpec.flag(
        "new-app",
        help: "Create the app even though its name is close to an existing app's (without it, such a name is refused "
            + "as a likely typo, with the name it is close to).")
    /// `--json` of the read commands (each says what it prints).
    package static let json = StandardOptions.json.with(help: "Output JSON.")
    /// `--since DATE` of `stats` and `export`: a day, month or year means its first instant.
    package static let since = Option(
        .value(
            "since", valueName: "<date>",
            help: "Only cycles that entered Waiting for Review at or after <date>: a time as for --at, or a day, month "
                + "or year (2025-06-15, 2025-06, 2025: from its first instant, local time)."))
    /// `--until DATE` of `stats` and `export`: a day, month or year means the first instant after it.
    package static let until = Option(
        .value(
            "until", valueName: "<date>",
            help: "Only cycles that entered Waiting for Review before <date> (exclusive): a time, or a day, month or "
                + "year, which ends at the first instant after it (--until 2025-06 includes all of June)."))
    /// `--platform P` of `status` and `stats`: only that platform's versions.
    package static let platformFilter = platform.with(help: "Only versions on this platform.")
    /// `--all` of `status` and `timeline`.
    package static let all = OptionSpec.flag("all", help: "Every version.")
    /// `--include-open` of `stats`.
    package static let includeOpen = OptionSpec.flag(
        "include-open",
        help: "Count cycles still waiting for a decision as censored times (known to take at least as long as so "
            + "far): percentiles and shares by the Kaplan-Meier estimate. Without it they are left out, and stats "
            + "says how many.")
    /// `--by month|quarter` of `stats`.
    package static let by: Option<StatisticsPeriod> = choice(
        "by", help: "A row per calendar month or quarter of the cycle starts (local time, UTC with --utc).")
    /// `--color auto|always|never` of `status` and `timeline`.
    package static let color: Option<ColorChoice> = choice(
        "color",
        help: "Colour states (rejected red, approved and released green, waiting and in review yellow): auto "
            + "(default) on a terminal unless NO_COLOR is set to a non-empty value; always; never.")

    /// An option taking one of an enumeration's raw values, in any case; another value is refused with the choices.
    /// - Parameters:
    ///   - name: the option's name.
    ///   - what: what the value is, for the refusal ("unknown export format \"xml\""); default "unknown value
    ///     \"xml\" for --NAME".
    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, help: String, what: String? = nil
    ) -> Option<Choice> where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
        return Option(
            .value(name, valueName: "<" + names.joined(separator: "|") + ">", help: help, completion: .choices(names)),
            parse: { text throws(CommandFailure) in
                guard let choice = Choice(rawValue: text.lowercased()) else {
                    let unknown = what.map { "unknown \($0) \"\(text)\"" } ?? "unknown value \"\(text)\" for --\(name)"
                    throw .usage("\(unknown); use \(list)")
                }
                return choice
            })
    }

    /// `--bundle-id ID` of `log`: sets the app's bundle ID.
    package static let bundleID = Option(
        .value(
            "bundle-id", valueName: "<id>",
            help: "The app's bundle ID (com.example.app): set when the app has none, refused when it has another."),
        parse: { text throws(CommandFailure) in
            // Apple's CFBundleIdentifier: alphanumerics, hyphens and periods (Information Property List reference).
            guard !text.isEmpty, text.count <= 155,
                text.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || $0 == "-" || $0 == ".")
                })
            else {
                throw .usage(
                    "--bundle-id \"\(text)\" is not a bundle ID: use letters, digits, hyphens and periods "
                        + "(com.example.app)")
            }
            return text
        })
    /// `--app-store-id ID` of `log`: sets the app's App Store Connect app ID.
    package static let appStoreID = Option(
        .value(
            "app-store-id", valueName: "<id>",
            help: "The app's App Store Connect app ID (the digits in its App Store URL, id1234567890): set when the "
                + "app has none, refused when it has another."),
        parse: { text throws(CommandFailure) in
            var digits = Substring(text)
            if digits.hasPrefix("id") { digits = digits.dropFirst(2) }
            guard App.isAppStoreID(digits) else {
                throw .usage(
                    "--app-store-id \"\(text)\" is not an App Store ID: use the digits of the app's App Store URL "
                        + "(1234567890)")
            }
            return String(digits)
        })
    /// `--format json|csv` of `export`.
    package static let format: Option<InterchangeFormat> = choice(
        "format",
        help: "json (default): {\"events\": [{\"id\", \"app\", \"platform\", \"version\", \"state\", \"at\", "
            + "\"note\", \"source\", ...}]}; csv: the same columns with a header row, a cell that would be a spreadsheet "
            + "formula written with a leading ' that import removes.", what: "export format")
    /// `--html FILE` of `report`: where the page goes (`-` for standard output).
    package static let html = Option(
        .value(
            "html", valueName: "<file>",
            help: "Write the report as one self-contained HTML page to <file> (replaced if it exists; - for standard "
                + "output).", completion: .file, isRequired: true))
    /// `--to TARGET` of `migrate`.
    package static let migrateTarget = Option(
        .value(
            "to", valueName: "<target>",
            help: "The store to copy into: a postgres:// or postgresql:// URL (the scheme in any case; another "
                + "scheme:// is refused), or a SQLite file's path (created when missing).", isRequired: true))
    /// `--yes` of `delete`.
    package static let yes = OptionSpec.flag("yes", help: "Confirm the deletion (required).", isRequired: true)

    // MARK: Notifications

    /// `--secret-file FILE` of `notify add webhook`.
    package static let secretFile = Option(
        .value(
            "secret-file", valueName: "<file>",
            help: "webhook only: sign each delivery with X-Gatehouse-Signature: sha256=<hex HMAC-SHA256 of the body>, "
                + "keyed by the file's bytes (one trailing newline removed). The file is read at each delivery.",
            completion: .file))
    /// `--states LIST` of `notify add`: comma-separated states, any spelling.
    package static let states = Option(
        .value(
            "states", valueName: "<list>",
            help: "Only these states, comma-separated: in-review,rejected,ready-for-distribution (default: every "
                + "state change)."),
        parse: { text throws(CommandFailure) -> [ReviewState] in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !parts.contains(where: { $0.allSatisfy { $0 == " " } }) else {
                throw .usage("--states takes states separated by commas, such as in-review,rejected, not '\(text)'")
            }
            var states: [ReviewState] = []
            for part in parts { states.append(try parseState(part)) }
            return states
        })
    /// `--no-signing` of `notify add`: the signing tracker's alerts kept off the channel.
    package static let noSigningAlerts = OptionSpec.flag(
        "no-signing",
        help: "Keep the signing tracker's alerts (certificates, profiles and client secrets expiring, expired, "
            + "invalid, gone or missing) off this channel; by default they go to every channel, whatever its --app "
            + "and --states.")
    /// `--notify` of `import`.
    package static let notify = OptionSpec.flag(
        "notify",
        help: "Notify the channels of each new event, as log and sync do (queued in the same transaction; "
            + "review notify flush or review watch delivers them).")

    // MARK: Signing

    /// `--expiring DAYS` of `signing [list]`: items with at most this many whole days left, expired ones included.
    package static let expiring = Option(
        .value(
            "expiring", valueName: "<days>",
            help: "Only items with at most <days> whole days left (0 or more), expired ones included; gone and "
                + "missing ones left out."),
        parse: { text throws(CommandFailure) -> Int64 in
            guard !text.isEmpty, text.count <= 5, text.allSatisfy({ ("0"..."9").contains($0) }),
                let days = Int64(text)
            else {
                throw .usage("--expiring takes a whole number of days, such as 30, not '\(text)'")
            }
            return days
        })
    /// `--all` of `signing [list]`: the items gone or missing for more than 30 days too.
    package static let signingAll = all.with(
        help: "Also the items gone from App Store Connect or missing for more than 30 days.")
    /// `--name NAME` of `signing add`: the name shown instead of the one read from the file.
    package static let signingName = Option(
        .value(
            "name", valueName: "<name>",
            help: "The name to show instead of the one read (a profile's Name, a certificate's subject CN, a client "
                + "secret's sub)."))
    /// `--days LIST` of `signing alerts`: the alert thresholds, comma-separated whole days.
    package static let alertDays = Option(
        .value(
            "days", valueName: "<list>",
            help: "Set the alert days: whole days left, comma-separated, each from 1 to 365, at most ten (default "
                + "30,14,7,1). An item is alerted once at each, the smallest reached when several are."),
        parse: { text throws(CommandFailure) -> [Int64] in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            var days: [Int64] = []
            for part in parts {
                guard !part.isEmpty, part.count <= 3, part.allSatisfy({ ("0"..."9").contains($0) }),
                    let day = Int64(part), (1...365).contains(day)
                else {
                    throw .usage(
                        "--days takes whole days from 1 to 365 separated by commas, such as 30,14,7,1, not '\(text)'")
                }
                days.append(day)
            }
            guard Set(days).count <= 10 else {
                throw .usage("--days takes at most ten days, not \(Set(days).count) ('\(text)')")
            }
            return days
        })

    // MARK: App Store Connect

    /// The options naming an App Store Connect key.
    package static let keyOptions: [any OptionDeclaration] = [profile, keyID, issuerID, privateKey]

    /// `--profile NAME`: a named App Store Connect key from `review auth add`.
    package static let profile = Option(
        .value(
            "profile", valueName: "<name>",
            help: "The App Store Connect key saved under <name> by 'review auth add' (default: flags, else ASC_KEY_ID "
                + "and friends, else every saved profile)."))
    /// `--key-id ID`.
    package static let keyID = Option(
        .value("key-id", valueName: "<id>", help: "The App Store Connect API key ID (else $ASC_KEY_ID)."))
    /// `--issuer-id ID`.
    package static let issuerID = Option(
        .value(
            "issuer-id", valueName: "<id>",
            help: "The issuer ID of a team key (else $ASC_ISSUER_ID); none for an individual key."))
    /// `--private-key FILE`.
    package static let privateKey = Option(
        .value(
            "private-key", valueName: "<file>", help: "The key's AuthKey_<ID>.p8 file (else $ASC_PRIVATE_KEY_PATH).",
            completion: .file))
    /// `--app NAME|BUNDLE_ID`, repeatable, of `sync` and `watch`.
    package static let app = Option(
        .value(
            "app", repeatable: true, valueName: "<name|bundle-id>",
            help: "Only this app (repeatable; default every app the key can see)."))
    /// `--interval DURATION` of `watch`: 60 s at least.
    package static let interval = Option(
        .value("interval", valueName: "<duration>", help: "Time between passes: 90s, 5m (default), 1h; at least 60s."),
        parse: { text throws(CommandFailure) -> Duration in
            try duration(
                text, option: "interval", minimum: 60,
                tooShort: "; App Store Connect allows about 3600 requests an hour per key, and a review takes hours: "
                    + "5m is plenty")
        })

    /// `--no-signing` of `sync` and `watch`: skip the signing tracker's look at certificates, profiles and files.
    package static let noSigning = OptionSpec.flag(
        "no-signing",
        help: "Do not record the team's certificates and provisioning profiles, nor re-read the tracked signing files "
            + "(review signing).")
    /// `--no-testflight` of `sync` and `watch`: skip the TestFlight builds (their Beta App Review).
    package static let noTestFlight = OptionSpec.flag(
        "no-testflight",
        help: "Do not read the apps' TestFlight builds (Beta App Review states): one request less per app and pass, "
            + "for a key whose role cannot read them or a team that does not use TestFlight. What the store has of "
            + "them is kept.")
    /// `--signing-interval DURATION` of `watch`: how often its passes also record the signing items; 5 min at least.
    package static let signingInterval = Option(
        .value(
            "signing-interval", valueName: "<duration>",
            help: "How often a pass also records the certificates, profiles and tracked signing files: 1h (default), "
                + "30m; at least 5m."),
        parse: { text throws(CommandFailure) -> Duration in
            try duration(
                text, option: "signing-interval", minimum: 300,
                tooShort: "; certificates and profiles change rarely, and each look costs two requests per key")
        })

    /// A duration such as 90s, 5m or 1h, at least `minimum` seconds.
    private static func duration(_ text: String, option: String, minimum: Int64, tooShort: String)
        throws(CommandFailure) -> Duration
    {
        let digits = text.prefix { $0.isNumber }
        let unit = text.dropFirst(digits.count)
        let scale: Int64? =
            switch unit {
            case "s", "": 1
            case "m": 60
            case "h": 3600
            default: nil
            }
        guard !digits.isEmpty, digits.count <= 6, let scale, let amount = Int64(digits) else {
            throw .usage("--\(option) takes a duration such as 90s, 5m or 1h, not '\(text)'")
        }
        let seconds = amount * scale
        guard seconds >= minimum else {
            throw .usage("--\(option) \(text) is shorter than \(minimum) s\(tooShort)")
        }
        return .seconds(seconds)
    }

    // MARK: Webhooks

    /// `--listen HOST:PORT` of `serve`.
    package static let listen = Option(
        .value(
            "listen", valueName: "<host:port>",
            help: "Where to listen: an IP address and port (default 127.0.0.1:8080, loopback only; put a reverse "
                + "proxy with TLS in front). Port 0 takes a free port, shown on standard error."),
        parse: { text throws(CommandFailure) -> ListenAddress in try listenAddress(text) })
    /// `--report-listen [HOST:]PORT` of `serve`.
    package static let reportListen = Option(
        .value(
            "report-listen", valueName: "<[host:]port>",
            help: "Also serve the HTML report (the page of report --html, of every app, made from the store on "
                + "each request that finds it changed) at GET / on this address, a listener apart from the webhook "
                + "one: a port alone is loopback (8081 is 127.0.0.1:8081). Off by default; put the team's proxy and "
                + "its login in front."),
        parse: { text throws(CommandFailure) -> ListenAddress in
            // A port alone: loopback, the safe default (the report is the team's history).
            if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                guard let port = UInt16(text) else {
                    throw .usage("--report-listen \(text): a port is from 0 to 65535")
                }
                return ListenAddress.loopbackDefault.with(port: port)
            }
            return try listenAddress(text)
        })

    /// `HOST:PORT` as `--listen` and `--report-listen` read it; a usage error naming the form otherwise.
    private static func listenAddress(_ text: String) throws(CommandFailure) -> ListenAddress {
        do throws(HTTPServerError) { return try ListenAddress(parsing: text) } catch { throw .usage(error.reason) }
    }
    /// `--webhook-secret-file FILE` of `serve` and `webhook`.
    package static let webhookSecretFile = Option(
        .value(
            "webhook-secret-file", valueName: "<file>",
            help: "The webhook secret (one trailing newline ignored). serve: else $ASC_WEBHOOK_SECRET, else "
                + "$XDG_CONFIG_HOME/gatehouse/webhook-secret (mode 0600), where webhook create writes it (generated "
                + "when the file does not exist yet).",
            completion: .file))
    /// `--resolve-interval DURATION` of `serve`.
    package static let resolveInterval = Option(
        .value(
            "resolve-interval", valueName: "<duration>",
            help: "How often pending deliveries (version not resolved yet) are retried: 60s (default), 5m; at "
                + "least 1s."),
        parse: { text throws(CommandFailure) -> Duration in
            try duration(text, option: "resolve-interval", minimum: 1, tooShort: "")
        })
    /// `--url URL` of `webhook create`.
    package static let url = Option(
        .value(
            "url", valueName: "<url>",
            help: "The public https URL App Store Connect delivers to: your reverse proxy in front of review serve, "
                + "ending in /webhooks/app-store-connect."))

    // MARK: States

    /// Reads a state from any spelling, suggesting the closest on a typo (never one of another stage:
    /// `ReviewState.suggestion(for:)`).
    /// - Parameter text: the spelling.
    /// - Returns: the state.
    /// - Throws: `CommandFailure` (usage) naming the text and the closest state, else pointing to `review states`.
    package static func parseState(_ text: String) throws(CommandFailure) -> ReviewState {
        if let state = ReviewState(spelling: text) { return state }
        if let suggestion = ReviewState.suggestion(for: text) {
            throw .usage(
                "unknown state \"\(text)\"; did you mean \(suggestion.kebabAlias) (\(suggestion.apiString))? "
                    + "'review states' lists every state and its spellings")
        }
        throw .usage(
            "unknown state \"\(text)\"; 'review states' lists every state and its spellings (such as "
                + "waiting-for-review, in-review, rejected or ready-for-distribution)")
    }
}
