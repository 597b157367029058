import CommandLineKit
import ReviewLog

/// What the commands on the store share: finding an app by name (a near miss refused, a typo answered with the
/// closest name), the events of an app or of a filter, and the platform of a `log` without `--platform`.
enum StoreCommandSupport {
    /// The events `review export` writes: those of the apps asked for (by name, case-insensitively, or by bundle
    /// ID), on the platform asked for, at or after `--since` and before `--until`; in id order, as the store keeps
    /// them.
    /// - Returns: the events.
    /// - Throws: `CommandFailure` (1) for an app that is neither a name nor a bundle ID in the store (with the
    ///   closest name suggested), store errors.
    static func events(matching filter: EventFilter, store: any ReviewStore) throws -> [ReviewEvent] {
        let all = try store.events(app: nil)
        var names: Set<String>?
        if !filter.apps.isEmpty {
            var chosen: Set<String> = []
            for asked in filter.apps {
                if let app = try store.app(named: asked) {
                    chosen.insert(app.name)
                } else if let event = all.first(where: { $0.app.bundleID == asked }) {
                    chosen.insert(event.app.name)
                } else {
                    throw try appNotFound(asked, store: store)
                }
            }
            names = chosen
        }
        return all.filter { event in (names.map { $0.contains(event.app.name) } ?? true) && filter.includes(event) }
    }

    /// "no app named X", with the closest name, the list of names, or "no apps yet": a negative answer (1).
    static func appNotFound(_ app: String, store: any ReviewStore) throws -> CommandFailure {
        let names = try store.appNames()
        let hint: String
        if let close = Suggestion.closest(to: app, among: names) {
            hint = "; did you mean \(close)?"
        } else if names.isEmpty {
            hint = "; the store has no apps yet"
        } else {
            hint = "; the apps are \(names.joined(separator: ", "))"
        }
        return CommandFailure(.negative, "no app named \"\(app)\"\(hint)")
    }

    /// The platform of a `log` without `--platform`: the app's only platform; with several, the one that has the
    /// `--version` given, else (no version given) the platform of the app's latest event; iOS for an app without
    /// events. A version on several platforms, or on none of an app's several, is ambiguous: refused with the choices.
    static func platform(for request: LogRequest, store: any ReviewStore) throws -> Platform {
        guard try store.app(named: request.app) != nil else { return .iOS }
        // The track's own events decide, when it has any (a TestFlight build's pre-release version is looked for among
        // the TestFlight events); else the app's.
        let all = try store.events(app: request.app)
        let onTrack = all.filter { $0.track == request.track }
        let events = onTrack.isEmpty ? all : onTrack
        let platforms = Set(events.map(\.platform))
        if platforms.count <= 1 { return platforms.first ?? .iOS }
        let names = Platform.allCases.filter(platforms.contains).map(\.name)
        guard let version = request.version else {
            let latest = events.max { ($0.at, $0.id) < ($1.at, $1.id) }
            return latest?.platform ?? .iOS
        }
        let holding = Set(events.filter { $0.version == version }.map(\.platform))
        if holding.count == 1, let only = holding.first { return only }
        throw CommandFailure(
            .usage,
            "\(request.app) has events on \(names.joined(separator: " and ")), and version \(version) "
                + (holding.isEmpty ? "on none of them" : "on several")
                + "; give the platform: " + names.map { "--platform \($0)" }.joined(separator: " or "))
    }

    /// `log` of an app that does not exist yet: refused (64) when its name is close to an existing app's, a likely
    /// typo ("Fokis" beside "Fokus"), naming the app it is close to; `--new-app` skips this. Never a prompt.
    static func refuseNearMiss(_ name: String, store: any ReviewStore) throws {
        guard try store.app(named: name) == nil else { return }
        let close = AppNameSimilarity.nearMisses(of: name, among: try store.appNames())
        guard !close.isEmpty else { return }
        throw CommandFailure(
            .usage,
            "no app named \"\(name)\" yet; did you mean \(close.joined(separator: " or "))? Log it under that name, "
                + "or add --new-app to create \"\(name)\" as a new app")
    }

    /// Every event, or an app's events (an unknown app is "not found", with the closest name suggested).
    static func events(of app: String?, store: any ReviewStore) throws -> [ReviewEvent] {
        guard let app else { return try store.events(app: nil) }
        return try store.events(app: try storedName(of: app, store: store))
    }

    /// The name an app is stored under, found case-insensitively (an unknown app is "not found", with the closest
    /// name suggested).
    static func storedName(of app: String, store: any ReviewStore) throws -> String {
        try requireApp(app, store: store).name
    }

    /// The app of that name; an unknown one is "not found" (1), with the closest name suggested.
    static func requireApp(_ app: String, store: any ReviewStore) throws -> App {
        guard let found = try store.app(named: app) else { throw try appNotFound(app, store: store) }
        return found
    }
}
