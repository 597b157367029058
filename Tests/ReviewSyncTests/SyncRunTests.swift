import AppStoreConnect
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

@testable import ReviewSync

/// `SyncRun` over several keys, each on an App Store Connect of its own (a fake per team) into one store: the pending
/// webhook deliveries resolved first, every pass run whatever another meets, and the aggregated result as a value (the
/// `review sync` command line only renders it: ReviewCLITests hold its text and statuses).
@Suite("sync run: several profiles' passes, pending deliveries, one aggregated result")
struct SyncRunTests {
    static let team = FakeASCState(
        apps: [.init(id: "1000000001", name: "Fokus", bundleID: "com.example.fokus")],
        versions: [
            .init(id: "v-fokus-23", appID: "1000000001", versionString: "2.3", appVersionState: "WAITING_FOR_REVIEW")
        ])
    static let personal = FakeASCState(
        apps: [.init(id: "1000000002", name: "Lumen", bundleID: "com.example.lumen")],
        versions: [
            .init(
                id: "v-lumen-10", appID: "1000000002", platform: "MAC_OS", versionString: "1.0",
                appVersionState: "IN_REVIEW")
        ])

    /// The team's fake (the harness's, with its store), the personal team's fake, and a pass per profile.
    struct Teams {
        let harness: SyncHarness
        let personal: FakeAppStoreConnect

        init(_ kind: StoreKind) throws {
            harness = try SyncHarness(state: SyncRunTests.team, store: kind)
            personal = try FakeAppStoreConnect(
                keys: [
                    .init(
                        keyID: SyncHarness.keyID, publicKey: SyncHarness.key.publicKey, issuerID: SyncHarness.issuerID)
                ],
                state: SyncRunTests.personal, clock: harness.clock)
        }

        /// A pass for `profile` on `fake`'s base URL; a key ID the fake does not know is refused (401).
        func pass(_ profile: String, on fake: FakeAppStoreConnect, keyID: String = SyncHarness.keyID) throws -> SyncPass
        {
            let credentials = try ASCCredentials(
                keyID: keyID, issuerID: SyncHarness.issuerID, privateKey: SyncHarness.key)
            let client = try ASCClient(
                credentials: credentials, baseURL: fake.baseURL, clock: harness.clock, sleeper: harness.sleeper)
            return SyncPass(client: client, store: harness.store, profile: profile, clock: harness.clock)
        }

        var run: SyncRun {
            get throws {
                SyncRun(
                    store: harness.store,
                    passes: [try pass("team", on: harness.fake), try pass("personal", on: personal)],
                    clock: harness.clock)
            }
        }
    }

    static func reports(_ result: SyncRunResult) -> [SyncReport] {
        result.passes.compactMap { if case .completed(let report) = $0 { report } else { nil } }
    }

    @Test(
        "each profile's pass, in order; a pending delivery of the second team's version resolved first; no failure",
        arguments: StoreKind.allCases)
    func severalProfiles(_ kind: StoreKind) async throws {
        let teams = try Teams(kind)
        // A delivery kept pending earlier (App Store Connect could not be asked): Lumen 1.0 went In Review.
        let delivery = WebhookDelivery(
            id: "pending-1", kind: .stateChange(ascVersionID: "v-lumen-10", oldValue: nil, newValue: "IN_REVIEW"),
            timestampMilliseconds: 1_795_900_000_125, receivedAt: Timestamp(secondsSince1970: 1_795_900_001))
        _ = try teams.harness.store.recordWebhookDelivery(delivery, version: nil)

        let result = try await teams.run.run()
        let resolved = try #require(result.resolvedDeliveries.first)
        #expect(result.resolvedDeliveries.count == 1 && resolved.app.name == "Lumen" && resolved.source == .webhook)
        #expect(result.stillPendingDeliveries.isEmpty)
        #expect(try teams.harness.store.webhookDeliveryStatus(id: "pending-1") == .resolved(eventID: resolved.id))
        // The team's client could not see the version; the personal one could.
        #expect(teams.harness.fake.requestCount(path: "/v1/appStoreVersions/v-lumen-10") == 1)
        #expect(teams.personal.requestCount(path: "/v1/appStoreVersions/v-lumen-10") == 1)

        let reports = Self.reports(result)
        #expect(reports.map(\.profile) == ["team", "personal"])
        #expect(reports.map(\.syncedApps) == [["Fokus"], ["Lumen"]])
        let recordedByPasses = reports.flatMap(\.changes).compactMap { $0.event?.id }
        #expect(!recordedByPasses.isEmpty)
        #expect(result.recordedEventIDs == [resolved.id] + recordedByPasses)
        #expect(result.unseenApps.isEmpty)
        #expect(result.firstFailure == nil)
    }

    @Test(
        "an app seen by one key is enough; one no key sees is listed; a refused key fails only its pass, and is the first failure",
        arguments: StoreKind.allCases)
    func failuresAggregated(_ kind: StoreKind) async throws {
        let teams = try Teams(kind)
        let refused = try teams.pass("old", on: teams.personal, keyID: "UNKNOWN123")
        let run = SyncRun(
            store: teams.harness.store,
            passes: [
                try teams.pass("team", on: teams.harness.fake), refused, try teams.pass("personal", on: teams.personal),
            ],
            clock: teams.harness.clock)

        let result = try await run.run(apps: ["Lumen", "com.example.nothing"])
        #expect(result.passes.count == 3)
        guard case .failed(let profile, let error) = result.passes[1] else {
            Issue.record("the refused key's pass did not fail: \(result.passes[1])")
            return
        }
        #expect(profile == "old" && error.code == .notAuthorized)
        // Every pass ran: the third one synced Lumen after the second failed.
        #expect(Self.reports(result).map(\.syncedApps) == [[], ["Lumen"]])
        #expect(result.unseenApps == ["com.example.nothing"])
        guard case .passFailed(let failedProfile, let failure) = result.firstFailure else {
            Issue.record("first failure: \(String(describing: result.firstFailure))")
            return
        }
        #expect(failedProfile == "old" && failure.code == .notAuthorized)

        // Without the refused key, the apps no key sees are the first failure.
        let seen = try await teams.run.run(apps: ["Lumen", "com.example.nothing"])
        guard case .appsUnseen(let apps) = seen.firstFailure else {
            Issue.record("first failure: \(String(describing: seen.firstFailure))")
            return
        }
        #expect(apps == ["com.example.nothing"])
    }

    @Test("one pass: an app its key does not see fails the pass (appNotFound), and nothing is listed as unseen")
    func onePass() async throws {
        let teams = try Teams(.sqlite)
        let result = try await SyncRun(
            store: teams.harness.store, passes: [try teams.pass("team", on: teams.harness.fake)],
            clock: teams.harness.clock
        )
        .run(apps: ["Lumen"])
        guard case .passFailed(_, let error) = result.firstFailure else {
            Issue.record("first failure: \(String(describing: result.firstFailure))")
            return
        }
        #expect(error.code == .appNotFound)
        #expect(result.unseenApps.isEmpty)
    }
}
