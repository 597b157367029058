import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// `review sync` end to end: the built binary against the fake App Store Connect server in this process, with the
/// credentials in the environment, as a user runs it; output, store and exit statuses.
@Suite("review sync end to end")
struct SyncEndToEndTests {
    /// Fokus (iOS 2.3 Waiting for Review, submitted at `submitted`), Ledger (macOS 1.4 In Review), Tide (iOS 3.0
    /// released).
    static let submitted = "2026-11-30T20:58:00Z"
    static let catalogue = FakeASCState(
        apps: FakeASCState.App.demoApps,
        versions: [
            .init(
                id: "vf-23", appID: "1500000001", platform: "IOS", versionString: "2.3",
                appVersionState: "WAITING_FOR_REVIEW", build: .init(id: "bf-118", version: "118")),
            .init(
                id: "vl-14", appID: "1500000002", platform: "MAC_OS", versionString: "1.4",
                appVersionState: "IN_REVIEW"),
            .init(
                id: "vt-30", appID: "1500000003", platform: "IOS", versionString: "3.0",
                appVersionState: "READY_FOR_DISTRIBUTION"),
        ],
        submissions: [
            .init(
                id: "sf-1", appID: "1500000001", platform: "IOS", submittedDate: submitted,
                state: "WAITING_FOR_REVIEW", items: [.init(id: "if-1", appStoreVersionID: "vf-23")])
        ])

    @Test("a sync names each change and records Waiting for Review at the submission's time; a second records nothing")
    func syncThenNothingNew() throws {
        let harness = try SyncHarness(state: Self.catalogue)
        let first = try harness.review(["sync"])
        #expect(first.status == 0, "stderr: \(first.standardError)")
        #expect(first.standardError.isEmpty, "stderr: \(first.standardError)")
        #expect(
            first.standardOutput.contains("Fokus 2.3 (iOS): (new) -> Waiting for Review\n"), "\(first.standardOutput)")
        #expect(first.standardOutput.contains("Ledger 1.4 (macOS): (new) -> In Review\n"))
        #expect(first.standardOutput.contains("Tide 3.0 (iOS): (new) -> Ready for Distribution\n"))
        #expect(first.standardOutput.hasSuffix("3 apps synced, 3 state changes recorded.\n"))
        // One request for the app list, one per app for its versions, one for Fokus's review submissions, one per app
        // for its TestFlight builds, and one each for the team's certificates and profiles (the signing tracker).
        #expect(harness.fake.totalRequests == 10, "requests: \(harness.fake.allRequests.map(\.path))")
        #expect(harness.fake.requestCount(path: "/v1/builds") == 3)

        let events = try RelationalReviewStore(sqlitePath: harness.database).events(app: nil)
        #expect(events.count == 3)
        let waiting = try #require(events.first { $0.state == .waitingForReview })
        #expect(waiting.app.name == "Fokus" && waiting.version == "2.3" && waiting.build == "118")
        #expect(waiting.at.iso8601 == Self.submitted && waiting.timing == .exact)

        let second = try harness.review(["sync"])
        #expect(second.status == 0 && second.standardError.isEmpty, "stderr: \(second.standardError)")
        #expect(second.standardOutput == "3 apps synced, 0 state changes recorded.\n")
        #expect(try RelationalReviewStore(sqlitePath: harness.database).events(app: nil).count == 3)

