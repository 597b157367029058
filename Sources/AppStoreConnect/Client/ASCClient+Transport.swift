internal import GatehouseCore
import GatehouseFoundation
internal import GatehouseHTTP

extension ASCClient {
    /// GETs one document, with pacing, retries and typed failures.
    func fetch(_ url: String) async throws -> JSONAPIDocument {
        let response = try await send(url)
        return try JSONAPIDocument(body: response.body, url: url, maxBytes: configuration.maximumResponseBytes)
    }

    /// GETs a list and every following page (`links.next`), refusing a `next` already fetched, one on another
    /// origin, and more than `maximumPages` pages (`PageTrail`).
    func fetchAll(_ firstURL: String) async throws -> [JSONAPIDocument] {
        var documents: [JSONAPIDocument] = []
        var trail = PageTrail(firstURL: firstURL)
        var url = firstURL
        while true {
            let document = try await fetch(url)
            documents.append(document)
            guard let next = try trail.next(after: document, from: url, client: self) else { return documents }
            url = next
        }
    }

    /// `scheme://host:port` of the base URL, for a relative `next`.
    var originPrefix: String {
        guard let schemeEnd = baseURL.firstRange(of: "://") else { return baseURL }
        let rest = baseURL[schemeEnd.upperBound...]
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        return String(baseURL[..<hostEnd])
    }

    /// Sends a request until it succeeds or a bound is reached. A POST (not idempotent: `POST /v1/webhooks` twice
    /// makes two webhooks) is not sent again after a network failure or a 5xx; a 401 on a reused token and a 429
    /// were refused before anything was done, so those are retried for every method.
    func send(_ url: String, method: HTTPMethod = .get, body: [UInt8] = []) async throws -> HTTPResponse {
        var failures = 0
        var rateLimited = 0
        var renewedAfter401 = false
        var waited: Duration = .zero
        while true {
            let pause = await pacer.pause(now: clock.now(), configuration: configuration)
            if pause > .zero {
                try await sleeper.sleep(for: pause)
                waited += pause
            }
            let (token, isFresh) = try await tokens.tokenAndFreshness()
            var headers: HTTPHeaders = ["Authorization": "Bearer " + token.compact, "Accept": "application/json"]
            if method == .post { headers.add(name: "Content-Type", value: "application/json") }
            let request = HTTPRequest(method: method, url: url, headers: headers, body: body)
            let response: HTTPResponse
            do {
                response = try await http.send(request)
            } catch let error as HTTPError {
                if error.code == .responseTooLarge { throw tooLarge(method, url, bytes: nil, httpError: error) }
                if method == .get, Self.isRetriable(error), failures < configuration.maximumRetries {
                    failures += 1
                    let delay = Self.backoff(
                        failures, base: configuration.retryBaseDelay, maximum: configuration.maximumRetryDelay)
                    try await sleeper.sleep(for: delay)
                    waited += delay
                    continue
                }
                throw AppStoreConnectError(
                    .networkFailure,
                    "\(method) \(url) failed after \(failures + 1) attempt(s) (HTTPError.\(error.code): \(error.reason))"
                        + (Self.isRetriable(error)
                            ? "; App Store Connect cannot be reached: check the network and any proxy, then try again"
                            : ""),
                    url: url, httpError: error)
            }
            await pacer.record(
                response.headers.first("X-Rate-Limit").flatMap(ASCRateLimit.init(headerValue:)), at: clock.now())
            guard response.body.count <= configuration.maximumResponseBytes else {
                throw tooLarge(method, url, bytes: response.body.count, httpError: nil)
            }
            switch response.status {
            case 200...299:
                return response
            case 401:
                if !isFresh && !renewedAfter401 {
                    renewedAfter401 = true
                    await tokens.invalidate()
                    continue
                }
                throw notAuthorized(method, url, response: response, token: token)
            case 403:
                throw forbidden(method, url, response: response)
            case 404:
                throw refused(
                    method, .notFound, url, response: response,
                    "no such resource, or not one this key's account has; check the ID")
            case 429:
                guard rateLimited < configuration.maximumRateLimitRetries else {
                    throw refused(
                        method, .rateLimited, url, response: response,
                        "still over the rate limit after \(rateLimited + 1) attempts and \(Self.seconds(waited)) of waiting"
                            + ((await pacer.latest).map { " (\($0))" } ?? "")
                            + "; App Store Connect allows about 3,600 requests per key per rolling hour: wait and run "
                            + "again, or sync fewer apps per hour")
                }
                rateLimited += 1
                let delay = min(
                    retryAfter(response)
                        ?? Self.backoff(
                            rateLimited, base: configuration.rateLimitBaseDelay,
                            maximum: configuration.maximumRateLimitWait),
                    configuration.maximumRateLimitWait)
                try await sleeper.sleep(for: delay)
                waited += delay
            case 500...599:
                guard method == .get, failures < configuration.maximumRetries else {
                    throw refused(
                        method, .serverFailure, url, response: response,
                        "still failing after \(failures + 1) attempts: App Store Connect is failing, not refusing the "
                            + "request; try again later (Apple's system status page shows outages)")
                }
                failures += 1
                let delay = Self.backoff(
                    failures, base: configuration.retryBaseDelay, maximum: configuration.maximumRetryDelay)
                try await sleeper.sleep(for: delay)
                waited += delay
            case 400...499:
                throw refused(
                    method, .requestRefused, url, response: response,
                    "App Store Connect refused the request; the parameters this client sends are checked against "
                        + "Apple's OpenAPI description 4.4.1, so the API may have changed")
            default:
                throw refused(
                    method, .serverFailure, url, response: response,
                    "not a status App Store Connect answers; check the base URL and any proxy between")
            }
        }
    }

