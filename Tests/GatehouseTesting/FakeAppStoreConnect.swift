import Foundation
import JWT

/// A fake App Store Connect API on a loopback `LoopbackHTTPServer`: real HTTP, JSON:API documents shaped like
/// Apple's (OpenAPI 4.4.1: `AppsResponse`, `AppStoreVersionsResponse`, `ReviewSubmissionsResponse`...), over a
/// `FakeASCState` tests change between passes.
///
/// - Every request's bearer token is checked (`FakeASCTokenCheck`: signature with the key's public half, `kid`,
///   `aud`, `exp - iat` <= 1200, `iss` or `sub`); a bad one gets Apple's 401 `NOT_AUTHORIZED` body, and the reason
///   is kept in `tokenRefusals`.
/// - Lists page with `limit` (default 50, at most 200) and an opaque `cursor` in an absolute `links.next`;
///   `shortPageSize` makes pages hold fewer than `limit`; `loopingPagination` repeats a `next` URL;
///   `foreignNextOrigin` points `next` at another origin.
/// - `fields[...]` (sparse fieldsets), `include`, `limit[items]`, `limit[certificates]` and the filters are
///   honoured; unknown parameters and a missing `filter[app]` get Apple's 400 `PARAMETER_ERROR` bodies.
/// - TestFlight builds (`GET /v1/builds` with `filter[app]`, `filter[id]`, `sort=±uploadedDate`, and `include` of
///   the pre-release version, Beta App Review submission, build beta detail and app) and the build of a build beta
///   detail (`GET /v1/buildBetaDetails/{id}/build`).
/// - Scripted faults (`inject`), 403 on review submissions only (`forbidsReviewSubmissions`), on certificates or
///   profiles only (`forbidsCertificates`, `forbidsProfiles`), a standing fault on the TestFlight routes
///   (`testFlightFault`), an `X-Rate-Limit` header counting down from `rateLimitRemaining`.
/// - Requests are counted per path (`requestCount(path:)`).
@dynamicMemberLookup
public final class FakeAppStoreConnect: @unchecked Sendable {
    /// The loopback server.
    public let server: LoopbackHTTPServer

    private let lock = NSLock()
    private var state: FakeASCState
    private var tokenCheck: FakeASCTokenCheck
    private let clock: any TimeSource
    private var faults: [(path: String?, fault: FakeASCFault)] = []
    private var refusals: [String] = []
    private var settings = Settings()

    /// How the server misbehaves or limits, switched by tests between passes. Each is read and set on the server
    /// itself (`fake.shortPageSize = 3`), under its lock, through `subscript(dynamicMember:)`.
    public struct Settings: Sendable {
        /// Whether every `/v1/reviewSubmissions` request gets 403 `FORBIDDEN_ERROR` (a key whose role cannot read
        /// them).
        public var forbidsReviewSubmissions = false
        /// Whether every `/v1/certificates` request gets 403 `FORBIDDEN_ERROR` (a key whose role cannot read them).
        public var forbidsCertificates = false
        /// Whether every `/v1/profiles` request (and `/v1/profiles/{id}/...`) gets 403 `FORBIDDEN_ERROR`.
        public var forbidsProfiles = false
        /// When set, every request to the TestFlight routes (`/v1/builds`, `/v1/buildBetaDetails/{id}/build`) gets
        /// this answer instead of the real one, until unset: `.forbidden(code: "FORBIDDEN_ERROR")` for a key whose
        /// role cannot read builds, `.notFound`.
        public var testFlightFault: FakeASCFault?
        /// When set, pages hold at most this many resources whatever `limit` says (pages shorter than `limit`).
        public var shortPageSize: Int?
        /// When true, every page's `links.next` is the URL of the second page (a server that loops).
        public var loopingPagination = false
        /// When set (`https://elsewhere.example`), `links.next` points at this origin instead of the server's.
        public var foreignNextOrigin: String?
        /// The `user-hour-lim` of every `X-Rate-Limit` header (Apple's hourly budget, 3600).
        public var rateLimit = 3600
        /// The `user-hour-rem` of the next response (it counts down by one per request); nil: no `X-Rate-Limit`
        /// header.
        public var rateLimitRemaining: Int? = 3600
    }

