import AppStoreConnect
import Foundation
import GatehouseTesting
import Testing

@Suite("Typed resources from the fake App Store Connect: apps, versions with builds, review submissions with items")
struct ResourceTests {
    @Test("apps: name, bundle ID and ID; filter[bundleId]; one app by ID")
    func apps() async throws {
        let harness = try Harness(state: Catalogue.state)
        let apps = try await harness.client.apps()
        #expect(apps.map(\.id) == ["1000000001", "1000000002"])
        #expect(apps[0] == ASCApp(id: "1000000001", name: "Gatehouse Demo", bundleID: "com.example.demo"))
        #expect(try await harness.client.apps(bundleIDs: ["com.example.second"]).map(\.name) == ["Second App"])
        #expect(try await harness.client.app(id: "1000000002").bundleID == "com.example.second")
        let request = try #require(harness.fake.requests(path: "/v1/apps").first)
        #expect(request.header("Authorization")?.hasPrefix("Bearer ey") == true)
        #expect(request.query.contains("fields%5Bapps%5D=name,bundleId"))
    }

    @Test("versions: platform, version string, appVersionState, created date, the build's number and upload date")
    func versions() async throws {
        let harness = try Harness(state: Catalogue.state)
        let versions = try await harness.client.appStoreVersions(appID: "1000000001")
        #expect(versions.map(\.id) == ["v-ios-241", "v-mac-20"])
        let ios = versions[0]
        #expect(ios.platform == .iOS && ios.versionString == "2.4.1" && ios.appID == "1000000001")
        #expect(ios.state == .inReview && !ios.stateIsDeprecatedAppStoreState)
        #expect(ios.createdDate == Date(timeIntervalSince1970: 1_795_195_800))  // 2026-11-20T17:30:00Z
        #expect(ios.build?.version == "241")
        #expect(ios.build?.uploadedDate == Date(timeIntervalSince1970: 1_795_168_800))
        #expect(versions[1].platform == .macOS && versions[1].build == nil)
    }

    @Test("versions without appVersionState fall back to the deprecated appStoreState, and only then")
    func deprecatedFallback() async throws {
        var state = Catalogue.state
        state.versions[0].appVersionState = nil
        state.versions[0].appStoreState = "READY_FOR_SALE"
        state.versions[1].appStoreState = "PREPARE_FOR_SUBMISSION"
        state.versions[1].appVersionState = "WAITING_FOR_REVIEW"
        let harness = try Harness(state: state)
        let versions = try await harness.client.appStoreVersions(appID: "1000000001")
        #expect(versions[0].state == .readyForSale && versions[0].stateIsDeprecatedAppStoreState)
        #expect(versions[1].state == .waitingForReview && !versions[1].stateIsDeprecatedAppStoreState)
    }

    @Test("filters: platform and appVersionState reach the server and narrow the list")
    func versionFilters() async throws {
        let harness = try Harness(state: Catalogue.state)
        let macOS = try await harness.client.appStoreVersions(appID: "1000000001", platforms: [.macOS])
        #expect(macOS.map(\.id) == ["v-mac-20"])
        let inReview = try await harness.client.appStoreVersions(
            appID: "1000000001", states: [.waitingForReview, .inReview])
        #expect(inReview.map(\.id) == ["v-ios-241"])
        let query = harness.fake.requests(path: "/v1/apps/1000000001/appStoreVersions").last?.query ?? ""
        #expect(query.contains("filter%5BappVersionState%5D=WAITING_FOR_REVIEW,IN_REVIEW"))
    }

    @Test("unknown future values of platforms and states are kept as raw strings")
    func unknownValues() async throws {
        var state = Catalogue.state
        state.versions[0].platform = "WATCH_OS"
        state.versions[0].appVersionState = "AWAITING_SOMETHING_NEW"
        state.submissions[0].state = "PAUSED_BY_APPLE"
        state.submissions[0].platform = "CAR_OS"
        state.submissions[0].items[0].state = "DEFERRED"
        let harness = try Harness(state: state)
        let version = try #require(try await harness.client.appStoreVersions(appID: "1000000001").first)
        #expect(version.platform.rawValue == "WATCH_OS" && !version.platform.isKnown)
        #expect(version.state?.rawValue == "AWAITING_SOMETHING_NEW" && version.state?.isKnown == false)
        let submission = try #require(try await harness.client.reviewSubmissions(appID: "1000000001").first)
        #expect(submission.state.rawValue == "PAUSED_BY_APPLE" && !submission.state.isKnown)
        #expect(submission.platform.rawValue == "CAR_OS")
        #expect(submission.items[0].state.rawValue == "DEFERRED" && !submission.items[0].state.isKnown)
    }

    @Test("one version by ID resolves its app, platform, version string and build (a webhook's version ID)")
    func versionLookup() async throws {
        let harness = try Harness(state: Catalogue.state)
        let lookup = try await harness.client.appStoreVersion(id: "v-ios-241")
        #expect(lookup.app.bundleID == "com.example.demo")
        #expect(lookup.version.platform == .iOS && lookup.version.versionString == "2.4.1")
        #expect(lookup.version.build?.version == "241")
        let query = harness.fake.requests(path: "/v1/appStoreVersions/v-ios-241").first?.query ?? ""
        #expect(query.contains("include=app,build"))
    }

