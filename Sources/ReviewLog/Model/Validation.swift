/// Checks on the free-text values an event carries, shared by logging and import.
enum Validation {
    /// An app name: 1 to `ReviewLimits.maximumAppNameCharacters` (200) characters, no control characters, no
    /// surrounding spaces.
    static func appName(_ name: String) -> String? {
        if name.isEmpty { return "the app name is empty" }
        if name.count > ReviewLimits.maximumAppNameCharacters {
            return "the app name is \(name.count) characters, longer than the limit of "
                + "\(ReviewLimits.maximumAppNameCharacters); shorten it"
        }
        if name.trimmingSpaces() != name { return "the app name \"\(name)\" has leading or trailing spaces" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the app name has control characters"
        }
        return nil
    }

    /// A version or build: 1 to `ReviewLimits.maximumVersionCharacters` (64) characters, no spaces or control
    /// characters.
    static func token(_ value: String, _ what: String) -> String? {
        if value.isEmpty { return "the \(what) is empty" }
        if value.count > ReviewLimits.maximumVersionCharacters {
            return "the \(what) \"\(value.prefix(20))...\" is \(value.count) characters, longer than the limit of "
                + "\(ReviewLimits.maximumVersionCharacters)"
        }
        if value.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            return "the \(what) \"\(value)\" has spaces or control characters"
        }
        return nil
    }

    /// A note: at most `ReviewLimits.maximumNoteCharacters` (4000) characters, no NUL.
    static func note(_ note: String) -> String? {
        if note.count > ReviewLimits.maximumNoteCharacters {
            return "the note is \(note.count) characters, longer than the limit of "
                + "\(ReviewLimits.maximumNoteCharacters); shorten it or keep the details elsewhere"
        }
        if note.unicodeScalars.contains(where: { $0.value == 0 }) { return "the note has a NUL character" }
        return nil
    }

    /// The first problem with an event's values, or `nil` when they can be stored.
    static func problem(app: String, version: String?, build: String?, note: String?) -> String? {
        if let problem = appName(app) { return problem }
        if let version, let problem = token(version, "version") { return problem }
        if let build, let problem = token(build, "build") { return problem }
        if let note, let problem = Validation.note(note) { return problem }
        return nil
    }
}