    /// Transport failures worth another attempt: the connection, a timeout, a reset or truncated reply. Not
    /// refused URLs, TLS failures or oversized bodies.
    static func isRetriable(_ error: HTTPError) -> Bool {
        error.code == .connectionFailed || error.code == .timedOut || error.code == .transportFailure
    }

    /// Exponential back-off with equal jitter: half of `min(maximum, base * 2^(attempt-1))` fixed, half random.
    static func backoff(_ attempt: Int, base: Duration, maximum: Duration) -> Duration {
        let exponential = min(maximum, base * (1 << min(max(attempt - 1, 0), 20)))
        let half = exponential / 2
        return half + half * Double.random(in: 0...1)
    }

    /// `Retry-After` as a wait: delay-seconds, or an HTTP-date measured from the clock; nil when absent or
    /// unreadable.
    func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let raw = response.headers.first("Retry-After") else { return nil }
        let value = String(raw.drop { $0 == " " || $0 == "\t" })
        if let seconds = Int(value), seconds >= 0 { return .seconds(min(seconds, 86_400)) }
        if let date = ASCDate.parseHTTPDate(value) {
            let seconds = max(0, min(date.timeIntervalSince(clock.now()), 86_400))
            return .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        return nil
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return "\(seconds).\(tenths) s"
    }

    private func tooLarge(_ method: HTTPMethod, _ url: String, bytes: Int?, httpError: HTTPError?)
        -> AppStoreConnectError
    {
        AppStoreConnectError(
            .responseTooLarge,
            "\(method) \(url) answered " + (bytes.map { "\($0) bytes" } ?? "more bytes")
                + " than the cap of \(configuration.maximumResponseBytes) (maximumResponseBytes); lower pageSize or "
                + "itemsPerSubmission, or raise the cap", url: url, httpError: httpError)
    }

    /// `<method> <url> answered HTTP <status> <code> "<detail>": <explanation>`.
    private func refused(
        _ method: HTTPMethod, _ code: AppStoreConnectError.Code, _ url: String, response: HTTPResponse,
        _ explanation: String
    ) -> AppStoreConnectError {
        let entries = ASCResponseError.entries(in: response.body)
        return AppStoreConnectError(
            code,
            "\(method) \(url) answered HTTP \(response.status)\(Self.describe(entries, body: response.body)): \(explanation)",
            url: url, status: response.status, apiErrors: entries)
    }

    private func notAuthorized(_ method: HTTPMethod, _ url: String, response: HTTPResponse, token: ASCToken)
        -> AppStoreConnectError
    {
        let issuer: String
        switch credentials.kind {
        case .team(let issuerID):
            issuer =
                "the issuer ID \(Quoting.token(issuerID)) must be the one shown above the keys on Users and Access > "
                + "Integrations > App Store Connect API (not the Team ID)"
        case .individual:
            issuer =
                "this is used as an individual key (sub \"user\", no issuer ID): a team key needs its issuer ID"
        }
        return refused(
            method, .notAuthorized, url, response: response,
            "App Store Connect refused the token. Check the key: key ID \(Quoting.token(credentials.keyID)) must be "
                + "an active (not revoked) App Store Connect API key and the .p8 its own; the issuer: \(issuer); and "
                + "this machine's clock: the token said iat \(ASCDate.format(token.issuedAt)) and exp "
                + "\(ASCDate.format(token.expiresAt)) by this clock (now \(ASCDate.format(clock.now()))), and a clock "
                + "more than a minute off makes Apple see a token as not yet valid or expired")
    }

    private func forbidden(_ method: HTTPMethod, _ url: String, response: HTTPResponse) -> AppStoreConnectError {
        let entries = ASCResponseError.entries(in: response.body)
        if entries.contains(where: { $0.code.contains("REQUIRED_AGREEMENTS") }) {
            return refused(
                method, .forbidden, url, response: response,
                "the account's agreements are missing or expired: the Account Holder must accept the latest "
                    + "agreements in App Store Connect before the API answers again")
        }
        let path = url.hasPrefix(baseURL) ? url.dropFirst(baseURL.count) : url[...]
        if path.hasPrefix("/v1/certificates") || path.hasPrefix("/v1/profiles") {
            let what = path.hasPrefix("/v1/certificates") ? "certificates" : "provisioning profiles"
            return refused(
                method, .forbidden, url, response: response,
                "the role of key \(Quoting.token(credentials.keyID)) does not allow reading \(what): Apple does not "
                    + "document which roles may read certificates and profiles; use a key with the Admin role "
                    + "(Users and Access > Integrations), or leave \(what) unwatched for this key")
        }
        if path.hasPrefix("/v1/builds") || path.hasPrefix("/v1/buildBetaDetails") {
            return refused(
                method, .forbidden, url, response: response,
                "the role of key \(Quoting.token(credentials.keyID)) does not allow reading TestFlight builds: Apple "
                    + "does not document which roles may read builds and their Beta App Review; use a key with the "
                    + "Admin or App Manager role (Users and Access > Integrations)")
        }
        return refused(
            method, .forbidden, url, response: response,
            "the role of key \(Quoting.token(credentials.keyID)) does not allow reading this resource: review "
                + "submissions need a key with the App Manager or Admin role (Users and Access > Integrations); use "
                + "such a key")
    }

    /// ` CODE "detail"; CODE2 "detail2"` from an error body, or a quoted start of a body that is not one.
    static func describe(_ entries: [ASCResponseError], body: [UInt8]) -> String {
        if !entries.isEmpty { return " " + entries.prefix(3).map(\.description).joined(separator: "; ") }
        if body.isEmpty { return "" }
        return " with body " + Quoting.quoted(String(decoding: body.prefix(200), as: UTF8.self), limit: 200)
    }
}
