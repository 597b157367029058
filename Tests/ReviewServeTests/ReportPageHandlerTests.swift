import Foundation
import GatehouseTesting
import MicroHTTPServer
import ReviewLog
import ReviewReport
import ReviewServe
import Synchronization
import Testing

/// `review serve --report-listen`'s handler on a real libmicrohttpd server over loopback: the page of the store as
/// it is, made again only when the store or the minute changed, its ETag answered 304, and the report's policy as a
/// header. The command as a process, and Chromium on what it serves, are in ReviewCLITests
/// (`ServeReportEndToEndTests`).
@Suite("report listener: the store's report over HTTP, cached until it changes", .serialized)
struct ReportPageHandlerTests {
    /// 2026-11-29T12:00:30Z: half a minute into a minute.
    static let start = Date(timeIntervalSince1970: 1_795_953_630)

    /// A SQLite store, a clock, and a server of the handler on 127.0.0.1 (a port the system chooses).
    final class Fixture: Sendable {
        let directory: TemporaryDirectory
        let store: RelationalReviewStore
        let clock = ManualClock(ReportPageHandlerTests.start)
        let handler: ReportPageHandler
        let server: MicroHTTPServer

        init() throws {
            directory = try TemporaryDirectory()
            store = try RelationalReviewStore(sqlitePath: directory.file("review.sqlite").path)
            let clock = clock
            handler = ReportPageHandler(
                store: store, now: { Timestamp(now: clock) }, formatTime: { $0.iso8601 })
            server = try MicroHTTPServer(
                address: try ListenAddress(parsing: "127.0.0.1:0"), handler: handler, log: { _ in })
        }

        deinit { server.stop() }

        /// Logs a state of Fokus on iOS, `hours` before the clock's start.
        func log(_ version: String, _ state: ReviewState, hoursAgo hours: Int64) throws {
            _ = try store.record(
                LogRequest(
                    app: "Fokus", version: version, state: state,
                    at: Timestamp(
                        secondsSince1970: Int64(ReportPageHandlerTests.start.timeIntervalSince1970) - hours * 3600)))
        }

        /// The page `review report` makes of the store at `minute` seconds past 12:00.
        func expectedPage(minute: Int64 = 0) throws -> String {
            try ReportSource(store: store).report(
                now: Timestamp(secondsSince1970: 1_795_953_600 + minute * 60), formatTime: { $0.iso8601 }
            ).render()
        }

        /// `GET path` with the extra header fields.
        func get(_ path: String = "/", _ headers: [(String, String)] = []) async throws -> RawHTTPConnection.Answer {
            try await ReportPageHandlerTests.send(
                port: server.address.port, method: "GET", path: path, headers: headers)
        }
    }

    /// One request, sent from a thread of its own: the handler answers on the concurrency threads this test would
    /// otherwise hold while it waits (`WebhookServiceTests.onThread`).
    static func send(
        port: UInt16, method: String = "POST", path: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> RawHTTPConnection.Answer {
        let answer = try await WebhookServiceTests.onThread {
            try RawHTTPConnection.send(port: port, method: method, path: path, headers: headers, body: body)
        }
        return try #require(answer)
    }

    @Test("GET / is the page review report writes of the same store at the minute's start, with its policy as a header")
    func servesTheReport() async throws {
        let fixture = try Fixture()
        try fixture.log("2.3", .waitingForReview, hoursAgo: 30)
        let answer = try await fixture.get()
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
        #expect(
            answer.header("Content-Security-Policy")
                == "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
                + "frame-ancestors 'none'")
        #expect(answer.header("Cache-Control") == "no-cache")
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
        // The page of the store at 12:00:00, the minute's start: what the command would write then.
        #expect(answer.body == (try fixture.expectedPage()))
        #expect(answer.body.contains("Fokus"))
        #expect(answer.body.contains("2026-11-29T12:00:00Z"))
        let etag = try #require(answer.header("ETag"))
        #expect(etag.count == 34 && etag.hasPrefix("\"") && etag.hasSuffix("\""))
    }

