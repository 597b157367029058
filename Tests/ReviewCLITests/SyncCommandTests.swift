import AppStoreConnect
import CommandLineKit
import Foundation
import GatehouseTesting
import JWT
import ReviewLog
import Testing

@testable import ReviewCLI

/// `review sync` and `review auth` in process: credentials from flags, environment or profiles, the text and JSON
/// of a pass, and the exit statuses of App Store Connect's refusals.
@Suite("review sync and auth, in process")
struct SyncCommandTests {
    static let key = try! PrivateKey.generate(.ec(.p256))
    static let keyID = "2X9R4HXF34"
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"

    struct Setup {
        let directory: TemporaryDirectory
        let fake: FakeAppStoreConnect
        let clock = ManualClock()
        let keyPath: String

        init() throws {
            directory = try TemporaryDirectory()
            fake = try FakeAppStoreConnect(
                keys: [
                    .init(
                        keyID: SyncCommandTests.keyID, publicKey: SyncCommandTests.key.publicKey,
                        issuerID: SyncCommandTests.issuerID)
                ],
                state: FakeASCState(
                    apps: [.init(id: "1000000001", name: "Fokus", bundleID: "com.example.fokus")],
                    versions: [
                        .init(
                            id: "v-1", appID: "1000000001", platform: "IOS", versionString: "2.3",
                            appVersionState: "PREPARE_FOR_SUBMISSION")
                    ], submissions: []), clock: clock)
            keyPath = directory.file("AuthKey_2X9R4HXF34.p8").path
            try Data(SyncCommandTests.key.pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyPath))
        }

        func environment(_ extra: [String: String] = [:]) -> ReviewEnvironment {
            var variables = [
                "REVIEW_DB": directory.file("review.sqlite3").path, "HOME": directory.url.path,
                "ASC_API_BASE_URL": fake.baseURL,
            ]
            variables.merge(extra) { $1 }
            var environment = ReviewEnvironment(
                now: Timestamp(secondsSince1970: Int64(clock.now().timeIntervalSince1970)), variables: variables)
            environment.clock = clock
            return environment
        }