    @Test("review submissions: platform, submitted date, state, items with their state and version")
    func submissions() async throws {
        let harness = try Harness(state: Catalogue.state)
        let submissions = try await harness.client.reviewSubmissions(appID: "1000000001")
        let submission = try #require(submissions.first)
        #expect(submission.id == "s-1" && submission.appID == "1000000001")
        #expect(submission.platform == .iOS && submission.state == .inReview)
        let submitted = try #require(submission.submittedDate).timeIntervalSince1970
        #expect(abs(submitted - 1_795_248_000.123) < 0.000_5)
        #expect(submission.items.map(\.id) == ["i-1", "i-2"])
        #expect(submission.items[0].appStoreVersionID == "v-ios-241")
        #expect(submission.items[1].appStoreVersionID == nil, "an in-app event item is not a version")
        #expect(submission.versionItems.map(\.id) == ["i-1"])
        let query = harness.fake.requests(path: "/v1/reviewSubmissions").first?.query ?? ""
        #expect(query.contains("filter%5Bapp%5D=1000000001") && query.contains("limit%5Bitems%5D=50"))
        #expect(try await harness.client.reviewSubmissions(appID: "1000000002").isEmpty)
        #expect(try await harness.client.reviewSubmission(id: "s-1").items.count == 2)
        #expect(
            try await harness.client.reviewSubmissionItems(submissionID: "s-1").map(\.state) == [
                .readyForReview, .readyForReview,
            ])
    }

    @Test("a submission with more items than limit[items] has the rest fetched from its /items")
    func manyItems() async throws {
        var state = Catalogue.state
        state.submissions[0].items = (0..<7).map {
            .init(id: "item-\($0)", state: "APPROVED", otherType: "appEvents", otherID: "e\($0)")
        }
        let harness = try Harness(state: state, configuration: ASCClientConfiguration(itemsPerSubmission: 3))
        let submission = try #require(try await harness.client.reviewSubmissions(appID: "1000000001").first)
        #expect(submission.items.map(\.id) == (0..<7).map { "item-\($0)" })
        #expect(harness.fake.requestCount(path: "/v1/reviewSubmissions/s-1/items") == 1)
    }

    @Test("state changed between passes is seen on the next pass")
    func passes() async throws {
        let harness = try Harness(state: Catalogue.state)
        #expect(try await harness.client.appStoreVersions(appID: "1000000001").first?.state == .inReview)
        harness.fake.update {
            $0.setVersionState("v-ios-241", "PENDING_DEVELOPER_RELEASE")
            $0.setSubmissionState("s-1", "COMPLETE")
        }
        #expect(try await harness.client.appStoreVersions(appID: "1000000001").first?.state == .pendingDeveloperRelease)
        #expect(try await harness.client.reviewSubmissions(appID: "1000000001").first?.state == .complete)
    }

    @Test("two requests per app when nothing is in review: versions, then submissions")
    func requestsPerApp() async throws {
        var state = FakeASCState()
        for index in 1...3 {
            state.apps.append(.init(id: "\(index)", name: "App \(index)", bundleID: "com.example.app\(index)"))
            state.versions.append(
                .init(
                    id: "v\(index)", appID: "\(index)", versionString: "1.0", appVersionState: "READY_FOR_DISTRIBUTION")
            )
        }
        let harness = try Harness(state: state)
        for app in try await harness.client.apps() {
            _ = try await harness.client.appStoreVersions(appID: app.id)
            _ = try await harness.client.reviewSubmissions(appID: app.id)
        }
        for index in 1...3 { #expect(harness.fake.requestCount(path: "/v1/apps/\(index)/appStoreVersions") == 1) }
        #expect(harness.fake.requestCount(path: "/v1/reviewSubmissions") == 3)
        #expect(harness.fake.totalRequests == 1 + 2 * 3)
    }

    @Test("checkCredentials: one small request; the key, how many apps it sees, the first, the rate limit")
    func checkCredentials() async throws {
        let harness = try Harness(state: Catalogue.state)
        let check = try await harness.client.checkCredentials()
        #expect(check.keyID == TestKeys.keyID && check.kind == .team(issuerID: TestKeys.issuerID))
        #expect(check.visibleAppCount == 2)
        #expect(check.firstApp?.id == "1000000001")
        #expect(check.rateLimit == ASCRateLimit(limit: 3600, remaining: 3600))
        #expect(harness.fake.requests(path: "/v1/apps").first?.query.contains("limit=1") == true)
        let individual = try Harness(state: Catalogue.state, credentials: TestKeys.individual)
        #expect(try await individual.client.checkCredentials().kind == .individual)
    }

    @Test("an unknown ID is notFound naming the URL and Apple's code and detail")
    func notFound() async throws {
        let harness = try Harness(state: Catalogue.state)
        let error = await ascError { try await harness.client.appStoreVersion(id: "nope") }
        expect(error, .notFound, naming: ["/v1/appStoreVersions/nope", "NOT_FOUND", "There is no resource of type"])
        #expect(error?.status == 404 && error?.apiErrors.first?.code == "NOT_FOUND")
    }

    @Test("an ID with path or query characters is percent-encoded, never a new path segment")
    func idEncoding() async throws {
        let harness = try Harness(state: Catalogue.state)
        _ = await ascError { try await harness.client.app(id: "1/appStoreVersions?x=1") }
        #expect(harness.fake.allRequests.last?.path == "/v1/apps/1%2FappStoreVersions%3Fx%3D1")
        let empty = await ascError { try await harness.client.app(id: "") }
        expect(empty, .invalidConfiguration, naming: ["app ID"])
    }
}
