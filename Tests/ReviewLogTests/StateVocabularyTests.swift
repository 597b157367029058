import Foundation
import GatehouseTesting
import Testing

@testable import ReviewLog

/// Daily-use issue, item 4: what people type is accepted, every state has a stage and a meaning, `approved` is an
/// approval everywhere, and a suggestion for a mistyped state never points to another stage.
@Suite("States people type: aliases, stages, Approved, suggestions")
struct StateVocabularyTests {
    @Test(
        "the names people use read as the state App Store Connect means",
        arguments: [
            ("Ready for Sale", ReviewState.readyForDistribution), ("ready-for-sale", .readyForDistribution),
            ("READY_FOR_SALE", .readyForDistribution), ("Pending Release", .pendingDeveloperRelease),
            ("pending-release", .pendingDeveloperRelease), ("Removed from App Store", .removedFromSale),
            ("removed-from-app-store", .removedFromSale), ("Removed from Sale", .removedFromSale),
            ("Developer Removed from App Store", .developerRemovedFromSale),
            ("developer removed from sale", .developerRemovedFromSale), ("approved", .approved),
            ("APPROVED", .approved), ("Approved", .approved), ("Processing for App Store", .processingForDistribution),
        ])
    func aliases(text: String, state: ReviewState) {
        #expect(ReviewState(spelling: text) == state, "\(text)")
    }

