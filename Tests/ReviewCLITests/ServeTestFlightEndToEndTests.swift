import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// `review serve` and TestFlight (issue 24): `buildBetaDetailExternalBuildStateUpdated` deliveries, signed, recorded at
/// their exact time on the TestFlight track, once however often Apple sends them, pending until their build resolves.
@Suite("review serve end to end: TestFlight build state deliveries")
struct ServeTestFlightEndToEndTests {
    typealias Harness = ServeHarness

    /// The body App Store Connect sends when a build's external build state changes.
    static func buildState(
        id: String, from oldValue: String?, to newValue: String, at timestamp: String, detail: String
    )
        -> [UInt8]
    {
        let old = oldValue.map { "\"oldExternalBuildState\":\"\($0)\"," } ?? ""
        return Array(
            """
            {"data":{"type":"buildBetaDetailExternalBuildStateUpdated","id":"\(id)","version":1,"attributes":\
            {"newExternalBuildState":"\(newValue)",\(old)"timestamp":"\(timestamp)"},"relationships":\
            {"instance":{"data":{"type":"buildBetaDetails","id":"\(detail)"}}}}}
            """.utf8)
    }

    /// Build 119 of Fokus 2.4 in the fake, its beta detail `bbd-b119`.
    static func addBuild(to harness: Harness, id: String = "b119", number: String = "119") {
        harness.sync.fake.update {
            $0.testFlightBuilds.append(
                .init(
                    id: id, appID: Harness.appID, version: number, uploadedDate: "2026-11-20T08:00:00Z",
                    preReleaseVersion: .init(id: "prv-24", version: "2.4")))
        }
    }

    @Test("signed deliveries are TestFlight events at their exact time, each once; other values are not events")
    func recorded() throws {
        let harness = try Harness()
        Self.addBuild(to: harness)
        let server = try harness.start("testflight")
        let waiting = Self.buildState(
            id: "t1", from: "READY_FOR_BETA_SUBMISSION", to: "WAITING_FOR_BETA_REVIEW", at: "2026-11-21T08:00:00.250Z",
            detail: "bbd-b119")
        #expect(try Harness.deliver(waiting, to: server)?.status == 200)
        #expect(try Harness.deliver(waiting, to: server)?.status == 200, "a retry is acknowledged")
        let approved = Self.buildState(
            id: "t2", from: "IN_BETA_REVIEW", to: "BETA_APPROVED", at: "2026-11-21T10:30:00Z", detail: "bbd-b119")
        #expect(try Harness.deliver(approved, to: server)?.status == 200)
        // IN_BETA_TESTING is not a Beta App Review state: stored, no event.
        let testing = Self.buildState(
            id: "t3", from: "BETA_APPROVED", to: "IN_BETA_TESTING", at: "2026-11-21T10:31:00Z", detail: "bbd-b119")
        #expect(try Harness.deliver(testing, to: server)?.status == 200)
        // A forged one is refused and stores nothing.
        let forged = Self.buildState(
            id: "t4", from: nil, to: "BETA_REJECTED", at: "2026-11-21T11:00:00Z", detail: "bbd-b119")
        #expect(try Harness.deliver(forged, to: server, signature: "hmacsha256=00")?.status == 401)
        #expect(harness.stop(server) == 0)
        let events = try harness.events()
        #expect(events.map(\.state) == [.waitingForReview, .approved])
        #expect(events.allSatisfy { $0.track == .testFlight && $0.source == .webhook && $0.timing == .exact })
        #expect(events.allSatisfy { $0.version == "2.4" && $0.build == "119" && $0.ascBuildID == "b119" })
        #expect(events.map(\.at.iso8601) == ["2026-11-21T08:00:00Z", "2026-11-21T10:30:00Z"])
        #expect(try harness.status("t3") == .resolved(eventID: nil))
        #expect(try harness.status("t4") == nil)
        // The timeline tells the build's cycle.
        let timeline = try harness.sync.review(["timeline", "Fokus", "--track", "testflight", "--utc"])
        #expect(timeline.standardOutput.contains("Cycle 1 (build 119): Approved after 2h 30m"), "\(timeline)")
    }

    @Test("a delivery whose build cannot be resolved yet is pending (202), then resolved in the background")
    func pendingThenResolved() throws {
        let harness = try Harness()
        let server = try harness.start("testflight-pending", arguments: ["--resolve-interval", "1s"])
        let body = Self.buildState(
            id: "p1", from: nil, to: "IN_BETA_REVIEW", at: "2026-11-21T09:00:00Z", detail: "bbd-b200")
        #expect(try Harness.deliver(body, to: server)?.status == 202)
        #expect(try harness.status("p1") == .pending)
        Self.addBuild(to: harness, id: "b200", number: "200")
        let deadline = Date().addingTimeInterval(30)
        while try harness.status("p1") == .pending, Date() < deadline { usleep(100_000) }
        #expect(harness.stop(server) == 0)
        let events = try harness.events()
        #expect(events.map(\.build) == ["200"] && events.first?.state == .inReview)
        #expect(events.first?.track == .testFlight && events.first?.at.iso8601 == "2026-11-21T09:00:00Z")
    }
}