    /// Starts a fake server.
    /// - Parameters:
    ///   - keys: the API keys it accepts.
    ///   - state: the apps, versions and submissions.
    ///   - clock: the server's time, for `exp` and `iat` (default the system clock; pass the client's fixed clock).
    ///   - lifetime: the longest the server runs before it stops by itself (default 600 s, as `LoopbackHTTPServer`).
    /// - Throws: `LoopbackServerError` when no port can be bound.
    public init(
        keys: [FakeASCTokenCheck.Key], state: FakeASCState = FakeASCState(), clock: any TimeSource = .system,
        lifetime: Duration = .seconds(600)
    ) throws {
        server = try LoopbackHTTPServer(lifetime: lifetime)
        self.state = state
        self.tokenCheck = FakeASCTokenCheck(keys: keys)
        self.clock = clock
        server.routeUnmatched { [weak self] request in
            guard let self else { return .text("stopped", status: 503) }
            return self.answer(request)
        }
    }

    /// `http://127.0.0.1:<port>`: the client's base URL.
    public var baseURL: String { server.baseURL }

    /// Changes the state (between sync passes).
    /// - Parameter body: the change.
    public func update(_ body: (inout FakeASCState) -> Void) {
        lock.withLock { body(&state) }
    }

    /// Queues faults: each answers one later request to `path` (any path when nil) instead of the real answer,
    /// in order. The token is checked first, as Apple does.
    /// - Parameters:
    ///   - faults: the faults, in order.
    ///   - path: the exact path, such as "/v1/apps", or nil for any.
    public func inject(_ faults: [FakeASCFault], path: String? = nil) {
        lock.withLock { self.faults += faults.map { (path, $0) } }
    }