    @Test("every state has one stage, a meaning and aliases; every stage has states; spellings are unambiguous")
    func stages() {
        #expect(Set(ReviewStage.allCases.flatMap(\.states)) == Set(ReviewState.allCases))
        for stage in ReviewStage.allCases { #expect(!stage.states.isEmpty, "\(stage)") }
        var owner: [String: ReviewState] = [:]
        for state in ReviewState.allCases {
            #expect(state.meaning.count > 20, "\(state)")
            #expect(state.aliases.contains(state.kebabAlias))
            #expect(!state.aliases.contains(state.apiString) && !state.aliases.contains(state.displayName))
            for spelling in state.spellings {
                if let other = owner[spelling.lowercased()] { #expect(other == state, "\(spelling)") }
                owner[spelling.lowercased()] = state
                #expect(ReviewState(spelling: spelling) == state, "\(spelling)")
            }
        }
        #expect(ReviewState.waitingForReview.stage == .waiting && ReviewState.approved.stage == .approved)
        #expect(ReviewState.unresolvedIssues.stage == .rejected && ReviewState.readyForDistribution.stage == .live)
        // Decisions: every approval stage state that is an outcome is no rejection, and every rejection is one.
        for state in ReviewState.allCases where state.isRejection { #expect(state.stage == .rejected) }
    }

    /// Every spelling with one edit made: each character dropped, doubled, replaced by a letter, and each pair of
    /// neighbours swapped.
    static func typos(of word: String) -> Set<String> {
        let characters = Array(word)
        var result: Set<String> = []
        for index in characters.indices {
            var dropped = characters
            dropped.remove(at: index)
            result.insert(String(dropped))
            var doubled = characters
            doubled.insert(characters[index], at: index)
            result.insert(String(doubled))
            var replaced = characters
            replaced[index] = characters[index] == "q" ? "z" : "q"
            result.insert(String(replaced))
            if index + 1 < characters.count {
                var swapped = characters
                swapped.swapAt(index, index + 1)
                result.insert(String(swapped))
            }
        }
        return result
    }

    @Test(
        "a typo of any spelling of any state is suggested within its stage, or not at all",
        arguments: ReviewState.allCases)
    func suggestionsStayInTheirStage(state: ReviewState) {
        var suggested = 0
        var total = 0
        // Spellings that differ only in case, spaces or underscores are compared as one (as the suggestion does).
        let forms = Set(state.spellings.map { String($0.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 }) })
        for spelling in forms.sorted() {
            for typo in Self.typos(of: spelling) where ReviewState(spelling: typo) == nil {
                total += 1
                guard let suggestion = ReviewState.suggestion(for: typo) else { continue }
                suggested += 1
                #expect(
                    suggestion.stage == state.stage,
                    "\"\(typo)\" (a typo of \(spelling)) suggests \(suggestion) of stage \(suggestion.stage)")
            }
        }
        // Most typos are still recognised: at least nine in ten.
        #expect(suggested * 10 >= total * 9, "\(state): \(suggested) of \(total) typos get a suggestion")
    }

    @Test(
        "the reported case: Ready for Sale is accepted, and its typos suggest Ready for Distribution, never Ready for Review"
    )
    func readyForSale() {
        #expect(ReviewState(spelling: "Ready for Sale") == .readyForDistribution)
        for typo in ["Ready for Sael", "ready-for-sales", "ready for sal", "READY_FOR_SAL"] {
            #expect(ReviewState.suggestion(for: typo) == .readyForDistribution, "\(typo)")
        }
        #expect(ReviewState.suggestion(for: "Ready for Reveiw") == .readyForReview)
        #expect(ReviewState.suggestion(for: "zzz") == nil)
    }

    @Test("Approved is a decision and an approval: cycle, statistics, transitions")
    func approvedCounts() throws {
        var builder = EventBuilder()
        let states: [(ReviewState, Double)] = [
            (.waitingForReview, 0), (.inReview, 20), (.approved, 30), (.readyForDistribution, 40),
        ]
        for (state, hours) in states { builder.add(state, hours: hours) }
        let timeline = builder.timeline(nowHours: 50)
        #expect(timeline.cycles.count == 1)
        let cycle = try #require(timeline.cycles.first)
        #expect(cycle.decision?.state == .approved && cycle.timeToDecisionSeconds == 30 * 3600)
        #expect(!cycle.isOpen && !cycle.isWithdrawn)
        let stats = ReviewStatistics(timelines: [timeline])
        #expect(stats.decided == 1 && stats.rejected == 0 && stats.open == 0 && stats.decidedWithin48h == 1)
        #expect(Transitions.isNormal(from: .inReview, to: .approved))
        #expect(Transitions.isNormal(from: .approved, to: .readyForDistribution))
        #expect(!Transitions.isNormal(from: .waitingForReview, to: .approved))
    }

    @Test(
        "Approved goes through the store and both interchange formats unchanged", arguments: InterchangeFormat.allCases)
    func approvedRoundTrip(format: InterchangeFormat) throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("r.sqlite3").path)
        let at = Timestamp(iso8601: "2025-06-01T10:00:00Z")!
        _ = try store.record(LogRequest(app: "Fokus", version: "2.0", state: .waitingForReview, at: at))
        let logged = try store.record(
            LogRequest(app: "Fokus", state: .approved, at: Timestamp(secondsSince1970: at.secondsSince1970 + 3600)))
        #expect(logged.event.state == .approved && logged.isNormalTransition == false)
        let events = try store.events(app: nil)
        let text = format == .json ? EventInterchange.json(events) : EventInterchange.csv(events)
        #expect(text.contains("APPROVED"))
        let read = try EventInterchange.events(from: Array(text.utf8), format: format, name: "export")
        #expect(read == events)
        let other = try RelationalReviewStore(sqlitePath: directory.file("s.sqlite3").path)
        #expect(try other.importEvents(read) == ImportSummary(inserted: 2, alreadyPresent: 0))
        let again = try other.events(app: nil)
        #expect((format == .json ? EventInterchange.json(again) : EventInterchange.csv(again)) == text)
        // A hand-written file may spell it as people do.
        let handWritten = "app,version,state,at\r\nFokus,2.0,approved,2025-06-02T10:00:00Z\r\n"
        let parsed = try EventInterchange.events(from: Array(handWritten.utf8), format: .csv, name: "hand.csv")
        #expect(parsed.first?.state == .approved)
        // A misspelt state in a file gets the same suggestion as on the command line.
        let misspelt = "app,version,state,at\r\nFokus,2.0,Ready for Sael,2025-06-02T10:00:00Z\r\n"
        #expect {
            try EventInterchange.events(from: Array(misspelt.utf8), format: .csv, name: "hand.csv")
        } throws: { error in
            (error as? ReviewError)?.reason.contains("did you mean READY_FOR_DISTRIBUTION?") == true
        }
    }
}
