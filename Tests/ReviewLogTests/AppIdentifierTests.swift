import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// Daily-use issue, item 9: `LogRequest.bundleID` and `appStoreID` set an app's identifiers, never change them.
@Suite("app identifiers from a logged event")
struct AppIdentifierTests {
    /// This test's own temporary folder (Swift Testing makes a suite value for each test and argument).
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static let at = Timestamp(iso8601: "2025-03-01T09:00:00Z")!

    func request(
        _ app: String, _ state: ReviewState, hours: Int64 = 0, bundleID: String? = nil, appStoreID: String? = nil
    ) -> LogRequest {
        LogRequest(
            app: app, version: "1.0", state: state,
            at: Timestamp(secondsSince1970: Self.at.secondsSince1970 + hours * 3600),
            bundleID: bundleID, appStoreID: appStoreID)
    }

    @Test(
        "a missing identifier is set, with the event, and the stored event carries it; the same value is accepted",
        arguments: StoreKind.allCases)
    func sets(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let first = try store.record(request("Fokus", .waitingForReview, bundleID: "com.example.fokus"))
        #expect(first.event.app == App(name: "Fokus", bundleID: "com.example.fokus"))
        let second = try store.record(
            request("FOKUS", .inReview, hours: 1, bundleID: "com.example.fokus", appStoreID: "1234567890"))
        #expect(second.event.app == App(name: "Fokus", bundleID: "com.example.fokus", appStoreID: "1234567890"))
        #expect(try store.app(named: "fokus")?.appStoreID == "1234567890")
    }

    @Test(
        "another value is identifierMismatch naming both, another app's identifierTaken naming it; nothing recorded",
        arguments: StoreKind.allCases)
    func refuses(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        _ = try store.record(request("Fokus", .waitingForReview, bundleID: "com.a", appStoreID: "111"))
        // The store names the values and the cause; `review log` adds its `--bundle-id` or `--app-store-id`.
        expectError(ReviewError(.identifierMismatch), mentioning: ["com.a", "com.b", "bundle ID"]) {
            _ = try store.record(request("Fokus", .inReview, hours: 1, bundleID: "com.b"))
        }
        expectError(ReviewError(.identifierMismatch), mentioning: ["111", "222", "App Store ID"]) {
            _ = try store.record(request("Fokus", .inReview, hours: 1, appStoreID: "222"))
        }
        expectError(ReviewError(.identifierTaken), mentioning: ["com.a", "belongs to Fokus", "Lumen"]) {
            _ = try store.record(request("Lumen", .waitingForReview, bundleID: "com.a"))
        }
        expectError(ReviewError(.identifierTaken), mentioning: ["111", "belongs to Fokus"]) {
            _ = try store.record(request("Lumen", .waitingForReview, appStoreID: "111"))
        }
        #expect(try store.events(app: nil).count == 1)
        #expect(try store.appNames() == ["Fokus"])
        #expect(try store.app(named: "Fokus") == App(name: "Fokus", bundleID: "com.a", appStoreID: "111"))
    }
}
