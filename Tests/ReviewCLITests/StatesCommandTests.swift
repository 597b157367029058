import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// Daily-use issue, item 4, through `ReviewCLI.main`: `review states`, the spellings people type, and `approved`.
@Suite("review states and the spellings log accepts")
struct StatesCommandTests {
    static let now = Timestamp(secondsSince1970: 1_767_873_600)

    @Test("states lists every state by stage with its API string, display name, aliases and meaning; no store made")
    func listing() throws {
        let review = try InProcessReview()
        let output = review(["states"], now: Self.now)
        #expect(output.status == .success && output.standardError.isEmpty)
        for stage in ReviewStage.allCases { #expect(output.standardOutput.contains("\(stage.name)\n"), "\(stage)") }
        for state in ReviewState.allCases {
            #expect(output.standardOutput.contains("  \(state.displayName) (\(state.apiString))\n"), "\(state)")
        }
        #expect(output.standardOutput.contains("pending-developer-release, Pending Release, pending-release"))
        #expect(output.standardOutput.contains("app-and-submission-statuses"))
        // Waiting comes before In review, which comes before the decisions.
        let text = output.standardOutput
        let waiting = try #require(text.range(of: "Waiting for Review (WAITING_FOR_REVIEW)"))
        let inReview = try #require(text.range(of: "In Review (IN_REVIEW)"))
        #expect(waiting.lowerBound < inReview.lowerBound)
        #expect(!FileManager.default.fileExists(atPath: review.path))
    }

    @Test("states --json: one object, every state once, with its stage, aliases, meaning and role")
    func json() throws {
        let object = try jsonObject(InProcessReview().ok(["states", "--json"], now: Self.now))
        let stages = try #require(object["stages"] as? [[String: Any]])
        #expect(stages.map { $0["stage"] as? String } == ReviewStage.allCases.map(\.rawValue))
        let states = stages.flatMap { ($0["states"] as? [[String: Any]]) ?? [] }
        #expect(states.compactMap { $0["state"] as? String }.sorted() == ReviewState.allCases.map(\.apiString).sorted())
        let approved = try #require(states.first { $0["state"] as? String == "APPROVED" })
        #expect(approved["role"] as? String == "approval" && approved["name"] as? String == "Approved")
        let live = try #require(states.first { $0["state"] as? String == "READY_FOR_DISTRIBUTION" })
        #expect((live["aliases"] as? [String])?.contains("Ready for Sale") == true)
        #expect(states.first { $0["state"] as? String == "UNRESOLVED_ISSUES" }?["role"] as? String == "rejection")
    }

    @Test(
        "log takes the names people type",
        arguments: [
            ("Ready for Sale", "Ready for Distribution"), ("Pending Release", "Pending Developer Release"),
            ("Removed from App Store", "Removed from App Store"), ("approved", "Approved"),
        ])
    func spellings(typed: String, shown: String) throws {
        let output = try InProcessReview().ok(
            ["log", "Fokus", typed, "--version", "1.0", "--at", "-1h"], now: Self.now)
        #expect(output.contains("Fokus 1.0 (iOS) \(shown) at"), "\(output)")
    }

    @Test(
        "a mistyped state suggests a state of the same stage, or none",
        arguments: [
            ("Ready for Sael", "did you mean ready-for-distribution (READY_FOR_DISTRIBUTION)?"),
            ("aproved", "did you mean approved (APPROVED)?"),
            ("Pending Relase", "did you mean pending-developer-release (PENDING_DEVELOPER_RELEASE)?"),
            ("nonsense", "'review states' lists every state"),
        ])
    func suggestions(typed: String, message: String) throws {
        let output = try InProcessReview()(["log", "Fokus", typed, "--version", "1.0"], now: Self.now)
        #expect(output.status == .usage)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(!output.standardError.contains("ready-for-review"))
    }

    @Test("an approved cycle counts as decided and not rejected in stats, and exports as APPROVED")
    func approvedInStats() throws {
        let review = try InProcessReview()
        for (state, at) in [("waiting-for-review", "-3d"), ("in-review", "-2d"), ("approved", "-1d")] {
            let logged = review(["log", "Fokus", state, "--version", "2.0", "--at", at], now: Self.now)
            #expect(logged.status == .success && logged.standardError.isEmpty, "\(logged.standardError)")
        }
        let object = try jsonObject(review.ok(["stats", "--json"], now: Self.now))
        #expect((object["decided"] as? NSNumber)?.intValue == 1 && (object["rejected"] as? NSNumber)?.intValue == 0)
        #expect((object["open"] as? NSNumber)?.intValue == 0)
        let export = review(["export", "--format", "csv"], now: Self.now)
        #expect(export.standardOutput.contains(",APPROVED,"))
        let timeline = review(["timeline", "Fokus"], now: Self.now)
        #expect(timeline.standardOutput.contains("Cycle 1: Approved after 2d 0h"), "\(timeline.standardOutput)")
    }
}