    @Test("the page is made once while the store and the minute stay; If-None-Match with its ETag is answered 304")
    func cachedAndRevalidated() async throws {
        let fixture = try Fixture()
        try fixture.log("2.3", .waitingForReview, hoursAgo: 30)
        let first = try await fixture.get()
        let etag = try #require(first.header("ETag"))
        fixture.clock.advance(20)  // 12:00:50, the same minute
        let second = try await fixture.get()
        #expect(second.status == 200 && second.body == first.body && second.header("ETag") == etag)
        #expect(fixture.handler.pagesMade == 1)
        for field in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            let revalidated = try await fixture.get("/", [("If-None-Match", field)])
            #expect(revalidated.status == 304, "If-None-Match: \(field)")
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.header("ETag") == etag)
        }
        let stale = try await fixture.get("/", [("If-None-Match", "\"0123456789abcdef0123456789abcdef\"")])
        #expect(stale.status == 200 && stale.body == first.body)
        #expect(fixture.handler.pagesMade == 1)
    }

    @Test("a change in the store makes a new page with a new ETag; so does the next minute, and nothing else")
    func changesMakeANewPage() async throws {
        let fixture = try Fixture()
        try fixture.log("2.3", .waitingForReview, hoursAgo: 30)
        let before = try await fixture.get()
        try fixture.log("2.3", .inReview, hoursAgo: 2)
        let after = try await fixture.get()
        #expect(after.header("ETag") != before.header("ETag"))
        let expected = try fixture.expectedPage()
        #expect(after.body != before.body && after.body == expected)
        #expect(fixture.handler.pagesMade == 2)
        // The old ETag no longer matches: the browser gets the new page.
        let revalidated = try await fixture.get("/", [("If-None-Match", try #require(before.header("ETag")))])
        #expect(revalidated.status == 200 && revalidated.body == after.body)
        fixture.clock.advance(60)  // 12:01:30: the waits and the "Made" line move on
        let later = try await fixture.get()
        #expect(later.header("ETag") != after.header("ETag"))
        #expect(later.body == (try fixture.expectedPage(minute: 1)))
        #expect(later.body.contains("2026-11-29T12:01:00Z"))
        #expect(fixture.handler.pagesMade == 3)
    }

    @Test("only GET and HEAD of /: another path is 404, another method 405 with Allow, a body 413")
    func routing() async throws {
        let fixture = try Fixture()
        let other = try await fixture.get("/report.html")
        #expect(other.status == 404)
        let webhook = try await Self.send(port: fixture.server.address.port, path: "/webhooks/app-store-connect")
        #expect(webhook.status == 404)
        let post = try await Self.send(port: fixture.server.address.port, method: "POST", path: "/")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
        let body = try await Self.send(
            port: fixture.server.address.port, method: "GET", path: "/", body: Array("x=1".utf8))
        #expect(body.status == 413)
        #expect(fixture.handler.pagesMade == 0)
        // A query does not change what is served.
        #expect(try await fixture.get("/?utm=1").status == 200)
    }

    @Test("a store that cannot be read is 503, and the answer does not say why (the log does)")
    func storeFailure() async throws {
        let logged = Mutex<[String]>([])
        let handler = ReportPageHandler(
            read: {
                throw ReviewError(
                    .storeFailure, "cannot read /srv/secret/review.sqlite: disk I/O error")
            }, now: { Timestamp(secondsSince1970: 1_795_953_600) }, formatTime: { $0.iso8601 })
        let server = try MicroHTTPServer(
            address: try ListenAddress(parsing: "127.0.0.1:0"), handler: handler,
            log: { record in logged.withLock { $0.append(record.note) } })
        defer { server.stop() }
        let answer = try await Self.send(port: server.address.port, method: "GET", path: "/")
        #expect(answer.status == 503)
        #expect(answer.body.contains("the store cannot be read"))
        #expect(!answer.body.contains("/srv/secret"))
        #expect(answer.header("ETag") == nil)
        #expect(logged.withLock { $0 }.contains { $0.contains("/srv/secret/review.sqlite") })
    }
}
