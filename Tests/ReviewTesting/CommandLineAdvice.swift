/// What in a library message reads as a command line's advice: a `--flag`, or `review` followed by one of its
/// commands. Issue 21 item 5: ReviewLog's and ReviewSync's messages name the cause; `review` adds its flags and
/// commands. Both libraries' message tests use this one detector.
public enum CommandLineAdvice {
    /// The advice found in `text` (the flag, or "review <command>"), or nil.
    public static func found(in text: String) -> String? {
        let commands = [
            "log", "status", "timeline", "stats", "report", "export", "import", "delete", "sync", "watch", "notify",
            "auth", "states", "apps", "edit", "migrate", "undo", "serve", "webhook", "signing", "help",
            "completion",
        ]
        let words = text.split(whereSeparator: { $0 == " " || $0 == "`" || $0 == "'" || $0 == "(" })
        for (index, word) in words.enumerated() {
            if word.hasPrefix("--"), word.dropFirst(2).first?.isLetter == true { return String(word) }
            if word == "review", index + 1 < words.count {
                let next = words[index + 1].prefix { $0.isLetter }
                if commands.contains(String(next)) { return "review \(next)" }
            }
        }
        return nil
    }
}
