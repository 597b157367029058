/// Checks on the free-text values an event carries, shared by logging and import.
enum Validation {
    /// An app name: 1 to 200 characters, no control characters, no surrounding spaces.
    static func appName(_ name: String) -> String? {
        if name.isEmpty { return "the app name is empty" }
        if name.count > 200 { return "the app name is longer than 200 characters" }
        if name.trimmingSpaces() != name { return "the app name \"\(name)\" has leading or trailing spaces" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the app name has control characters"
        }
        return nil
    }

    /// A version or build: 1 to 64 characters, no spaces or control characters.
    static func token(_ value: String, _ what: String) -> String? {
        if value.isEmpty { return "the \(what) is empty" }
        if value.count > 64 { return "the \(what) \"\(value.prefix(20))...\" is longer than 64 characters" }
        if value.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            return "the \(what) \"\(value)\" has spaces or control characters"
        }
        return nil
    }

    /// A note: at most 4000 characters, no NUL.
    static func note(_ note: String) -> String? {
        if note.count > 4000 { return "the note is longer than 4000 characters" }
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
