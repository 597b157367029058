import CommandLineKit
import ReviewLog

extension ReviewCLI {
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
}
