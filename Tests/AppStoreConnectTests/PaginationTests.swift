import AppStoreConnect
import GatehouseTesting
import Testing

@Suite("Pagination: links.next followed to the end; loops, foreign origins and endless lists refused")
struct PaginationTests {
    static func state(apps count: Int) -> FakeASCState {
        FakeASCState(apps: (1...count).map { .init(id: "\($0)", name: "App \($0)", bundleID: "com.example.app\($0)") })
    }

    @Test("several pages of `limit` items: every item once, in order, one request per page")
    func severalPages() async throws {
        let harness = try Harness(state: Self.state(apps: 5), configuration: ASCClientConfiguration(pageSize: 2))
        let apps = try await harness.client.apps()
        #expect(apps.map(\.id) == ["1", "2", "3", "4", "5"])
        let requests = harness.fake.requests(path: "/v1/apps")
        #expect(requests.count == 3)
        #expect(requests.dropFirst().allSatisfy { $0.query.hasPrefix("cursor=") })
        #expect(requests.allSatisfy { $0.query.contains("limit=2") })
    }

    @Test("pages shorter than `limit` are followed until links.next is absent")
    func shortPages() async throws {
        let harness = try Harness(state: Self.state(apps: 7))
        harness.fake.shortPageSize = 3
        #expect(try await harness.client.apps().count == 7)
        #expect(harness.fake.requestCount(path: "/v1/apps") == 3)
    }

    @Test("a links.next already fetched is a paginationFailure, not a loop")
    func repeatedNext() async throws {
        let harness = try Harness(state: Self.state(apps: 5), configuration: ASCClientConfiguration(pageSize: 2))
        harness.fake.loopingPagination = true
        let error = await ascError { try await harness.client.apps() }
        expect(error, .paginationFailure, naming: ["already fetched", "page 2", "/v1/apps"])
        #expect(harness.fake.requestCount(path: "/v1/apps") == 2)
    }

    @Test("a links.next on another origin is refused before the token goes there")
    func foreignOrigin() async throws {
        let harness = try Harness(state: Self.state(apps: 5), configuration: ASCClientConfiguration(pageSize: 2))
        harness.fake.foreignNextOrigin = "https://elsewhere.example"
        let error = await ascError { try await harness.client.apps() }
        expect(error, .paginationFailure, naming: ["elsewhere.example", "not sent there"])
        #expect(harness.fake.requestCount(path: "/v1/apps") == 1)
    }

    @Test("more pages than maximumPages is a paginationFailure naming the bound")
    func tooManyPages() async throws {
        let harness = try Harness(
            state: Self.state(apps: 5), configuration: ASCClientConfiguration(pageSize: 1, maximumPages: 3))
        let error = await ascError { try await harness.client.apps() }
        expect(error, .paginationFailure, naming: ["more than 3 pages", "maximumPages"])
        #expect(harness.fake.requestCount(path: "/v1/apps") == 3)
    }

    @Test("a page over 1 MiB (the HTTP layer's default cap) is read: list pages are capped at 8 MiB")
    func largePage() async throws {
        let name = String(repeating: "n", count: 6_000)
        let state = FakeASCState(
            apps: (1...200).map { .init(id: "\($0)", name: name, bundleID: "com.example.app\($0)") })
        let harness = try Harness(state: state)
        let apps = try await harness.client.apps()
        #expect(apps.count == 200 && apps.allSatisfy { $0.name.count == 6_000 })
        #expect(harness.fake.requestCount(path: "/v1/apps") == 1)
    }

    @Test("versions and submissions page too, with their included resources on each page")
    func includedAcrossPages() async throws {
        var state = Self.state(apps: 1)
        for index in 1...5 {
            state.versions.append(
                .init(
                    id: "v\(index)", appID: "1", versionString: "1.\(index)",
                    build: .init(id: "b\(index)", version: "\(index)")))
            state.submissions.append(
                .init(
                    id: "s\(index)", appID: "1", state: "COMPLETE",
                    items: [.init(id: "i\(index)", state: "APPROVED", appStoreVersionID: "v\(index)")]))
        }
        let harness = try Harness(state: state, configuration: ASCClientConfiguration(pageSize: 2))
        let versions = try await harness.client.appStoreVersions(appID: "1")
        #expect(versions.map { $0.build?.version } == ["1", "2", "3", "4", "5"])
        let submissions = try await harness.client.reviewSubmissions(appID: "1")
        #expect(submissions.map { $0.items.first?.appStoreVersionID } == ["v1", "v2", "v3", "v4", "v5"])
        #expect(harness.fake.requestCount(path: "/v1/reviewSubmissions") == 3)
    }
}
