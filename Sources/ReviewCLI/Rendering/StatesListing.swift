import CommandLineKit
import ReviewLog

/// `review states`: every state by stage, with its API string, display name, other spellings and meaning.
enum StatesListing {
    /// Where the display names and meanings come from.
    static let source =
        "https://developer.apple.com/help/app-store-connect/reference/app-and-submission-statuses"

    /// Where the TestFlight states' meanings come from.
    static let testFlightSource = "https://developer.apple.com/help/app-store-connect/reference/app-build-statuses"

    /// A TestFlight state's `externalBuildState` (what a webhook sends; issue 24), by its `betaReviewState`.
    static func externalBuildState(_ state: ReviewState) -> String {
        WebhookDelivery.testFlightExternalBuildStates.first { $0.state == state }?.value ?? ""
    }

    /// What a TestFlight state means (after App Store Connect Help, "App build statuses").
    static func testFlightMeaning(_ state: ReviewState) -> String {
        switch state {
        case .waitingForReview:
            "The build was submitted to Beta App Review (at its submission's submittedDate) and the review has not "
                + "started; external testers cannot get it yet. A TestFlight cycle (one build) starts here."
        case .inReview: "Beta App Review is reviewing the build."
        case .rejected: "Beta App Review rejected the build; external testers cannot get it. Counts as a decision."
        default:
            "External testers can get the build. Counts as a decision; a build first seen approved without a "
                + "review submission (later builds of a reviewed version often are) was approved without review."
        }
    }

    /// What a state does to a submission cycle, in words: a decision (approval or rejection), a withdrawal, or
    /// nothing.
    static func role(_ state: ReviewState) -> String? {
        if state == .waitingForReview { return "start" }
        if state.isRejection { return "rejection" }
        if state.isReviewOutcome { return "approval" }
        if state.stage == .withdrawn { return "withdrawal" }
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
        text += "\nTestFlight (Beta App Review of a build: log --track testflight --build <build>)\n"
        for state in ReviewTrack.testFlightStates {
            text += "  \(state.displayName) (\(state.apiString))\n"
            text += wrapped("webhook: " + externalBuildState(state), indent: 10)
            text += wrapped(testFlightMeaning(state), indent: 4)
        }
        text += "\nTestFlight meanings after App Store Connect Help, \"App build statuses\": \(testFlightSource)\n"
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
        let testFlight = ReviewTrack.testFlightStates.map { state in
            "  "
                + JSONText.object([
                    ("state", JSONText.string(state.apiString)), ("name", JSONText.string(state.displayName)),
                    ("externalBuildState", JSONText.string(externalBuildState(state))),
                    ("meaning", JSONText.string(testFlightMeaning(state))), ("role", JSONText.string(role(state))),
                ])
        }
        return "{\"source\": \(JSONText.string(source)), \"stages\": [\n" + stages.joined(separator: ",\n") + "\n],\n"
            + "\"testflight\": {\"source\": \(JSONText.string(testFlightSource)), \"states\": [\n"
            + testFlight.joined(separator: ",\n") + "\n]}}\n"
    }
}