        // A change in App Store Connect is the one line of the next sync.
        harness.fake.update { $0.setVersionState("vf-23", "IN_REVIEW") }
        let third = try harness.review(["sync"])
        #expect(third.status == 0, "stderr: \(third.standardError)")
        #expect(third.standardOutput.hasPrefix("Fokus 2.3 (iOS): Waiting for Review -> In Review"))
        #expect(third.standardOutput.hasSuffix("3 apps synced, 1 state change recorded.\n"), "\(third.standardOutput)")
    }

    /// The catalogue with a team's signing items: two distribution certificates and a profile of each.
    static var signingCatalogue: FakeASCState {
        var state = catalogue
        state.certificates = [
            .init(
                id: "cert-1", name: "Apple Distribution: Example Ltd", serialNumber: "1A2B",
                expirationDate: "2031-01-15T09:26:53.000+00:00"),
            .init(
                id: "cert-2", name: "Apple Development: Dev", certificateType: "DEVELOPMENT", serialNumber: "3C4D",
                expirationDate: "2030-06-01T00:00:00.000+00:00"),
        ]
        state.profiles = [
            .init(
                id: "prof-1", name: "Fokus App Store", uuid: "0A1B-UUID", createdDate: "2026-01-01T00:00:00.000+00:00",
                expirationDate: "2032-01-01T00:00:00.000+00:00",
                bundleID: .init(id: "bid-1", identifier: "com.example.fokus"), certificateIDs: ["cert-1"])
        ]
        return state
    }

    @Test(
        "a sync records the team's certificates and profiles, a revoked one as gone, and --no-signing skips them")
    func signing() throws {
        let harness = try SyncHarness(state: Self.signingCatalogue)
        let first = try harness.review(["sync"])
        #expect(first.status == 0 && first.standardError.isEmpty, "stderr: \(first.standardError)")
        #expect(
            first.standardOutput.contains(
                "signing: certificate \"Apple Distribution: Example Ltd\" (id 1) added, "
                    + "expires 2031-01-15T09:26:53Z\n"), "\(first.standardOutput)")
        let store = try RelationalReviewStore(sqlitePath: harness.database)
        let items = try store.signingItems()
        #expect(items.map(\.reference) == ["cert-1", "cert-2", "prof-1"])
        #expect(items.allSatisfy { $0.source == "app-store-connect:\(SyncHarness.keyID)" })
        let profile = try #require(items.last)
        #expect(profile.expires.iso8601 == "2031-01-15T09:26:53Z" && profile.decidedBy == "1", "the certificate first")
        #expect(profile.detail.contains("com.example.fokus") && profile.detail.contains("UUID 0A1B-UUID"))

        // Unchanged: nothing said, nothing written.
        let second = try harness.review(["sync"])
        #expect(second.standardOutput == "3 apps synced, 0 state changes recorded.\n", "\(second.standardOutput)")

        // Revoked: the certificate is gone, its profile INVALID.
        harness.fake.update { $0.revokeCertificate("cert-1") }
        let third = try harness.review(["sync", "--json"])
        #expect(third.status == 0, "\(third.standardError)")
        #expect(third.standardOutput.contains("\"change\": \"gone\", \"id\": 1"), "\(third.standardOutput)")
        let after = try store.signingItems()
        #expect(after[0].goneAt != nil && after[0].lastSeen != nil && after[2].isInvalid)

        let before = harness.fake.totalRequests
        let skipped = try harness.review(["sync", "--no-signing"])
        // The app list, 3 version lists, Fokus's review submissions and 3 TestFlight build lists.
        #expect(skipped.status == 0 && harness.fake.totalRequests - before == 8, "\(skipped.standardError)")
    }

    @Test("a signing list the key may not read is a warning naming it; the exit status stays the review states' (0)")
    func signingForbidden() throws {
        let harness = try SyncHarness(state: Self.signingCatalogue)
        harness.fake.forbidsCertificates = true
        let result = try harness.review(["sync"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains("could not list the team's certificates")
                && result.standardError.contains("left as they were"), "\(result.standardError)")
        let items = try RelationalReviewStore(sqlitePath: harness.database).signingItems()
        #expect(items.map(\.kind) == [.profile], "the profiles were read")
        // Its certificates are not in the store, so the profile's expiry is decided by the certificate App Store
        // Connect included with it (by its App Store Connect id).
        #expect(items.first?.decidedBy == "cert-1")
    }

    /// The catalogue with Fokus's build 119 of 2.4, submitted to Beta App Review at `submitted`.
    static var testFlightCatalogue: FakeASCState {
        var state = catalogue
        state.testFlightBuilds = [
            .init(
                id: "tf-119", appID: "1500000001", version: "119", uploadedDate: "2026-11-30T18:00:00Z",
                preReleaseVersion: .init(id: "prv-24", version: "2.4", platform: "IOS"))
        ]
        state.setBetaReviewState("tf-119", "WAITING_FOR_REVIEW", submittedDate: submitted)
        state.setExternalBuildState("tf-119", "WAITING_FOR_BETA_REVIEW")
        return state
    }

    @Test("TestFlight: the build's line and event; a 403 is a warning with status 0; --no-testflight reads none")
    func testFlight() throws {
        let harness = try SyncHarness(state: Self.testFlightCatalogue)
        let first = try harness.review(["sync"])
        #expect(first.status == 0 && first.standardError.isEmpty, "stderr: \(first.standardError)")
        #expect(
            first.standardOutput.contains(
                "Fokus 2.4 (iOS) TestFlight build 119: Waiting for Review at 2026-11-30 20:58 +00:00 (exact)\n"),
            "\(first.standardOutput)")
        #expect(first.standardOutput.contains("Fokus 2.3 (iOS): (new) -> Waiting for Review\n"))
        #expect(first.standardOutput.hasSuffix("3 apps synced, 4 state changes recorded.\n"))
        let store = try RelationalReviewStore(sqlitePath: harness.database)
        let waiting = try #require(try store.events(app: "Fokus").first { $0.track == .testFlight })
        #expect(waiting.build == "119" && waiting.at.iso8601 == Self.submitted && waiting.timing == .exact)

        // A key that cannot read TestFlight: a warning naming it, the App Store states recorded, status 0.
        harness.fake.testFlightFault = .forbidden(code: "FORBIDDEN_ERROR")
        harness.fake.update { $0.setVersionState("vf-23", "IN_REVIEW") }
        let refused = try harness.review(["sync"])
        #expect(refused.status == 0, "\(refused.standardError)")
        #expect(
            refused.standardError.contains(
                "review: warning: the key \(SyncHarness.keyID) cannot read Fokus's TestFlight builds"),
            "\(refused.standardError)")
        #expect(refused.standardOutput.hasPrefix("Fokus 2.3 (iOS): Waiting for Review -> In Review"))
        #expect(refused.standardOutput.hasSuffix("3 apps synced, 1 state change recorded.\n"))

        // Left out: not one TestFlight request, and no warning.
        let before = harness.fake.requestCount(path: "/v1/builds")
        let skipped = try harness.review(["sync", "--no-testflight"])
        #expect(skipped.status == 0 && skipped.standardError.isEmpty, "\(skipped.standardError)")
        #expect(harness.fake.requestCount(path: "/v1/builds") == before)
        #expect(skipped.standardOutput == "3 apps synced, 0 state changes recorded.\n")
    }

    @Test("a key App Store Connect does not know: exit status 77, and the message names the key")
    func unknownKey() throws {
        let harness = try SyncHarness(state: Self.catalogue)
        let result = try harness.review(["sync"], ["ASC_KEY_ID": "UNKNOWN001"])
        #expect(result.status == 77, "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("401"), "\(result.standardError)")
        #expect(result.standardError.contains("key ID UNKNOWN001"), "\(result.standardError)")
        #expect(harness.fake.tokenRefusals.count == 1, "refusals: \(harness.fake.tokenRefusals)")
        #expect(harness.fake.tokenRefusals.first?.contains("kid UNKNOWN001 is not a key of this account") == true)
    }

    @Test("App Store Connect unreachable (connection refused): exit status 69 after the retries, naming the server")
    func serverUnreachable() throws {
        let harness = try SyncHarness(state: Self.catalogue)
        let base = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())"
        let result = try harness.review(["sync"], ["ASC_API_BASE_URL": base])
        #expect(result.status == 69, "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(base + "/v1/apps"), "\(result.standardError)")
        #expect(result.standardError.contains("4 attempt"), "\(result.standardError)")
    }

    @Test("no credentials anywhere: exit status 64 naming the three ways to give a key; nothing sent, no store made")
    func noCredentials() throws {
        let harness = try SyncHarness(state: Self.catalogue)
        let result = try harness.review(
            ["sync"], ["ASC_KEY_ID": "", "ASC_ISSUER_ID": "", "ASC_PRIVATE_KEY_PATH": ""])
        #expect(result.status == 64, "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        for needle in ["no App Store Connect API key", "--key-id", "ASC_KEY_ID", "review auth add"] {
            #expect(result.standardError.contains(needle), "missing \(needle): \(result.standardError)")
        }
        #expect(harness.fake.totalRequests == 0)
        #expect(!FileManager.default.fileExists(atPath: harness.database))
    }
}

