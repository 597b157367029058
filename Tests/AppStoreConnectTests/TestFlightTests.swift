import AppStoreConnect
import Foundation
import GatehouseHTTP
import GatehouseTesting
import Testing

/// App 1000000001 has three TestFlight builds on two platforms, listed out of upload order: 240 (iOS 2.4.0,
/// expired, approved), 241 (iOS 2.4.1, waiting for Beta App Review) and 20 (macOS 2.0, in testing without a
/// submission); app 1000000002 has one build.
enum TestFlightCatalogue {
    static let ios241 = FakeASCState.PreReleaseVersion(id: "p-ios-241", version: "2.4.1", platform: "IOS")

    static let state: FakeASCState = {
        var state = Catalogue.state
        state.testFlightBuilds = [
            .init(
                id: "tf-240", appID: "1000000001", version: "240", uploadedDate: "2026-11-01T10:00:00Z",
                expirationDate: "2027-01-30T10:00:00Z", expired: true,
                preReleaseVersion: .init(id: "p-ios-240", version: "2.4.0"),
                betaReviewSubmission: .init(id: "bars-240", state: "APPROVED", submittedDate: "2026-11-01T12:00:00Z"),
                betaDetail: .init(id: "bbd-240", externalBuildState: "EXPIRED")),
            .init(
                id: "tf-241", appID: "1000000001", version: "241", uploadedDate: "2026-11-20T10:00:00Z",
                expirationDate: "2027-02-18T10:00:00Z", preReleaseVersion: ios241,
                betaReviewSubmission: .init(
                    id: "bars-241", state: "WAITING_FOR_REVIEW", submittedDate: "2026-11-20T11:00:00.250Z"),
                betaDetail: .init(id: "bbd-241", externalBuildState: "WAITING_FOR_BETA_REVIEW")),
            .init(
                id: "tf-other", appID: "1000000002", version: "17", uploadedDate: "2026-11-21T10:00:00Z",
                preReleaseVersion: .init(id: "p-other", version: "1.0")),
            .init(
                id: "tf-mac-20", appID: "1000000001", version: "20", uploadedDate: "2026-11-19T08:00:00-08:00",
                processingState: "VALID",
                preReleaseVersion: .init(id: "p-mac-20", version: "2.0", platform: "MAC_OS"),
                betaDetail: .init(id: "bbd-mac-20", externalBuildState: "IN_BETA_TESTING")),
        ]
        return state
    }()

    /// `count` iOS builds of app 1000000001, build `n` uploaded `n` hours after 2026-11-01T00:00Z, listed oldest first.
    static func many(_ count: Int) -> FakeASCState {
        var state = Catalogue.state
        state.testFlightBuilds = (1...count).map { number in
            .init(
                id: "tf-\(number)", appID: "1000000001", version: "\(number)",
                uploadedDate: String(format: "2026-11-%02dT%02d:00:00Z", 1 + number / 24, number % 24),
                preReleaseVersion: .init(id: "p-\(number % 3)", version: "2.\(number % 3)"),
                betaReviewSubmission: number.isMultiple(of: 2)
                    ? .init(id: "bars-\(number)", state: "APPROVED", submittedDate: nil) : nil)
        }
        return state
    }
}

