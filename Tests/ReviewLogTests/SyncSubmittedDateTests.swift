import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// A submission date before what is recorded is not used, and the sync says so once (issue 25 item 12).
@Suite("Sync: a submittedDate older than the last recorded event")
struct SyncSubmittedDateTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test(
        "Waiting for Review is recorded at the look, observed; the change carries the date it did not use, once",
        arguments: StoreKind.allCases)
    func ignoredDateSaidOnce(kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        // Rejected by hand at hour 10; App Store Connect then reports a resubmission dated hour 2.
        try AppManagementTests.log(store, "Fokus", .waitingForReview, hours: 0)
        try AppManagementTests.log(store, "Fokus", .rejected, hours: 10)
        let old = SyncedSubmission(ascID: "s1", submittedAt: AppManagementTests.at(hours: 2))
        let waiting = SyncedVersion(
            ascID: "v1", platform: .iOS, version: "1.0", state: "WAITING_FOR_REVIEW", submission: old)
        let first = try AppManagementTests.sync(
            store, ascID: "1600000001", name: "Fokus", bundleID: "com.example.fokus", hours: 20, versions: [waiting])
        let change = try #require(first.first)
        let event = try #require(change.event)
        #expect(event.at == AppManagementTests.at(hours: 20) && event.timing.isObserved)
        #expect(change.ignoredSubmittedAt == AppManagementTests.at(hours: 2))
        // The next look finds the state recorded: nothing more is said.
        let second = try AppManagementTests.sync(
            store, ascID: "1600000001", name: "Fokus", bundleID: "com.example.fokus", hours: 21, versions: [waiting])
        #expect(second.allSatisfy { $0.event == nil && $0.ignoredSubmittedAt == nil })
        // A date after the last event is used, exact, and nothing is ignored.
        try AppManagementTests.sync(
            store, ascID: "1600000001", name: "Fokus", bundleID: "com.example.fokus", hours: 30,
            versions: [SyncedVersion(ascID: "v1", platform: .iOS, version: "1.0", state: "REJECTED")])
        let fresh = SyncedSubmission(ascID: "s2", submittedAt: AppManagementTests.at(hours: 31))
        let resubmitted = try AppManagementTests.sync(
            store, ascID: "1600000001", name: "Fokus", bundleID: "com.example.fokus", hours: 40,
            versions: [
                SyncedVersion(
                    ascID: "v1", platform: .iOS, version: "1.0", state: "WAITING_FOR_REVIEW", submission: fresh)
            ])
        let exact = try #require(resubmitted.first?.event)
        #expect(exact.at == AppManagementTests.at(hours: 31) && !exact.timing.isObserved)
        #expect(resubmitted.first?.ignoredSubmittedAt == nil)
    }
}
