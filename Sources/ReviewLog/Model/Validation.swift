internal import GatehouseCore

/// The one rule for what may be stored (issue 20 item 5), applied on every path a value enters the store by: `log`,
/// `edit`, `apps rename`, `import`, `sync` (`applySync`, and `SyncPass` before it, which skips such a value with a
/// warning) and the webhook's version lookup.
///
/// - App names: 1 to 200 characters, no surrounding spaces.
/// - Versions, builds (and the state strings a sync keeps): 1 to 64 characters, no spaces.
/// - Neither holds a control character: C0 (U+0000-U+001F), DEL (U+007F) or C1 (U+0080-U+009F, which terminals read
///   as escape sequences: U+009B is CSI; ECMA-48 section 5), the set `ControlCharacters` escapes.
/// - Notes keep every character but NUL (multi-line notes stay possible; outputs show their breaks escaped).
///
/// Everything else is accepted, `<`, `>`, `&`, `[`, `]`, `(`, `)`, `@`, `=`, `+` and `-` included: chat, CSV and
/// terminal injection are closed by escaping at each output, never by refusing such values. A problem is a sentence
/// naming the value with its control characters escaped (a `ReviewError` reason escapes them again, harmlessly).
package enum Validation {
    /// Whether `text` holds a C0, DEL or C1 character.
    private static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: ControlCharacters.isControl)
    }

    /// An app name: 1 to `ReviewLimits.maximumAppNameCharacters` (200) characters, no control characters, no
    /// surrounding spaces.
    package static func appName(_ name: String) -> String? {
        if name.isEmpty { return "the app name is empty" }
        if name.count > ReviewLimits.maximumAppNameCharacters {
            return "the app name is \(name.count) characters, longer than the limit of "
                + "\(ReviewLimits.maximumAppNameCharacters); shorten it"
        }
        if hasControl(name) {
            return "the app name \"\(ControlCharacters.escaped(name))\" has control characters (C0, DEL or C1)"
        }
        if name.trimmingSpaces() != name { return "the app name \"\(name)\" has leading or trailing spaces" }
        return nil
    }

    /// A version or build: 1 to `ReviewLimits.maximumVersionCharacters` (64) characters, no spaces or control
    /// characters.
    package static func token(_ value: String, _ what: String) -> String? {
        if value.isEmpty { return "the \(what) is empty" }
        if value.count > ReviewLimits.maximumVersionCharacters {
            return "the \(what) \"\(ControlCharacters.escaped(String(value.prefix(20))))...\" is \(value.count) "
                + "characters, longer than the limit of \(ReviewLimits.maximumVersionCharacters)"
        }
        if hasControl(value) || value.unicodeScalars.contains(" ") {
            return "the \(what) \"\(ControlCharacters.escaped(value))\" has spaces or control characters"
        }
        return nil
    }

    /// A note: at most `ReviewLimits.maximumNoteCharacters` (4000) characters, no NUL.
    package static func note(_ note: String) -> String? {
        if note.count > ReviewLimits.maximumNoteCharacters {
            return "the note is \(note.count) characters, longer than the limit of "
                + "\(ReviewLimits.maximumNoteCharacters); shorten it or keep the details elsewhere"
        }
        if note.unicodeScalars.contains(where: { $0.value == 0 }) { return "the note has a NUL character" }
        return nil
    }

    /// The first problem with what a sync saw of one version (its version string, build and state string, the values
    /// it stores and shows), or `nil` when they can be stored.
    package static func problem(syncedVersion version: SyncedVersion) -> String? {
        if let problem = token(version.version, "version") { return problem }
        if let build = version.build, let problem = token(build, "build") { return problem }
        return token(version.state, "state")
    }

    /// The first problem with what a sync saw of one app (its name, then each version's values), or `nil`.
    package static func problem(synced: SyncedApp) -> String? {
        if let problem = appName(synced.name) { return problem }
        if let problem = synced.versions.lazy.compactMap({ problem(syncedVersion: $0) }).first { return problem }
        return synced.testFlight?.builds.lazy.compactMap { problem(syncedBuild: $0) }.first
    }

    /// The first problem with one TestFlight build's values, or `nil`.
    package static func problem(syncedBuild build: SyncedBuild) -> String? {
        if let problem = token(build.version, "pre-release version") { return problem }
        if let problem = token(build.build, "build") { return problem }
        if let state = build.reviewState, let problem = token(state, "beta review state") { return problem }
        if let state = build.externalState, let problem = token(state, "external build state") { return problem }
        return nil
    }

    /// The first problem with an event's values, or `nil` when they can be stored.
    package static func problem(app: String, version: String?, build: String?, note: String?) -> String? {
        if let problem = appName(app) { return problem }
        if let version, let problem = token(version, "version") { return problem }
        if let build, let problem = token(build, "build") { return problem }
        if let note, let problem = Validation.note(note) { return problem }
        return nil
    }
}