/// Signals end to end: Ctrl-C ends `review sync` at once (the default action: each app is one transaction, so the
/// store stays whole), while `review watch` finishes cleanly with status 0.
@Suite("review sync and watch end to end: signals")
struct SyncSignalTests {
    /// Waits until `condition` holds or `seconds` pass.
    static func wait(seconds: Double, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(), Date() < deadline { usleep(1000) }
    }

    @Test("SIGINT ends review sync at once, not after the pass and its retries")
    func interruptEndsSync() throws {
        let harness = try SyncHarness(state: SyncEndToEndTests.catalogue)
        let base = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())"
        // Connection refused: the client retries three times, 1, 2 and 4 s apart (jittered): about 5 to 7 s.
        let process = try harness.spawnReview(["sync"], output: "sync", environment: ["ASC_API_BASE_URL": base])
        usleep(300_000)
        let start = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(Date().timeIntervalSince(start) < 2, "review sync ran on after SIGINT")

    }

    @Test("SIGTERM stops review watch between passes: status 0, the pass reported, the stop said")
    func terminateStopsWatch() throws {
        let harness = try SyncHarness(state: SyncEndToEndTests.catalogue)
        let process = try harness.spawnReview(["watch", "--interval", "1m"], output: "watch")
        Self.wait(seconds: 60) { harness.output("watch").standardOutput.contains("apps synced") || !process.isRunning }
        let start = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let output = harness.output("watch")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(output.standardError)")
        #expect(Date().timeIntervalSince(start) < 5, "watch took more than the 1 s wait slice to stop")
        #expect(
            output.standardOutput.hasSuffix("3 apps synced, 3 state changes recorded.\n"), "\(output.standardOutput)")
        #expect(output.standardError == "review: watch stopped after 1 pass\n")
    }

    @Test("SIGTERM during a watch pass over 40 apps stops it after the app being read, not at the end of the pass")
    func terminateStopsWatchBetweenApps() throws {
        let harness = try SyncHarness(state: SyncKillTests.state(round: 1, submittedBase: 1_790_000_000))
        let process = try harness.spawnReview(["watch", "--interval", "1m"], output: "watch")
        Self.wait(seconds: 60) { harness.fake.totalRequests >= 4 || !process.isRunning }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let output = harness.output("watch")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(output.standardError)")
        #expect(output.standardError == "review: watch stopped after 1 pass\n")
        // The app list and two requests per app read before the stop, its versions and its TestFlight builds (81 for
        // the whole pass): the app being read when the signal came is finished, the next one not started.
        let requests = harness.fake.totalRequests
        #expect(requests < 1 + 2 * SyncKillTests.appCount, "\(requests) requests: the pass ran to its end")
        #expect((requests - 1) % 2 == 0, "\(requests) requests: an app was left half read")
        let synced = (requests - 1) / 2
        #expect(
            output.standardOutput.hasSuffix("\(synced) apps synced, \(synced) state changes recorded.\n"),
            "\(output.standardOutput)")
        let store = try RelationalReviewStore(sqlitePath: harness.database)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.syncedApps().count == synced)
    }
}