        var envKey: [String: String] {
            [
                "ASC_KEY_ID": SyncCommandTests.keyID, "ASC_ISSUER_ID": SyncCommandTests.issuerID,
                "ASC_PRIVATE_KEY_PATH": keyPath,
            ]
        }
    }

    @Test("sync from the environment's key: one line per change, then nothing the second time; --json")
    func syncFromEnvironment() async throws {
        let setup = try Setup()
        var output = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment(setup.envKey))
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.contains("Fokus 2.3 (iOS): (new) -> Prepare for Submission"))
        #expect(output.standardOutput.contains("1 app synced, 1 state change recorded."))
        setup.clock.advance(3_600)
        setup.fake.update { $0.versions[0].appVersionState = "WAITING_FOR_REVIEW" }
        output = await ReviewCLI.perform(arguments: ["sync", "--json"], environment: setup.environment(setup.envKey))
        #expect(output.status == .success)
        #expect(output.standardOutput.contains(#""to": "WAITING_FOR_REVIEW""#), "\(output.standardOutput)")
        #expect(output.standardOutput.contains(#""timing": "observed""#))
        output = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment(setup.envKey))
        #expect(output.standardOutput.contains("0 state changes recorded"))
    }

    @Test("a submittedDate before the version's last recorded event is not used, and the sync says so once")
    func ignoredSubmittedDate() async throws {
        let setup = try Setup()
        var output = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment(setup.envKey))
        #expect(output.status == .success, "\(output.standardError)")
        // Logged by hand an hour after the submission App Store Connect will report.
        let submitted = Timestamp(secondsSince1970: Int64(setup.clock.now().timeIntervalSince1970) - 7_200)
        let loggedAt = Timestamp(secondsSince1970: submitted.secondsSince1970 + 3_600)
        let logged = ReviewCLI.main(
            arguments: [
                "log", "Fokus", "PREPARE_FOR_SUBMISSION", "--version", "2.3", "--at", loggedAt.iso8601, "--note", "x",
            ],
            environment: setup.environment())
        #expect(logged.status == .success, "\(logged.standardError)")
        setup.clock.advance(3_600)
        setup.fake.update {
            $0.versions[0].appVersionState = "WAITING_FOR_REVIEW"
            $0.submissions = [
                .init(
                    id: "s-1", appID: "1000000001", submittedDate: submitted.iso8601, state: "WAITING_FOR_REVIEW",
                    items: [.init(id: "i-1", appStoreVersionID: "v-1")])
            ]
        }
        output = await ReviewCLI.perform(arguments: ["sync", "--json"], environment: setup.environment(setup.envKey))
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.contains("App Store Connect's submittedDate \(submitted.iso8601) is before"))
        #expect(output.standardOutput.contains(#""timing": "observed""#), "\(output.standardOutput)")
        output = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment(setup.envKey))
        #expect(!output.standardError.contains("submittedDate"), "said once: \(output.standardError)")
    }

    @Test("auth add saves a 0600 profile without echoing the key; auth list and sync use it; auth check works")
    func profiles() async throws {
        let setup = try Setup()
        let added = ReviewCLI.main(
            arguments: [
                "auth", "add", "--profile", "team", "--key-id", Self.keyID, "--issuer-id", Self.issuerID,
                "--private-key", setup.keyPath,
            ], environment: setup.environment())
        #expect(added.status == .success, "\(added.standardError)")
        let config = setup.directory.url.appendingPathComponent(".config/gatehouse/app-store-connect.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: config)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let body = Self.key.pemRepresentation.split(separator: "\n").filter { !$0.hasPrefix("-----") }
        for text in [added.standardOutput, added.standardError] {
            #expect(!body.contains { text.contains($0) })
        }
        let listed = ReviewCLI.main(arguments: ["auth", "list"], environment: setup.environment())
        #expect(listed.standardOutput.contains("team") && listed.standardOutput.contains(Self.keyID))
        #expect(!body.contains { listed.standardOutput.contains($0) })
        let checked = await ReviewCLI.perform(arguments: ["auth", "check"], environment: setup.environment())
        #expect(checked.status == .success, "\(checked.standardError)")
        #expect(checked.standardOutput.contains("Profile team: key \(Self.keyID)"))
        let synced = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment())
        #expect(synced.standardOutput.contains("profile team: 1 app synced"), "\(synced.standardOutput)")
        // Flags win over the environment, which wins over the profile: a wrong key in the flags is what is used.
        let flagged = await ReviewCLI.perform(
            arguments: [
                "sync", "--key-id", "ZZZZZZZZZZ", "--issuer-id", Self.issuerID, "--private-key", setup.keyPath,
            ],
            environment: setup.environment(setup.envKey))
        #expect(flagged.status == .noPermission, "\(flagged.standardError)")
    }

    @Test("several profiles: every pass runs and is shown; the first failure's status; apps no key sees listed")
    func severalProfiles() async throws {
        let setup = try Setup()
        for (profile, keyID) in [("team", Self.keyID), ("old", "ZZZZZZZZZZ"), ("again", Self.keyID)] {
            let added = ReviewCLI.main(
                arguments: [
                    "auth", "add", "--profile", profile, "--key-id", keyID, "--issuer-id", Self.issuerID,
                    "--private-key", setup.keyPath,
                ], environment: setup.environment())
            #expect(added.status == .success, "\(added.standardError)")
        }
        // The refused key's pass fails (77, the first failure); the passes after it still run; an app no key sees is
        // listed after them.
        let synced = await ReviewCLI.perform(
            arguments: ["sync", "--app", "Fokus", "--app", "com.example.nothing"], environment: setup.environment())
        #expect(synced.status == .noPermission, "\(synced.standardError)")
        #expect(
            synced.standardOutput
                == "Fokus 2.3 (iOS): (new) -> Prepare for Submission\nprofile team: 1 app synced, 1 state change "
                + "recorded.\nprofile again: 1 app synced, 0 state changes recorded.\n")
        let lines = synced.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "", "\(synced.standardError)")
        #expect(lines.first?.hasPrefix("review: profile old: ") == true, "\(synced.standardError)")
        #expect(
            lines.dropFirst().first
                == #"review: no profile's key sees "com.example.nothing"; review auth check shows what each key sees"#)
    }

    @Test("exit statuses: 77 for a key App Store Connect refuses, 69 when it cannot be reached, 64 without a key")
    func exitStatuses() async throws {
        let setup = try Setup()
        var environment = setup.environment(setup.envKey.merging(["ASC_KEY_ID": "ZZZZZZZZZZ"]) { $1 })
        var output = await ReviewCLI.perform(arguments: ["sync"], environment: environment)
        #expect(output.status == .noPermission)
        #expect(output.standardError.contains("ZZZZZZZZZZ"), "\(output.standardError)")
        setup.fake.inject([.forbidden(code: "FORBIDDEN_ERROR"), .forbidden(code: "FORBIDDEN_ERROR")], path: "/v1/apps")
        output = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment(setup.envKey))
        #expect(output.status == .noPermission, "\(output.standardError)")
        environment = setup.environment(
            setup.envKey.merging(["ASC_API_BASE_URL": "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())"]) { $1 }
        )
        environment.sleeper = ASCTaskSleeperNever()
        output = await ReviewCLI.perform(arguments: ["sync"], environment: environment)
        #expect(output.status == .unavailable, "\(output.standardError)")
        output = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment())
        #expect(output.status == .usage)
        #expect(output.standardError.contains("review auth add"))
        output = await ReviewCLI.perform(
            arguments: ["sync"],
            environment: setup.environment(setup.envKey.merging(["ASC_PRIVATE_KEY_PATH": "/nonexistent.p8"]) { $1 }))
        #expect(output.status == .noInput, "\(output.standardError)")
        #expect(
            ReviewCLI.main(arguments: ["watch", "--interval", "30s"], environment: setup.environment()).status == .usage
        )
    }
}