@Suite("TestFlight builds: pages newest first, builds by ID, a build beta detail's build; Beta App Review states")
struct TestFlightTests {
    @Test("a build's number, dates, expiry, processing state, pre-release version, submission and beta detail")
    func decoding() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        let page = try await harness.client.testFlightBuildsPage(appID: "1000000001")
        #expect(page.builds.map(\.id) == ["tf-241", "tf-mac-20", "tf-240"], "newest upload first, every platform")
        #expect(page.next == nil && page.total == 3)
        let build = page.builds[0]
        #expect(build.appID == "1000000001" && build.buildNumber == "241")
        #expect(build.uploadedDate == Date(timeIntervalSince1970: 1_795_168_800))
        #expect(build.expirationDate == Date(timeIntervalSince1970: 1_795_168_800 + 90 * 86_400))
        #expect(build.expired == false && build.processingState == .valid)
        #expect(build.preReleaseVersion == ASCPreReleaseVersion(id: "p-ios-241", version: "2.4.1", platform: .iOS))
        let submission = try #require(build.betaAppReviewSubmission)
        #expect(submission.id == "bars-241" && submission.state == .waitingForReview && submission.state.isKnown)
        let submitted = try #require(submission.submittedDate).timeIntervalSince1970
        #expect(abs(submitted - 1_795_172_400.25) < 0.000_5)
        #expect(build.buildBetaDetail == ASCBuildBetaDetail(id: "bbd-241", externalBuildState: .waitingForBetaReview))
        let mac = page.builds[1]
        #expect(mac.preReleaseVersion?.platform == .macOS && mac.preReleaseVersion?.version == "2.0")
        #expect(mac.betaAppReviewSubmission == nil, "a build never submitted has no submission")
        #expect(mac.buildBetaDetail?.externalBuildState == .inBetaTesting)
        let old = page.builds[2]
        #expect(old.expired == true && old.betaAppReviewSubmission?.state == .approved)
        #expect(old.buildBetaDetail?.externalBuildState == .expired)
    }

    @Test("the request: filter[app], sort=-uploadedDate, the three includes, limit = pageSize, no platform filter")
    func request() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state, configuration: ASCClientConfiguration(pageSize: 7))
        _ = try await harness.client.testFlightBuildsPage(appID: "1000000001")
        let query = try #require(harness.fake.requests(path: "/v1/builds").first?.query)
        for part in [
            "filter%5Bapp%5D=1000000001", "sort=-uploadedDate",
            "include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail", "limit=7",
            "fields%5BbetaAppReviewSubmissions%5D=betaReviewState,submittedDate",
            "fields%5BbuildBetaDetails%5D=externalBuildState", "fields%5BpreReleaseVersions%5D=version,platform",
        ] {
            #expect(query.contains(part), "\(part) is not in \(query)")
        }
        #expect(!query.contains("platform%5D"), "one request for every platform: no filter[platform]")
    }

    @Test("unknown future values of betaReviewState, externalBuildState, processingState and platform are kept")
    func unknownValues() async throws {
        var state = TestFlightCatalogue.state
        state.testFlightBuilds[1].betaReviewSubmission?.state = "ESCALATED_TO_SOMEONE"
        state.testFlightBuilds[1].betaDetail?.externalBuildState = "IN_SOME_NEW_REVIEW"
        state.testFlightBuilds[1].processingState = "RECOMPRESSING"
        state.testFlightBuilds[1].preReleaseVersion?.platform = "CAR_OS"
        let harness = try Harness(state: state)
        let build = try #require(try await harness.client.testFlightBuildsPage(appID: "1000000001").builds.first)
        #expect(build.id == "tf-241")
        let submissionState = try #require(build.betaAppReviewSubmission?.state)
        #expect(submissionState.rawValue == "ESCALATED_TO_SOMEONE" && !submissionState.isKnown)
        let external = try #require(build.buildBetaDetail?.externalBuildState)
        #expect(external.rawValue == "IN_SOME_NEW_REVIEW" && !external.isKnown)
        #expect(build.processingState?.rawValue == "RECOMPRESSING" && build.processingState?.isKnown == false)
        #expect(build.preReleaseVersion?.platform.rawValue == "CAR_OS")
    }

    @Test("attributes sent as null or left out are nil: no externalBuildState, no upload date (sorted last)")
    func absentAttributes() async throws {
        var state = TestFlightCatalogue.state
        state.testFlightBuilds[1].betaDetail?.externalBuildState = nil
        state.testFlightBuilds[1].uploadedDate = nil
        let harness = try Harness(state: state)
        let builds = try await harness.client.testFlightBuildsPage(appID: "1000000001").builds
        let build = try #require(builds.first { $0.id == "tf-241" })
        #expect(build.buildBetaDetail?.id == "bbd-241" && build.buildBetaDetail?.externalBuildState == nil)
        #expect(build.uploadedDate == nil)
        #expect(builds.last?.id == "tf-241", "a build without an upload date sorts last")
    }

    @Test("stopping early: the first page is one request; each next page one more, its includes with it")
    func stopEarly() async throws {
        let harness = try Harness(
            state: TestFlightCatalogue.many(5), configuration: ASCClientConfiguration(pageSize: 2))
        let first = try await harness.client.testFlightBuildsPage(appID: "1000000001")
        #expect(first.builds.map(\.buildNumber) == ["5", "4"])
        #expect(harness.fake.requestCount(path: "/v1/builds") == 1)
        let next = try #require(first.next)
        #expect(next.pageNumber == 2 && next.url.hasPrefix(harness.fake.baseURL + "/v1/builds?"))
        var pages = [first]
        while let next = pages.last?.next {
            pages.append(try await harness.client.testFlightBuildsPage(appID: "1000000001", next: next))
        }
        #expect(pages.flatMap(\.builds).map(\.buildNumber) == ["5", "4", "3", "2", "1"])
        #expect(pages.flatMap(\.builds).map { $0.preReleaseVersion?.version } == ["2.2", "2.1", "2.0", "2.2", "2.1"])
        #expect(pages.flatMap(\.builds).map { $0.betaAppReviewSubmission?.id } == [nil, "bars-4", nil, "bars-2", nil])
        #expect(harness.fake.requestCount(path: "/v1/builds") == 3)
    }

    @Test("a next page of another listing (another app) is refused before anything is sent")
    func nextOfAnotherListing() async throws {
        let harness = try Harness(
            state: TestFlightCatalogue.many(5), configuration: ASCClientConfiguration(pageSize: 2))
        let first = try await harness.client.testFlightBuildsPage(appID: "1000000001")
        let error = await ascError {
            try await harness.client.testFlightBuildsPage(appID: "1000000002", next: first.next)
        }
        expect(
            error, .invalidConfiguration,
            naming: ["another listing", "filter%5Bapp%5D=1000000001&", "filter%5Bapp%5D=1000000002&"])
        #expect(harness.fake.requestCount(path: "/v1/builds") == 1)
    }

    @Test("page by page, links.next is checked as for whole lists: a loop, another origin, more than maximumPages")
    func nextChecks() async throws {
        let looping = try Harness(
            state: TestFlightCatalogue.many(5), configuration: ASCClientConfiguration(pageSize: 2))
        looping.fake.loopingPagination = true
        let first = try await looping.client.testFlightBuildsPage(appID: "1000000001")
        let loop = await ascError {
            try await looping.client.testFlightBuildsPage(appID: "1000000001", next: first.next)
        }
        expect(loop, .paginationFailure, naming: ["already fetched", "page 2", "/v1/builds"])
        #expect(looping.fake.requestCount(path: "/v1/builds") == 2)

        let foreign = try Harness(
            state: TestFlightCatalogue.many(5), configuration: ASCClientConfiguration(pageSize: 2))
        foreign.fake.foreignNextOrigin = "https://elsewhere.example"
        let elsewhere = await ascError { try await foreign.client.testFlightBuildsPage(appID: "1000000001") }
        expect(elsewhere, .paginationFailure, naming: ["elsewhere.example", "not sent there"])

        let long = try Harness(
            state: TestFlightCatalogue.many(5), configuration: ASCClientConfiguration(pageSize: 1, maximumPages: 2))
        let one = try await long.client.testFlightBuildsPage(appID: "1000000001")
        let tooMany = await ascError { try await long.client.testFlightBuildsPage(appID: "1000000001", next: one.next) }
        expect(tooMany, .paginationFailure, naming: ["more than 2 pages", "maximumPages"])
    }

    @Test("filter[id]: every build asked for once, deduplicated, 50 IDs per request, all pages; gone builds absent")
    func byID() async throws {
        let harness = try Harness(
            state: TestFlightCatalogue.many(60), configuration: ASCClientConfiguration(pageSize: 20))
        let ids = (1...60).map { "tf-\($0)" } + ["tf-3", "tf-gone"]
        let builds = try await harness.client.testFlightBuilds(ids: ids)
        #expect(Set(builds.map(\.id)) == Set((1...60).map { "tf-\($0)" }) && builds.count == 60)
        #expect(builds.allSatisfy { $0.preReleaseVersion != nil }, "the includes come with every page")
        #expect(builds.first { $0.id == "tf-4" }?.betaAppReviewSubmission?.state == .approved)
        // 51 distinct IDs in the first request (three pages of 20), 11 in the second (one page).
        let requests = harness.fake.requests(path: "/v1/builds")
        #expect(requests.count == 4)
        #expect(requests[0].query.contains("filter%5Bid%5D=tf-1,tf-2,"))
        #expect(requests[0].query.contains("include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail"))
        #expect(requests.last?.query.contains("filter%5Bid%5D=tf-51,") == true)
        #expect(requests.last?.query.contains("tf-gone") == true)
        #expect(try await harness.client.testFlightBuilds(ids: []).isEmpty)
        #expect(harness.fake.requestCount(path: "/v1/builds") == 4, "no IDs, no request")
    }

    @Test("filter[id] answering a build not asked for is invalidResponse")
    func byIDUnasked() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        harness.fake.inject(
            [.custom(status: 200, body: #"{"data":[{"type":"builds","id":"tf-x","attributes":{"version":"1"}}]}"#)],
            path: "/v1/builds")
        let error = await ascError { try await harness.client.testFlightBuilds(ids: ["tf-241"]) }
        expect(error, .invalidResponse, naming: ["builds tf-x", "not asked for"])
    }

    @Test("a webhook's build beta detail resolves to the build, its app and its pre-release version in one request")
    func lookup() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        let lookup = try await harness.client.testFlightBuild(betaDetailID: "bbd-mac-20")
        #expect(lookup.app == ASCApp(id: "1000000001", name: "Gatehouse Demo", bundleID: "com.example.demo"))
        #expect(lookup.preReleaseVersion == ASCPreReleaseVersion(id: "p-mac-20", version: "2.0", platform: .macOS))
        #expect(lookup.build.id == "tf-mac-20" && lookup.build.buildNumber == "20")
        #expect(lookup.build.appID == "1000000001")
        #expect(lookup.build.buildBetaDetail?.externalBuildState == .inBetaTesting)
        #expect(harness.fake.totalRequests == 1)
        let query = try #require(harness.fake.requests(path: "/v1/buildBetaDetails/bbd-mac-20/build").first?.query)
        #expect(query.contains("include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail,app"))
        #expect(query.contains("fields%5Bapps%5D=name,bundleId"))
    }

    @Test("a lookup whose answer lacks the app or the pre-release version is invalidResponse naming it")
    func lookupIncomplete() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        harness.fake.inject(
            [
                .custom(
                    status: 200,
                    body: #"{"data":{"type":"builds","id":"tf-1","attributes":{"version":"1"},"relationships":{"#
                        + #""app":{"data":{"type":"apps","id":"1000000001"}}}}}"#),
                .custom(
                    status: 200,
                    body: #"{"data":{"type":"builds","id":"tf-1","attributes":{"version":"1"},"relationships":{"#
                        + #""app":{"data":{"type":"apps","id":"1000000001"}},"preReleaseVersion":{"data":{"#
                        + #""type":"preReleaseVersions","id":"p-1"}}}}}"#),
            ], path: "/v1/buildBetaDetails/bbd-1/build")
        let noApp = await ascError { try await harness.client.testFlightBuild(betaDetailID: "bbd-1") }
        expect(noApp, .invalidResponse, naming: ["without its app", "include=app"])
        let notIncluded = await ascError { try await harness.client.testFlightBuild(betaDetailID: "bbd-1") }
        expect(notIncluded, .invalidResponse, naming: ["links preReleaseVersion p-1", "does not include"])
    }

    @Test("a build of another app in a filter[app] answer is invalidResponse")
    func otherApp() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        harness.fake.inject(
            [
                .custom(
                    status: 200,
                    body: #"{"data":[{"type":"builds","id":"tf-1","attributes":{"version":"1"},"relationships":{"#
                        + #""app":{"data":{"type":"apps","id":"1000000002"}}}}]}"#)
            ], path: "/v1/builds")
        let error = await ascError { try await harness.client.testFlightBuildsPage(appID: "1000000001") }
        expect(error, .invalidResponse, naming: ["builds tf-1 belongs to app 1000000002", "filter[app]=1000000001"])
    }

    @Test(
        "403 and 404 on the TestFlight routes: forbidden naming TestFlight and the key, notFound naming the URL",
        arguments: [true, false])
    func refusals(forbidden: Bool) async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        harness.fake.testFlightFault = forbidden ? .forbidden(code: "FORBIDDEN_ERROR") : .notFound
        let page = await ascError { try await harness.client.testFlightBuildsPage(appID: "1000000001") }
        let byID = await ascError { try await harness.client.testFlightBuilds(ids: ["tf-241"]) }
        let lookup = await ascError { try await harness.client.testFlightBuild(betaDetailID: "bbd-241") }
        for error in [page, byID, lookup] {
            if forbidden {
                expect(error, .forbidden, naming: ["HTTP 403", "FORBIDDEN_ERROR", "TestFlight builds", TestKeys.keyID])
            } else {
                expect(error, .notFound, naming: ["HTTP 404", "NOT_FOUND"])
            }
        }
        #expect(page?.url?.contains("/v1/builds?") == true)
        #expect(lookup?.url?.contains("/v1/buildBetaDetails/bbd-241/build") == true)
        harness.fake.testFlightFault = nil
        #expect(try await harness.client.testFlightBuildsPage(appID: "1000000001").builds.count == 3)
        #expect(try await harness.client.apps().count == 2, "the App Store routes are not affected")
    }

    @Test("an unknown build beta detail is Apple's 404, notFound")
    func unknownBetaDetail() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        let error = await ascError { try await harness.client.testFlightBuild(betaDetailID: "bbd-nope") }
        expect(error, .notFound, naming: ["/v1/buildBetaDetails/bbd-nope/build", "There is no resource of type"])
    }

    @Test("the fake's TestFlight routes answer Apple's 400 for a parameter, include or sort they do not honour")
    func fakeParameters() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        let token = try await harness.client.tokens.token().compact
        for (target, fragment) in [
            ("/v1/builds?filter%5Bversion%5D=241", "filter[version]"), ("/v1/builds?include=icons", "icons"),
            ("/v1/builds?sort=version", "sort"), ("/v1/builds?limit=201", "limit"),
            ("/v1/buildBetaDetails/bbd-241/build?limit=5", "limit"),
        ] {
            let response = try await CurlHTTPClient().send(
                .get(harness.fake.baseURL + target, headers: ["Authorization": "Bearer " + token]))
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == 400 && body.contains("PARAMETER_ERROR.INVALID"), "\(target): \(body)")
            #expect(body.contains(fragment), "\(target): \(body)")
        }
        let unsorted = try await CurlHTTPClient().send(
            .get(
                harness.fake.baseURL + "/v1/builds?filter%5Bapp%5D=1000000001&fields%5Bbuilds%5D=version",
                headers: ["Authorization": "Bearer " + token]))
        let body = String(decoding: unsorted.body, as: UTF8.self)
        #expect(unsorted.status == 200)
        #expect(body.firstRange(of: "tf-240").map { $0.lowerBound < body.firstRange(of: "tf-241")!.lowerBound } == true)
        #expect(!body.contains("included") && !body.contains("uploadedDate"), "no include, sparse fields: \(body)")
        #expect(harness.fake.requestCount(path: "/v1/builds") == 5)
    }

    @Test("states changed while the server runs are seen by the next request")
    func changes() async throws {
        let harness = try Harness(state: TestFlightCatalogue.state)
        harness.fake.update {
            $0.setBetaReviewState("tf-241", "IN_REVIEW")
            $0.setExternalBuildState("tf-241", "IN_BETA_REVIEW")
            $0.setBetaReviewState("tf-mac-20", "WAITING_FOR_REVIEW", submittedDate: "2026-11-22T09:00:00Z")
        }
        let builds = try await harness.client.testFlightBuildsPage(appID: "1000000001").builds
        #expect(builds[0].betaAppReviewSubmission?.state == .inReview)
        #expect(builds[0].buildBetaDetail?.externalBuildState == .inBetaReview)
        #expect(builds[1].betaAppReviewSubmission?.id == "bars-tf-mac-20")
        #expect(builds[1].betaAppReviewSubmission?.state == .waitingForReview)
    }

    @Test(
        "the demo's TestFlight history reads as it is told: waiting, in review, rejected; a new build approved; one more approved without review"
    )
    func demoHistory() async throws {
        let now: Int64 = 1_795_168_800
        let steps = FakeASCState.demoTestFlightSteps(now: now)
        #expect(steps.count == 6)
        let harness = try Harness(state: FakeASCState(apps: FakeASCState.App.demoApps))
        var seen: [[String]] = []
        for step in steps {
            harness.fake.update { $0.testFlightBuilds = step }
            let builds = try await harness.client.testFlightBuildsPage(appID: "1500000001").builds
            #expect(
                builds.allSatisfy { $0.preReleaseVersion?.version == "2.4" && $0.preReleaseVersion?.platform == .iOS })
            seen.append(
                builds.map {
                    "\($0.buildNumber) \($0.betaAppReviewSubmission?.state.rawValue ?? "-") "
                        + ($0.buildBetaDetail?.externalBuildState?.rawValue ?? "-")
                })
        }
        #expect(
            seen == [
                ["119 WAITING_FOR_REVIEW WAITING_FOR_BETA_REVIEW"], ["119 IN_REVIEW IN_BETA_REVIEW"],
                ["119 REJECTED BETA_REJECTED"],
                ["120 WAITING_FOR_REVIEW WAITING_FOR_BETA_REVIEW", "119 REJECTED BETA_REJECTED"],
                ["120 APPROVED BETA_APPROVED", "119 REJECTED BETA_REJECTED"],
                ["121 - BETA_APPROVED", "120 APPROVED IN_BETA_TESTING", "119 REJECTED BETA_REJECTED"],
            ])
        let last = try await harness.client.testFlightBuildsPage(appID: "1500000001").builds
        #expect(
            last[2].betaAppReviewSubmission?.submittedDate == Date(timeIntervalSince1970: TimeInterval(now - 93 * 3600))
        )
        #expect(try await harness.client.testFlightBuildsPage(appID: "1500000002").builds.isEmpty)
        #expect(FakeASCState.demoTestFlight(now: now).map(\.id) == ["tf-119", "tf-120", "tf-121"])
    }
}
