public import GatehouseCore
import GatehouseFoundation
public import GatehouseHTTP
public import JWT

/// Apple's key set, fetched and cached for every verifier of a process.
///
/// - Freshness: `Cache-Control: max-age` less `Age`, clamped to `minimumFreshness...maximumFreshness`; a response
///   that is stale when received (`no-cache`, `no-store`, several `max-age` directives, a `max-age` or `Age` that
///   is not delta-seconds; RFC 9111 sections 1.2.2 and 4.2.1) gets the floor. Revalidated with `If-None-Match`
///   when the server sent an `ETag` (a 304 renews the copy). A `no-store` response is never written to the disk
///   cache, and removes an older copy there.
/// - Rotation: a token whose `kid` is not in the cached set triggers a fetch at once, so a key Apple just published
///   works on its first token.
/// - Single flight and rate limit: all concurrent callers share one fetch, and fetches start at most once per
///   `minimumRefetchInterval`, so tokens with invented kids cannot make it hammer Apple.
/// - Failures: a fetch that fails keeps the cached set in service until `staleLimit` past its freshness, then
///   callers get `keySetUnavailable` naming the fetch error. A body that is not a JWKS (or has no usable key) never
///   replaces a good set. While the latest fetch attempt has failed, a kid the cached set lacks is the outage, not a
///   verdict: `keySetUnavailable` carrying the fetch error, never a set that would make the token `unknownKeyID`
///   (a key Apple rotated in during an outage must not tell genuine users their token is invalid).
///
/// The clock is injected; no method reads the system time.
public actor AppleKeySetProvider {
    /// The configuration.
    public nonisolated let configuration: Configuration

    /// The clock every freshness decision reads, and the one a verifier built on this provider reads too.
    public nonisolated let clock: any TimeSource
    private let http: any HTTPFetching

    private struct Cached {
        var keySet: JWKSet
        var etag: String?
        var freshUntil: Date
    }

    private var cached: Cached?
    private var inFlight: Task<AppleSignInError?, Never>?
    private var lastAttempt: Date?
    private var lastFailure: AppleSignInError?
    private var loadedFromDisk = false
    private var requests = 0

    /// The process-wide provider for Apple's key set (`https://appleid.apple.com/auth/keys`): libcurl, the system
    /// clock, the default configuration (memory only, no disk copy). Every verifier made without a provider shares
    /// it, so the process fetches Apple's keys once and follows their rotation once. Nothing is fetched until a key
    /// is needed.
    public static let shared = AppleKeySetProvider()

    /// Creates a provider. Nothing is fetched until a key is needed.
    /// - Parameters:
    ///   - http: the HTTP client; default libcurl (`CurlHTTPClient()`).
    ///   - configuration: URL, intervals, limits and the disk cache; default Apple's URL, memory only.
    ///   - clock: the time source; default the system clock.
    public init(
        http: any HTTPFetching = CurlHTTPClient(), configuration: Configuration = Configuration(),
        clock: any TimeSource = .system
    ) {
        self.http = http
        self.configuration = configuration
        self.clock = clock
    }

    private func now() -> Date { clock.now() }

    /// How many requests this provider has sent to the key set URL.
    public var fetchCount: Int { requests }

    /// The key set to verify a token with the given `kid`: the cached set when it is fresh and holds the kid;
    /// otherwise a fetch (shared with concurrent callers, at most one per `minimumRefetchInterval`) first.
    ///
    /// The set returned lacks the kid only when the latest fetch succeeded without it (Apple does not know the kid
    /// either); the verifier then rejects the token with `unknownKeyID`, never with a fallback key. When the latest
    /// fetch attempt failed (now, or under `minimumRefetchInterval` ago), a kid the set lacks cannot be judged, and
    /// this throws `keySetUnavailable` instead.
    /// - Parameter keyID: the token's `kid`, or nil.
    /// - Returns: the set to verify with.
    /// - Throws: `AppleSignInError.keySetUnavailable` (no set within the stale limit, or the kid is not in the
    ///   cached set and the latest fetch failed; names the URL and the fetch error and carries its `httpError`) or
    ///   `.invalidKeySet` (the URL served something that is not a JWKS and nothing good is cached).
    public func keySet(containing keyID: String?) async throws -> JWKSet {
        loadFromDiskOnce()
        let time = now()
        let keySet: JWKSet
        if let cached, time < cached.freshUntil {
            // An unknown kid: fetch at once (or join the fetch in flight), at most once per interval.
            if let keyID, !ExactString.contains(cached.keySet.keyIDs, keyID), mayFetch(at: time) || inFlight != nil {
                _ = await sharedFetch()
                keySet = self.cached?.keySet ?? cached.keySet
            } else {
                keySet = cached.keySet
            }
        } else {
            keySet = try await servableSet(at: time)
        }
        try requireKeyIDUnlessOutage(keyID, in: keySet)
        return keySet
    }

    /// A kid the set lacks is a verdict on the token (`unknownKeyID`, from the verifier) only when the latest fetch
    /// succeeded. While the latest attempt has failed (including one returned again inside the minimum interval),
    /// the set may simply predate a rotation: the answer is the outage, carrying the fetch error.
    private func requireKeyIDUnlessOutage(_ keyID: String?, in keySet: JWKSet) throws {
        guard let keyID, !ExactString.contains(keySet.keyIDs, keyID), let failure = lastFailure else { return }
        let held = keySet.keyIDs.isEmpty ? "no kids" : keySet.keyIDs.map { "\"\($0)\"" }.joined(separator: ", ")
        throw AppleSignInError(
            .keySetUnavailable,
            "the token's kid \"\(keyID)\" is not in the cached key set from \(configuration.url) (which holds "
                + "\(held)), and fetching the current set failed, so whether the kid is genuine (a key just rotated "
                + "in) cannot be told; try again once the URL answers. The fetch: \(failure.reason)",
            jwtError: failure.jwtError, httpError: failure.httpError)
    }

    /// The set to serve when nothing fresh is cached: fetch (rate-limited), else the cached set within the stale
    /// limit.
    private func servableSet(at time: Date) async throws -> JWKSet {
        var failure: AppleSignInError?
        if mayFetch(at: time) || inFlight != nil {
            failure = await sharedFetch()
        } else {
            failure = lastFailure
        }
        let after = now()
        if let cached = self.cached {
            if after < cached.freshUntil { return cached.keySet }
            let staleFor = after.timeIntervalSince(cached.freshUntil)
            if staleFor <= configuration.staleLimit { return cached.keySet }
            throw AppleSignInError(
                .keySetUnavailable,
                "the cached key set from \(configuration.url) went stale \(CheckedTime.describe(staleFor)) s ago, "
                    + "beyond the stale limit of \(CheckedTime.describe(configuration.staleLimit)) s, and "
                    + (failure.map { "the last fetch failed: \($0.reason)" }
                        ?? "no refetch is allowed before \(CheckedTime.describe(configuration.minimumRefetchInterval)) "
                        + "s have passed"),
                httpError: failure?.httpError)
        }
        if let failure { throw failure }
        throw AppleSignInError(
            .keySetUnavailable,
            "no key set from \(configuration.url) is cached and the last fetch attempt was under "
                + "\(CheckedTime.describe(configuration.minimumRefetchInterval)) s ago; try again later")
    }

    /// Fetches now unless a fetch is in flight (then waits for it) or one started under
    /// `minimumRefetchInterval` ago.
    /// - Returns: the key set held afterwards.
    /// - Throws: as `keySet(containing:)`.
    public func refresh() async throws -> JWKSet {
        loadFromDiskOnce()
        let failure: AppleSignInError? =
            (mayFetch(at: now()) || inFlight != nil) ? await sharedFetch() : lastFailure
        if let cached { return cached.keySet }
        throw failure
            ?? AppleSignInError(.keySetUnavailable, "no key set from \(configuration.url) has been fetched yet")
    }

    private func mayFetch(at time: Date) -> Bool {
        guard let lastAttempt else { return true }
        return time.timeIntervalSince(lastAttempt) >= configuration.minimumRefetchInterval
    }

    /// One fetch for every concurrent caller.
    private func sharedFetch() async -> AppleSignInError? {
        if let inFlight { return await inFlight.value }
        lastAttempt = now()
        let task = Task { await self.fetch() }
        inFlight = task
        let outcome = await task.value
        inFlight = nil
        return outcome
    }

    /// Sends the request and applies the outcome; returns the failure, if any.
    private func fetch() async -> AppleSignInError? {
        requests += 1
        let url = configuration.url
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let etag = cached?.etag { headers.add(name: "If-None-Match", value: etag) }
        let response: HTTPResponse
        do {
            response = try await http.send(.get(url, headers: headers))
        } catch let error as HTTPError {
            return record(
                AppleSignInError(
                    .keySetUnavailable,
                    "cannot fetch the key set from \(url): HTTPError.\(error.code): \(error.reason)",
                    httpError: error))
        } catch {
            return record(AppleSignInError(.keySetUnavailable, "cannot fetch the key set from \(url): \(error)"))
        }
        let time = now()
        let cacheControl = CacheControl(response.headers)
        let freshness = freshness(cacheControl)
        if response.status == 304, var current = cached {
            current.freshUntil = time.addingTimeInterval(freshness)
            if let etag = response.headers.first("ETag") { current.etag = etag }
            cached = current
            lastFailure = nil
            if cacheControl.noStore {
                configuration.diskCache?.remove(url: url)
            } else {
                configuration.diskCache?.touch(url: url, at: time)
            }
            return nil
        }
        guard response.isSuccess else {
            return record(
                AppleSignInError(
                    .keySetUnavailable,
                    "cannot fetch the key set from \(url): the server answered HTTP \(response.status)"
                        + (response.status == 304 ? " without a cached copy to revalidate" : "")))
        }
        let keySet: JWKSet
        do {
            keySet = try Self.parse(response.body)
        } catch let error as AppleSignInError {
            return record(
                AppleSignInError(
                    .invalidKeySet, "the body served by \(url) is not a usable JWKS: \(error.reason)",
                    jwtError: error.jwtError))
        } catch {
            return record(AppleSignInError(.invalidKeySet, "the body served by \(url) is not a JWKS: \(error)"))
        }
        cached = Cached(
            keySet: keySet, etag: response.headers.first("ETag"),
            freshUntil: time.addingTimeInterval(freshness))
        lastFailure = nil
        if cacheControl.noStore {
            // RFC 9111 section 5.2.2.5: not written; an older copy no longer reflects what the URL serves.
            configuration.diskCache?.remove(url: url)
        } else {
            configuration.diskCache?.store(response.body, url: url, storedAt: time)
        }
        return nil
    }

    private func record(_ failure: AppleSignInError) -> AppleSignInError {
        lastFailure = failure
        return failure
    }

    /// The freshness of a response: its lifetime clamped to `minimumFreshness...maximumFreshness`; a stale
    /// response (`no-cache`, `no-store`, several or invalid `max-age`) gets the floor, as `max-age=0` does.
    private func freshness(_ cacheControl: CacheControl) -> TimeInterval {
        let lifetime: TimeInterval
        switch cacheControl.freshness {
        case .unspecified: return configuration.defaultFreshness
        case .seconds(let seconds): lifetime = TimeInterval(seconds)
        case .stale: lifetime = 0
        }
        return min(max(lifetime, configuration.minimumFreshness), configuration.maximumFreshness)
    }

    /// A JWKS with at least one usable key, or an error.
    static func parse(_ body: [UInt8]) throws -> JWKSet {
        let keySet: JWKSet
        do {
            keySet = try JWKSet(jwksJSON: body)
        } catch let error as JWTError {
            throw AppleSignInError(.invalidKeySet, error.reason, jwtError: error)
        }
        guard !keySet.usableKeys.isEmpty else {
            throw AppleSignInError(
                .invalidKeySet,
                "it holds \(keySet.keys.count) key\(keySet.keys.count == 1 ? "" : "s") and none is usable")
        }
        return keySet
    }

    private func loadFromDiskOnce() {
        guard !loadedFromDisk else { return }
        loadedFromDisk = true
        guard cached == nil, let disk = configuration.diskCache else { return }
        let time = now()
        let maximumAge = configuration.minimumFreshness + configuration.staleLimit
        guard case .hit(let keySet, let storedAt) = disk.load(url: configuration.url, now: time, maximumAge: maximumAge)
        else { return }
        let freshUntil = storedAt.addingTimeInterval(configuration.minimumFreshness)
        cached = Cached(keySet: keySet, etag: nil, freshUntil: freshUntil)
    }
}