/// `review sync` over every saved profile (no flags, no `ASC_*` variables): each profile's pass runs and is shown.
@Suite("review sync end to end: profiles")
struct SyncProfileTests {
    @Test(
        "a profile whose key is refused does not hide or stop the others: their changes are shown, the status is 77",
        arguments: [true, false])
    func refusedProfileAmongOthers(refusedFirst: Bool) throws {
        let harness = try SyncHarness(state: SyncEndToEndTests.catalogue)
        let noKeyInEnvironment = ["ASC_KEY_ID": "", "ASC_ISSUER_ID": "", "ASC_PRIVATE_KEY_PATH": ""]
        let profiles = [("revoked", "REVOKED001"), ("team", SyncHarness.keyID)]
        for (profile, keyID) in refusedFirst ? profiles : profiles.reversed() {
            let added = try harness.review(
                [
                    "auth", "add", "--profile", profile, "--key-id", keyID, "--issuer-id", SyncHarness.issuerID,
                    "--private-key", harness.keyPath,
                ], noKeyInEnvironment)
            #expect(added.status == 0, "\(added.standardError)")
        }
        let result = try harness.review(["sync"], noKeyInEnvironment)
        #expect(result.status == 77, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("Fokus 2.3 (iOS): (new) -> Waiting for Review\n"), "\(result.standardOutput)"
        )
        #expect(result.standardOutput.hasSuffix("profile team: 3 apps synced, 3 state changes recorded.\n"))
        #expect(
            result.standardError.hasPrefix("review: profile revoked: listing the apps: "), "\(result.standardError)")
        #expect(result.standardError.contains("key ID REVOKED001"))
        #expect(try RelationalReviewStore(sqlitePath: harness.database).events(app: nil).count == 3)
    }
}