    /// One of the `Settings`, read or set under the lock: `fake.forbidsReviewSubmissions = true`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Settings, Value>) -> Value {
        get { lock.withLock { settings[keyPath: keyPath] } }
        set { lock.withLock { settings[keyPath: keyPath] = newValue } }
    }

    /// Why tokens were refused, in order.
    public var tokenRefusals: [String] { lock.withLock { refusals } }

    /// How many requests arrived for an exact path.
    /// - Parameter path: the path, such as "/v1/apps/1/appStoreVersions".
    /// - Returns: the count.
    public func requestCount(path: String) -> Int { server.requestCount(path: path) }

    /// How many requests arrived in all.
    public var totalRequests: Int { server.allRequests.count }

    /// Every request, in order.
    public var allRequests: [LoopbackRequest] { server.allRequests }

    /// The requests for an exact path, in order.
    /// - Parameter path: the path.
    /// - Returns: the requests.
    public func requests(path: String) -> [LoopbackRequest] { server.requests(path: path) }

    // MARK: Answering

    private func answer(_ request: LoopbackRequest) -> LoopbackResponse {
        let (snapshot, refusal, fault, settings) = lock.withLock {
            () -> (FakeASCState, String?, FakeASCFault?, Settings) in
            let refusal = tokenCheck.refusal(authorization: request.header("Authorization"), now: clock.now())
            if let refusal { refusals.append(refusal) }
            var fault: FakeASCFault?
            if refusal == nil, let index = faults.firstIndex(where: { $0.path == nil || $0.path == request.path }) {
                fault = faults.remove(at: index).fault
            }
            let current = self.settings
            if let remaining = self.settings.rateLimitRemaining {
                self.settings.rateLimitRemaining = max(0, remaining - 1)
            }
            return (state, refusal, fault, current)
        }
        var headers: [(name: String, value: String)] = []
        if let remaining = settings.rateLimitRemaining {
            headers.append(("X-Rate-Limit", "user-hour-lim:\(settings.rateLimit);user-hour-rem:\(remaining);"))
        }
        if refusal != nil {
            return Self.error(
                401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.",
                "Provide a properly configured and signed bearer token, and make sure that it has not expired. Learn "
                    + "more about Generating Tokens for API Requests https://developer.apple.com/go/?id=api-generating-tokens",
                headers: headers)
        }
        if let fault { return Self.response(for: fault, headers: headers) }
        if request.method == "POST" {
            return lock.withLock { create(request, state: &state, base: server.baseURL, headers: headers) }
        }
        guard request.method == "GET" else {
            return Self.error(
                405, "METHOD_NOT_ALLOWED", "The request method is not valid.", "\(request.method) is not allowed",
                headers: headers)
        }
        if let fault = settings.testFlightFault,
            request.path == "/v1/builds" || request.path.hasPrefix("/v1/buildBetaDetails/")
        {
            return Self.response(for: fault, headers: headers)
        }
        if (settings.forbidsReviewSubmissions && request.path.hasPrefix("/v1/reviewSubmissions"))
            || (settings.forbidsCertificates && request.path.hasPrefix("/v1/certificates"))
            || (settings.forbidsProfiles && request.path.hasPrefix("/v1/profiles"))
        {
            return Self.error(
                403, "FORBIDDEN_ERROR", "This request is forbidden for security reasons",
                "The API key in use does not allow this request", headers: headers)
        }
        let query = Self.parseQuery(request.query)
        let context = Context(
            state: snapshot, settings: settings, query: query, path: request.path, base: server.baseURL,
            headers: headers)
        return context.route()
    }

    private static func response(for fault: FakeASCFault, headers: [(name: String, value: String)]) -> LoopbackResponse
    {
        switch fault {
        case .rateLimited(let retryAfter):
            return error(
                429, "RATE_LIMIT_EXCEEDED", "The request rate limit has been reached.",
                "We've received too many requests for this API. Please wait and try again or slow down your request rate.",
                headers: headers + (retryAfter.map { [("Retry-After", $0)] } ?? []))
        case .serverError(let status):
            return error(
                status, "UNEXPECTED_ERROR", "An unexpected error occurred.",
                "An unexpected error occurred on the server side. If this issue continues, contact us at https://developer.apple.com/contact/.",
                headers: headers)
        case .unauthorized:
            return error(
                401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.",
                "Provide a properly configured and signed bearer token, and make sure that it has not expired.",
                headers: headers)
        case .forbidden(let code):
            return error(
                403, code, "This request is forbidden for security reasons",
                code.contains("AGREEMENTS")
                    ? "A required agreement is missing or has expired."
                    : "The API key in use does not allow this request",
                headers: headers)
        case .notFound:
            return error(
                404, "NOT_FOUND", "The specified resource does not exist",
                "There is no resource with this id", headers: headers)
        case .connectionReset:
            return LoopbackResponse(delivery: .resetBeforeResponse)
        case .custom(let status, let body):
            return .json(body, status: status, headers: headers)
        }
    }

    /// An error document as Apple sends it.
    static func error(
        _ status: Int, _ code: String, _ title: String, _ detail: String, headers: [(name: String, value: String)] = []
    ) -> LoopbackResponse {
        let body: [String: Any] = [
            "errors": [
                [
                    "id": UUID().uuidString.lowercased(), "status": "\(status)", "code": code, "title": title,
                    "detail": detail,
                ]
            ]
        ]
        return .json(json(body), status: status, headers: headers)
    }

    static func json(_ object: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// `name=v1,v2&...` with percent-decoding; values split at commas. Keeps order.
    static func parseQuery(_ query: String) -> [(name: String, values: [String])] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let raw = parts.count > 1 ? String(parts[1]) : ""
            let values = raw.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).removingPercentEncoding ?? String($0)
            }
            return (name, values)
        }
    }
}
