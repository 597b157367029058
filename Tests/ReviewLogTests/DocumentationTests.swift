import GatehouseTesting
import ReviewLog
import Testing

/// The code of ReviewLog's DocC catalog (`Sources/ReviewLog/ReviewLog.docc`): every Swift listing there is one of the
/// regions between the markers below, compiled here (against the public API only: no `@testable`) and run on a
/// store in a temporary directory. The catalog's errors article has an entry for every `ReviewError` code.
@Suite("ReviewLog documentation")
struct DocumentationTests {
    static let catalog = DocumentationCatalog(
        module: "ReviewLog", snippetsIn: "Tests/ReviewLogTests/DocumentationTests.swift",
        errorType: "ReviewError", declaredIn: "Sources/ReviewLog/Errors/ReviewError.swift")

    // MARK: The code of the pages

    static func record(path: String) throws -> (RelationalReviewStore, LogResult) {
        // snippet-start: record
        // Created, with its folders, when missing:
        let store = try RelationalReviewStore(sqlitePath: path)
        let submitted = Timestamp(iso8601: "2020-03-15T10:00:00+09:00")!
        _ = try store.record(
            LogRequest(
                app: "PriLingo", version: "1.0", state: .waitingForReview,
                at: submitted))
        let inReview = Timestamp(iso8601: "2020-03-22T10:00:00+09:00")!
        let review = try store.record(
            LogRequest(app: "PriLingo", state: .inReview, at: inReview))
        // review.event.version is "1.0", the app's latest version;
        // review.previousStateSeconds is 604800: 7 days waiting
        // snippet-end
        return (store, review)
    }

    static func statistics(_ store: RelationalReviewStore, now: Timestamp) throws -> String {
        // snippet-start: statistics
        let events = try store.events(app: "PriLingo")
        let timelines = VersionTimeline.timelines(of: events, now: now)
        let statistics = ReviewStatistics(timelines: timelines)
        let waited = statistics.waiting.median
            .map { DurationFormat.string(seconds: $0) }  // "7d 0h"
        // snippet-end
        return waited ?? "none"
    }

    static func log(_ request: LogRequest, in store: RelationalReviewStore) -> String {
        // snippet-start: errors
        do {
            let result = try store.record(request)
            return result.inserted ? "logged" : "already logged"
        } catch {
            // The store's calls throw ReviewError only (typed throws)
            switch error.code {
            case .versionRequired, .invalidValue:
                // The reason names the value and what to give instead
                return "fix the request: \(error.reason)"
            default:
                // "ReviewError.<code>: <reason>", naming the file
                return "the store failed: \(error)"
            }
        }
        // snippet-end
    }

    // MARK: The code runs

    @Test("record two events, then the timeline: one cycle, 7 days waiting")
    func recordAndSummarise() throws {
        let directory = try TemporaryDirectory()
        let (store, review) = try Self.record(path: directory.file("data/review.sqlite3").path)
        #expect(review.event.version == "1.0")
        #expect(review.previousStateSeconds == 604_800)
        let events = try store.events(app: nil)
        #expect(events.map(\.state) == [.waitingForReview, .inReview])
        #expect(events.map(\.version) == ["1.0", "1.0"])
        let now = Timestamp(iso8601: "2020-03-23T10:00:00+09:00")!
        #expect(try Self.statistics(store, now: now) == "7d 0h")
    }

    @Test("the error handling example: a first event without a version is a request to fix")
    func errors() throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("review.sqlite3").path)
        let at = Timestamp(secondsSince1970: 1_584_234_000)
        let answer = Self.log(LogRequest(app: "PriLingo", state: .waitingForReview, at: at), in: store)
        #expect(answer.hasPrefix("fix the request: PriLingo has no events yet"), "\(answer)")
        let request = LogRequest(app: "PriLingo", version: "1.0", state: .waitingForReview, at: at)
        #expect(Self.log(request, in: store) == "logged")
        #expect(Self.log(request, in: store) == "already logged")
    }

    // MARK: The catalog agrees with the code

    @Test("every Swift listing of the catalog is a snippet region of this file, and every region is shown")
    func listingsAreCompiledCode() throws { try Self.catalog.expectListingsAreSnippets() }

    @Test("the errors article has an entry for every ReviewError code")
    func everyCodeIsExplained() throws { try Self.catalog.expectEveryCodeExplained() }
}
