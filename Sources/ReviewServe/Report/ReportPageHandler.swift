internal import GatehouseCore
internal import JWT
package import MicroHTTPServer
package import ReviewLog
package import ReviewReport
internal import Synchronization

/// `GET /` of `review serve --report-listen`: the HTML report of the whole store as it is now, the page
/// `review report --html` writes, on a listener of its own (the webhook port may face Apple; this one stays behind
/// the team's proxy and its login).
///
/// Each request reads the store (every event and the signing items: a few milliseconds for thousands of events) and
/// compares what it read with what the cached page was made from; the page is made again only when that changed or
/// the minute turned (the page shows how long an open cycle has waited, and when it was made, to the minute: it is
/// made at the minute's start, so one store and one minute make one page, byte for byte). Its `ETag` is the
/// page's SHA-256, so a browser's `If-None-Match` is answered 304 until the bytes change (RFC 9110 section 13.1.2).
/// The report's Content-Security-Policy goes in a header too, with `frame-ancestors 'none'`, which a `<meta>` cannot
/// carry (CSP Level 3 section 6.4.2).
package final class ReportPageHandler: HTTPServerHandler {
    /// The one path served.
    package static let path = "/"

    /// The page's header policy: the report's own, and no framing.
    package static let contentSecurityPolicy = HTMLReport.contentSecurityPolicy + "; frame-ancestors 'none'"

    private struct Cached: Sendable {
        var source: ReportSource
        var minute: Timestamp
        var body: [UInt8]
        var etag: String
    }

    private let read: @Sendable () async throws -> ReportSource
    private let now: @Sendable () -> Timestamp
    private let formatTime: @Sendable (Timestamp) -> String
    private let cache = Mutex<Cached?>(nil)
    private let made = Atomic<Int>(0)

    /// A handler reading what it serves through `read`.
    /// - Parameters:
    ///   - read: what the page is made from now (a failure is answered 503).
    ///   - now: the current time.
    ///   - formatTime: how the page shows an instant (local time or UTC, as `review report` would).
    package init(
        read: @escaping @Sendable () async throws -> ReportSource, now: @escaping @Sendable () -> Timestamp,
        formatTime: @escaping @Sendable (Timestamp) -> String
    ) {
        self.read = read
        self.now = now
        self.formatTime = formatTime
    }

    /// A handler serving the report of everything in `store`, read on the store's own queue (a read waiting for the
    /// database holds no cooperative thread).
    /// - Parameters:
    ///   - store: the store.
    ///   - now: the current time.
    ///   - formatTime: how the page shows an instant.
    package convenience init(
        store: any ReviewStore & SigningStore, now: @escaping @Sendable () -> Timestamp,
        formatTime: @escaping @Sendable (Timestamp) -> String
    ) {
        self.init(
            read: { try await store.offload { () throws(ReviewError) in try ReportSource(store: store) } }, now: now,
            formatTime: formatTime)
    }

    /// How many times a page was made rather than taken from the cache.
    package var pagesMade: Int { made.load(ordering: .relaxed) }

    /// No request of this listener has a body.
    package var maximumBodyBytes: Int { 0 }

    package func admit(_ head: HTTPServerRequest) -> HTTPServerResponse? {
        guard head.path == Self.path else { return .text(404, "not found", logNote: "refused: no such path") }
        guard head.method == "GET" || head.method == "HEAD" else {
            return HTTPServerResponse(
                status: 405, headers: [HTTPServerHeader("Allow", "GET, HEAD")],
                body: Array("method not allowed\n".utf8), logNote: "refused: method")
        }
        if let length = head.declaredLength, length > 0 { return bodyTooLarge(head) }
        return nil
    }

    package func bodyTooLarge(_ head: HTTPServerRequest) -> HTTPServerResponse {
        .text(413, "a report request has no body", closesConnection: true, logNote: "refused: a body")
    }

    package func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        let source: ReportSource
        do { source = try await read() } catch {
            // The cause is the server's log's, not the browser's: a store error may name a path or a host.
            return .text(
                503, "the report cannot be made now: the store cannot be read; the server's log says why",
                logNote: "report: the store cannot be read (\(error))")
        }
        let page = self.page(of: source, at: Self.minute(of: now()))
        let headers = [
            HTTPServerHeader("ETag", page.etag), HTTPServerHeader("Cache-Control", "no-cache"),
            HTTPServerHeader("Content-Security-Policy", Self.contentSecurityPolicy),
            HTTPServerHeader("X-Content-Type-Options", "nosniff"), HTTPServerHeader("Referrer-Policy", "no-referrer"),
        ]
        if let match = request.header("If-None-Match"), Self.matches(match, page.etag) {
            return HTTPServerResponse(status: 304, headers: headers, logNote: "report: not modified")
        }
        return HTTPServerResponse(
            status: 200, headers: [HTTPServerHeader("Content-Type", "text/html; charset=utf-8")] + headers,
            body: page.body, logNote: "report: \(page.fresh ? "made" : "cached"), \(page.body.count) bytes")
    }

    /// The cached page when it was made from `source` at `minute`, else a new one, cached.
    private func page(of source: ReportSource, at minute: Timestamp) -> (body: [UInt8], etag: String, fresh: Bool) {
        if let cached = cache.withLock({ $0 }), cached.minute == minute, cached.source == source {
            return (cached.body, cached.etag, false)
        }
        let body = Array(source.report(now: minute, formatTime: formatTime).render().utf8)
        let etag = "\"" + Hex.lowercase(Digest.sha256(body).prefix(16)) + "\""
        made.add(1, ordering: .relaxed)
        cache.withLock { $0 = Cached(source: source, minute: minute, body: body, etag: etag) }
        return (body, etag, true)
    }

    /// The start of the minute of `instant`.
    static func minute(of instant: Timestamp) -> Timestamp {
        let seconds = instant.secondsSince1970
        return Timestamp(secondsSince1970: seconds - ((seconds % 60) + 60) % 60)
    }

    /// Whether an `If-None-Match` value names `etag`: `*`, or a list of entity tags compared weakly (a `W/` prefix
    /// ignored, RFC 9110 section 13.1.2).
    static func matches(_ field: String, _ etag: String) -> Bool {
        field.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            while let last = tag.last, last == " " || last == "\t" { tag = tag.dropLast() }
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == etag
        }
    }
}