extension SyncCommandTests {
    /// Fokus's build 119 of 2.4, uploaded an hour before the setup's now, ready for submission.
    static func addBuild(_ setup: Setup) {
        let uploaded = Timestamp(secondsSince1970: Int64(setup.clock.now().timeIntervalSince1970) - 3_600)
        setup.fake.update {
            $0.testFlightBuilds = [
                .init(
                    id: "tf-119", appID: "1000000001", version: "119", uploadedDate: uploaded.iso8601,
                    preReleaseVersion: .init(id: "prv-24", version: "2.4", platform: "IOS"))
            ]
        }
    }

    @Test("a TestFlight change is its own line and JSON object (track, build); App Store lines and objects unchanged")
    func testFlightChanges() async throws {
        let setup = try Setup()
        Self.addBuild(setup)
        var output = await ReviewCLI.perform(
            arguments: ["sync", "--utc"], environment: setup.environment(setup.envKey))
        #expect(output.status == .success, "\(output.standardError)")
        #expect(
            output.standardOutput
                == "Fokus 2.3 (iOS): (new) -> Prepare for Submission\n"
                + "Fokus 2.4 (iOS) TestFlight build 119: READY_FOR_BETA_SUBMISSION (kept in the sync state; not a "
                + "Beta App Review state)\n"
                + "1 app synced, 1 state change recorded.\n",
            "\(output.standardOutput)")

