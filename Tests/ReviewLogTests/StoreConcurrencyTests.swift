import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// The reshaped store seam: one `Sendable` store object serves concurrent callers (as `review serve` will), every
/// call one serialized unit of work, and statements prepared once never leave a stale read behind.
@Suite("Store concurrency: one store, many callers")
struct StoreConcurrencyTests {
    static let start: Int64 = 1_584_230_400

    static func request(app: String, version: Int, state: ReviewState, at offset: Int64) -> LogRequest {
        LogRequest(
            app: app, version: "1.\(version)", state: state,
            at: Timestamp(secondsSince1970: start + offset))
    }

    @Test(
        "8 tasks logging and reading through one store object lose and duplicate nothing", arguments: StoreKind.allCases
    )
    func concurrentCallersShareOneStore(_ kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let store: any ReviewStore = try kind.makeStore(in: directory)
        let states: [ReviewState] = [.waitingForReview, .inReview, .rejected, .waitingForReview, .inReview]
        try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var reads = 0
                    for version in 0..<5 {
                        for (index, state) in states.enumerated() {
                            let request = Self.request(
                                app: "App\(worker)", version: version, state: state,
                                at: Int64(version * 100_000 + index * 3_600))
                            let result = try store.record(request)
                            #expect(result.inserted)
                            // The same event again, from the same caller: stored once.
                            #expect(try !store.record(request).inserted)
                            reads += try store.events(app: "App\(worker)").count
                        }
                    }
                    return reads
                }
            }
            for try await reads in group { #expect(reads > 0) }
        }
        let all = try store.events(app: nil)
        #expect(all.count == 8 * 5 * states.count)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(try store.appNames().count == 8)
    }

    @Test(
        "a read after another connection's write sees it: no cached statement keeps an old snapshot",
        arguments: StoreKind.allCases)
    func cachedStatementsDoNotHoldSnapshots(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let location = try kind.newLocation(in: directory)
        let reader = try kind.open(location)
        let writer = try kind.open(location)
        _ = try writer.record(Self.request(app: "A", version: 0, state: .waitingForReview, at: 0))
        #expect(try reader.events(app: "A").count == 1)
        #expect(try reader.app(named: "A") != nil)
        _ = try writer.record(Self.request(app: "A", version: 0, state: .inReview, at: 3_600))
        _ = try writer.record(Self.request(app: "B", version: 0, state: .inReview, at: 3_600))
        #expect(try reader.events(app: "A").count == 2)
        #expect(try reader.events(app: nil).count == 3)
        #expect(try reader.appNames() == ["A", "B"])
        // And a write through the reader after all that still works (no statement left mid-step blocks it).
        _ = try reader.record(Self.request(app: "A", version: 0, state: .rejected, at: 7_200))
        #expect(try writer.events(app: "A").count == 3)
    }
}
