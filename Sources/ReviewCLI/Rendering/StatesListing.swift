import CommandLineKit
import ReviewLog

/// `review states`: every state by stage, with its API string, display name, other spellings and meaning.
enum StatesListing {
    /// Where the display names and meanings come from.
    static let source =
        "https://developer.apple.com/help/app-store-connect/reference/app-and-submission-statuses"

    /// What a state does to a submission cycle, in words: a decision (approval or rejection), a withdrawal, or
    /// nothing.
    static func role(_ state: ReviewState) -> String? {
        if state == .waitingForReview { return "start" }
        if state.isRejection { return "rejection" }
        if state.isReviewOutcome { return "approval" }
        if state == .developerRejected || state == .canceling { return "withdrawal" }
        return nil
    }

    /// `text` as lines of at most 100 columns, the first indented 4, the others `indent`.
    private static func wrapped(_ text: String, indent: Int) -> String {
        TextWrapping.lines(text, width: 100, firstPrefix: "    ", indent: indent).joined(separator: "\n") + "\n"
    }

    static func text() -> String {
        var text = ""
        for stage in ReviewStage.allCases {
            text += "\(stage.name)\n"
            for state in stage.states {
                text += "  \(state.displayName) (\(state.apiString))\n"
                text += wrapped("also: " + state.aliases.joined(separator: ", "), indent: 10)
                var meaning = state.meaning
                switch role(state) {
                case "approval": meaning += " Counts as a decision: approved."
                case "rejection": meaning += " Counts as a decision: rejected."
                case "withdrawal": meaning += " Ends a submission cycle as withdrawn."
                default: break
                }
                text += wrapped(meaning, indent: 4)
            }
            text += "\n"
        }
        text += "Any of these spellings is accepted, in any case. Meanings after App Store Connect Help, \"App and "
        text += "submission statuses\": \(source)\n"
        return text
    }

    static func json() -> String {
        let stages = ReviewStage.allCases.map { stage in
            let states = stage.states.map { state in
                JSONText.object([
                    ("state", JSONText.string(state.apiString)), ("name", JSONText.string(state.displayName)),
                    ("aliases", "[" + state.aliases.map { JSONText.string($0) }.joined(separator: ", ") + "]"),
                    ("meaning", JSONText.string(state.meaning)), ("role", JSONText.string(role(state))),
                ])
            }
            return "  "
                + JSONText.object([
                    ("stage", JSONText.string(stage.rawValue)), ("name", JSONText.string(stage.name)),
                    ("states", "[" + states.joined(separator: ", ") + "]"),
                ])
        }
        return "{\"source\": \(JSONText.string(source)), \"stages\": [\n" + stages.joined(separator: ",\n") + "\n]}\n"
    }
}
