import AppStoreConnect
import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("Rate limits and retries: Retry-After, back-off with jitter, bounded 5xx and network retries, pacing")
struct RetryTests {
    @Test(
        "a 429's Retry-After (seconds, or an HTTP-date from the injected clock) is waited out, at most 60 s, then retried",
        arguments: [("2", 2), ("Sun, 29 Nov 2026 12:00:05 GMT", 5), ("3600", 60)])
    func retryAfter(value: String, waitSeconds: Int64) async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject([.rateLimited(retryAfter: value)], path: "/v1/apps")
        #expect(try await harness.client.apps().count == 2)
        #expect(harness.sleeper.waits == [.seconds(waitSeconds)])
        #expect(harness.fake.requestCount(path: "/v1/apps") == 2)
    }

    @Test("a 429 without Retry-After backs off exponentially with jitter: 5, 10, 20 s halves plus random halves")
    func backoffWithoutRetryAfter() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject(Array(repeating: .rateLimited(retryAfter: nil), count: 3), path: "/v1/apps")
        #expect(try await harness.client.apps().count == 2)
        let waits = harness.sleeper.waits.map(seconds)
        #expect(waits.count == 3)
        for (wait, full) in zip(waits, [5.0, 10.0, 20.0]) {
            #expect(wait >= full / 2 && wait <= full, "wait \(wait) s outside \(full / 2)...\(full) s")
        }
    }

    @Test("429s past the bound are rateLimited naming the URL, Apple's code and the hourly budget")
    func rateLimitedGivesUp() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject(Array(repeating: .rateLimited(retryAfter: "1"), count: 5), path: "/v1/apps")
        let error = await ascError { try await harness.client.apps() }
        expect(error, .rateLimited, naming: ["/v1/apps", "429", "RATE_LIMIT_EXCEEDED", "too many requests", "3,600"])
        #expect(harness.sleeper.waits.count == 4)
        #expect(error?.status == 429)
    }

    @Test("a 500 is retried after a back-off, then succeeds")
    func serverErrorThenRecovery() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject([.serverError(status: 500)], path: "/v1/apps/1000000001/appStoreVersions")
        #expect(try await harness.client.appStoreVersions(appID: "1000000001").count == 2)
        let waits = harness.sleeper.waits.map(seconds)
        #expect(waits.count == 1 && waits[0] >= 0.5 && waits[0] <= 1)
    }

    @Test("5xx past the bound is serverFailure naming the URL, the status, Apple's code and the attempts")
    func serverErrorGivesUp() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject(Array(repeating: .serverError(status: 503), count: 4), path: "/v1/apps")
        let error = await ascError { try await harness.client.apps() }
        expect(
            error, .serverFailure,
            naming: [
                harness.fake.baseURL + "/v1/apps", "HTTP 503", "UNEXPECTED_ERROR", "after 4 attempts",
                "try again later",
            ])
        let waits = harness.sleeper.waits.map(seconds)
        #expect(waits.count == 3)
        for (wait, full) in zip(waits, [1.0, 2.0, 4.0]) { #expect(wait >= full / 2 && wait <= full) }
    }

    @Test("a reset connection is retried, then succeeds")
    func resetThenRecovery() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject([.connectionReset], path: "/v1/apps")
        #expect(try await harness.client.apps().count == 2)
        #expect(harness.sleeper.waits.count == 1)
    }

    @Test("a refused connection is networkFailure after the bounded retries, naming the URL and the cause")
    func connectionRefused() async throws {
        let port = try LoopbackHTTPServer.unusedPort()
        let sleeper = RecordingSleeper()
        let client = try ASCClient(
            credentials: TestKeys.team, baseURL: "http://127.0.0.1:\(port)", clock: ManualClock(), sleeper: sleeper)
        let error = await ascError { try await client.apps() }
        expect(error, .networkFailure, naming: ["127.0.0.1:\(port)/v1/apps", "after 4 attempt(s)", "connectionFailed"])
        #expect(error?.httpError?.code == .connectionFailed)
        #expect(sleeper.waits.count == 3)
    }

    /// Lists three apps, one a page, from a fake App Store Connect that reports `remaining` requests left this hour.
    /// - Returns: the harness, for its sleeper's waits.
    static func listThreePages(remaining: Int) async throws -> Harness {
        let harness = try Harness(
            state: PaginationTests.state(apps: 3), configuration: ASCClientConfiguration(pageSize: 1))
        harness.fake.rateLimitRemaining = remaining
        _ = try await harness.client.apps()
        return harness
    }

    @Test("with 20 % or less of the hourly budget left, requests are spaced by 720 s / remaining")
    func pacing() async throws {
        let harness = try await Self.listThreePages(remaining: 100)
        let waits = harness.sleeper.waits.map(seconds)
        #expect(waits.count == 2)
        #expect(abs(waits[0] - 7.2) < 0.01 && abs(waits[1] - 720.0 / 99) < 0.01)
        #expect(await harness.client.rateLimit == ASCRateLimit(limit: 3600, remaining: 98))
    }

    @Test("pacing counts the time since the last response, and is capped at 60 s when nothing is left")
    func pacingElapsedAndCap() async throws {
        let harness = try await Self.listThreePages(remaining: 0)
        #expect(harness.sleeper.waits == [.seconds(60), .seconds(60)])
        let slow = try Harness(state: Catalogue.state)
        slow.fake.rateLimitRemaining = 360
        _ = try await slow.client.app(id: "1000000001")
        slow.clock.advance(1.5)
        _ = try await slow.client.app(id: "1000000001")
        #expect(slow.sleeper.waits.map(seconds).map { ($0 * 1000).rounded() / 1000 } == [0.5])
    }

    @Test("with plenty of budget left, nothing waits")
    func noPacing() async throws {
        let harness = try Harness(
            state: PaginationTests.state(apps: 3), configuration: ASCClientConfiguration(pageSize: 1))
        _ = try await harness.client.apps()
        #expect(harness.sleeper.waits.isEmpty)
        let noHeader = try Harness(
            state: PaginationTests.state(apps: 3), configuration: ASCClientConfiguration(pageSize: 1))
        noHeader.fake.rateLimitRemaining = nil
        _ = try await noHeader.client.apps()
        #expect(noHeader.sleeper.waits.isEmpty)
        #expect(await noHeader.client.rateLimit == nil)
    }

    @Test("X-Rate-Limit values read in any order, with spaces; malformed ones are nil")
    func rateLimitHeader() {
        #expect(
            ASCRateLimit(headerValue: "user-hour-lim:3600;user-hour-rem:3521;")
                == ASCRateLimit(limit: 3600, remaining: 3521))
        #expect(
            ASCRateLimit(headerValue: " user-hour-rem: 10 ; user-hour-lim:3500")
                == ASCRateLimit(limit: 3500, remaining: 10))
        #expect(ASCRateLimit(headerValue: "user-hour-lim:3600;") == nil)
        #expect(ASCRateLimit(headerValue: "user-hour-lim:x;user-hour-rem:1") == nil)
        #expect(ASCRateLimit(headerValue: "user-hour-lim:3600;user-hour-rem:-1") == nil)
    }
}