        // Submitted ten minutes before the next pass: Waiting for Review at its date, exactly.
        setup.clock.advance(3_600)
        let now = Int64(setup.clock.now().timeIntervalSince1970)
        let submitted = Timestamp(secondsSince1970: now - 600)
        setup.fake.update {
            $0.setBetaReviewState("tf-119", "WAITING_FOR_REVIEW", submittedDate: submitted.iso8601)
            $0.setExternalBuildState("tf-119", "WAITING_FOR_BETA_REVIEW")
            $0.versions[0].appVersionState = "WAITING_FOR_REVIEW"
        }
        output = await ReviewCLI.perform(
            arguments: ["sync", "--utc", "--json"], environment: setup.environment(setup.envKey))
        #expect(output.status == .success, "\(output.standardError)")
        let line = output.standardOutput
        let appStore = try #require(line.range(of: #"{"app": "Fokus", "platform": "iOS", "version": "2.3", "#))
        #expect(
            line[appStore.upperBound...].hasPrefix(#""from": "PREPARE_FOR_SUBMISSION", "to": "WAITING_FOR_REVIEW""#))
        #expect(
            line.contains(
                #"{"app": "Fokus", "platform": "iOS", "track": "testflight", "build": "119", "version": "2.4", "#
                    + #""from": "READY_FOR_BETA_SUBMISSION", "to": "WAITING_FOR_REVIEW", "at": ""#
                    + submitted.iso8601 + #"", "#),
            "\(line)")
        #expect(line.components(separatedBy: #""track""#).count == 2, "track on the TestFlight change only: \(line)")

        // In review: observed, after how long it waited.
        setup.clock.advance(3_600)
        setup.fake.update {
            $0.setBetaReviewState("tf-119", "IN_REVIEW")
            $0.setExternalBuildState("tf-119", "IN_BETA_REVIEW")
        }
        output = await ReviewCLI.perform(arguments: ["sync", "--utc"], environment: setup.environment(setup.envKey))
        let at = Timestamp(secondsSince1970: now + 3_600)
        #expect(
            output.standardOutput
                == "Fokus 2.4 (iOS) TestFlight build 119: In Review at \(WallClock.format(at.secondsSince1970, utc: true)) "
                + "(observed), after ~1h 10m\n1 app synced, 1 state change recorded.\n",
            "\(output.standardOutput)")
    }

    @Test("sync --no-testflight and watch --no-testflight send no TestFlight request; the default reads them")
    func noTestFlight() async throws {
        let setup = try Setup()
        Self.addBuild(setup)
        var output = await ReviewCLI.perform(
            arguments: ["sync", "--no-testflight"], environment: setup.environment(setup.envKey))
        #expect(output.status == .success, "\(output.standardError)")
        #expect(
            output.standardOutput
                == "Fokus 2.3 (iOS): (new) -> Prepare for Submission\n1 app synced, 1 state change recorded.\n")
        #expect(setup.fake.requestCount(path: "/v1/builds") == 0)
        let watch = try #require(try ReviewParsing.command(["watch", "--no-testflight"]) as? WatchCommand)
        #expect(watch.noTestFlight)
        #expect(try #require(try ReviewParsing.command(["watch"]) as? WatchCommand).noTestFlight == false)
        let sync = try #require(
            try ReviewParsing.command(["sync", "--no-testflight", "--app", "Fokus"]) as? SyncCommand)
        #expect(sync.noTestFlight && sync.options.apps == ["Fokus"])
        #expect(try #require(try ReviewParsing.command(["sync"]) as? SyncCommand).noTestFlight == false)
        output = await ReviewCLI.perform(arguments: ["sync"], environment: setup.environment(setup.envKey))
        #expect(setup.fake.requestCount(path: "/v1/builds") == 1)
        #expect(output.standardOutput.contains("TestFlight build 119"), "\(output.standardOutput)")
    }
}

/// Returns at once from every wait (retries of a refused connection).
struct ASCTaskSleeperNever: ASCSleeper {
    func sleep(for duration: Duration) async throws {}
}
