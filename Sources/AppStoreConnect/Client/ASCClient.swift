public import GatehouseCore
import GatehouseFoundation
public import GatehouseHTTP
internal import JWT

/// A client of the App Store Connect API for review states: apps, their App Store versions with builds, review
/// submissions with their items, TestFlight builds with their Beta App Review submissions, and a credential check;
/// and for the signing tracker: the team's certificates and provisioning profiles.
///
/// Every request is a GET with `Authorization: Bearer <token>` (tokens from an `ASCTokenProvider`, reused until
/// near expiry). Lists follow the document's `links.next` until it is absent; a `next` already fetched, or on
/// another origin than the base URL (the token must not go there), is a `paginationFailure`, never a loop. The
/// `X-Rate-Limit` budget is read from every response: with 20 % or less of the hour left, requests are spaced out
/// (see `ASCClientConfiguration.slowDownHorizon`). A 429 waits out `Retry-After` (at most a minute per wait) or
/// backs off exponentially with jitter; a 5xx or a network failure is retried a bounded number of times; every
/// wait goes through the injected `ASCSleeper`. A 401 on a reused token is retried once with a new token.
///
/// ```swift
/// let client = try ASCClient(credentials: credentials)
/// for app in try await client.apps() {
///     let versions = try await client.appStoreVersions(appID: app.id)
/// }
/// ```
public struct ASCClient: Sendable {
    /// `https://api.appstoreconnect.apple.com`.
    public static let defaultBaseURL = "https://api.appstoreconnect.apple.com"

    /// The base URL the paths hang off, without a trailing slash.
    public let baseURL: String
    /// The limits.
    public let configuration: ASCClientConfiguration
    /// The token provider (shared by copies of this client).
    public let tokens: ASCTokenProvider

    let http: any HTTPFetching
    let clock: any TimeSource
    let sleeper: any ASCSleeper
    let pacer = RateLimitPacer()
    let origin: URLOrigin

    /// The API key.
    public var credentials: ASCCredentials { tokens.credentials }

    /// Creates a client. Nothing is sent until a call is made.
    /// - Parameters:
    ///   - credentials: the API key.
    ///   - baseURL: default `https://api.appstoreconnect.apple.com`; https, or http to a loopback host only
    ///     (tests and local fakes).
    ///   - http: the HTTP client; default nil, a `CurlHTTPClient` with `configuration.requestTimeout` and
    ///     `configuration.maximumResponseBytes`.
    ///   - clock: where now comes from, for tokens and pacing; default the system clock.
    ///   - sleeper: how the client waits; default `ASCTaskSleeper`.
    ///   - configuration: the limits.
    /// - Throws: `AppStoreConnectError.invalidConfiguration` for a base URL that is not https (or http to a
    ///   loopback host), has a query or fragment, or a configuration value out of range; `.invalidCredentials`
    ///   when the key cannot sign ES256.
    public init(
        credentials: ASCCredentials, baseURL: String = defaultBaseURL, http: (any HTTPFetching)? = nil,
        clock: any TimeSource = .system, sleeper: any ASCSleeper = ASCTaskSleeper(),
        configuration: ASCClientConfiguration = ASCClientConfiguration()
    ) throws {
        try configuration.validate()
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard !base.contains("?"), !base.contains("#") else {
            throw AppStoreConnectError(
                .invalidConfiguration,
                "the App Store Connect base URL \(Quoting.quoted(baseURL)) has a query or fragment; give the scheme, "
                    + "host and optional path prefix only, such as \(Self.defaultBaseURL)")
        }
        do {
            origin = try URLOrigin(checking: base)
        } catch let error as HTTPError {
            throw AppStoreConnectError(
                .invalidConfiguration,
                "the App Store Connect base URL \(Quoting.quoted(baseURL)) cannot be used (HTTPError.\(error.code): "
                    + "\(error.reason)); the default is \(Self.defaultBaseURL)", httpError: error)
        }
        self.baseURL = base
        self.configuration = configuration
        self.tokens = try ASCTokenProvider(credentials: credentials, clock: clock)
        self.http =
            http
            ?? CurlHTTPClient(
                configuration: .init(
                    totalTimeout: configuration.requestTimeout,
                    connectTimeout: min(configuration.requestTimeout, .seconds(10)),
                    maxResponseBytes: configuration.maximumResponseBytes))
        self.clock = clock
        self.sleeper = sleeper
    }

    /// The hourly budget the latest response reported, if any did.
    public var rateLimit: ASCRateLimit? {
        get async { await pacer.latest }
    }

    // MARK: Calls

    /// A cheap check that the key works (`GET /v1/apps?limit=1`): for `review auth check`.
    /// - Returns: the key, how many apps it can see and the first of them, and the rate limit reported.
    /// - Throws: `AppStoreConnectError` (`notAuthorized` and `forbidden` name the key, issuer, clock or role).
    public func checkCredentials() async throws -> ASCCredentialCheck {
        let url = ASCVocabulary.credentialCheck.url(base: baseURL)
        let document = try await fetch(url)
        let apps = try document.data.map(ASCApp.init(resource:))
        return ASCCredentialCheck(
            keyID: credentials.keyID, kind: credentials.kind, visibleAppCount: document.total, firstApp: apps.first,
            rateLimit: await pacer.latest)
    }

    /// Every app the key can see (`GET /v1/apps`), all pages.
    /// - Parameter bundleIDs: only these bundle IDs (`filter[bundleId]`); empty for all.
    /// - Returns: the apps, in App Store Connect's order.
    /// - Throws: `AppStoreConnectError`.
    public func apps(bundleIDs: [String] = []) async throws -> [ASCApp] {
        let url = ASCVocabulary.apps.url(
            base: baseURL, filters: [("filter[bundleId]", bundleIDs)], limits: ["limit": configuration.pageSize])
        return try await fetchAll(url).flatMap { try $0.data.map(ASCApp.init(resource:)) }
    }

    /// One app (`GET /v1/apps/{id}`).
    /// - Parameter id: the app's ID.
    /// - Returns: the app.
    /// - Throws: `AppStoreConnectError` (`notFound` for an unknown ID).
    public func app(id: String) async throws -> ASCApp {
        let url = ASCVocabulary.app.url(base: baseURL, id: try Self.checkID(id, "app"))
        return try ASCApp(resource: try await fetch(url).single())
    }

    /// An app's App Store versions of every platform, with their builds
    /// (`GET /v1/apps/{id}/appStoreVersions?include=build`), all pages.
    /// - Parameters:
    ///   - appID: the app's ID.
    ///   - platforms: only these platforms (`filter[platform]`); empty for all.
    ///   - states: only versions in these `appVersionState`s (`filter[appVersionState]`); empty for all.
    /// - Returns: the versions, in App Store Connect's order.
    /// - Throws: `AppStoreConnectError`.
    public func appStoreVersions(
        appID: String, platforms: [ASCPlatform] = [], states: [ASCVersionState] = []
    ) async throws -> [ASCAppStoreVersion] {
        let url = ASCVocabulary.appStoreVersions.url(
            base: baseURL, id: try Self.checkID(appID, "app"),
            filters: [
                ("filter[platform]", platforms.map(\.rawValue)), ("filter[appVersionState]", states.map(\.rawValue)),
            ],
            limits: ["limit": configuration.pageSize])
        return try await fetchAll(url).flatMap { document in
            try document.data.map { try ASCAppStoreVersion(resource: $0, included: document.included) }
        }
    }

    /// One App Store version and its app (`GET /v1/appStoreVersions/{id}?include=app,build`): resolves the
    /// version ID a webhook names to the app, platform and version string.
    /// - Parameter id: the version's ID.
    /// - Returns: the version and its app.
    /// - Throws: `AppStoreConnectError` (`notFound` for an unknown ID; `invalidResponse` when the app is not
    ///   included).
    public func appStoreVersion(id: String) async throws -> ASCVersionLookup {
        let url = ASCVocabulary.appStoreVersion.url(base: baseURL, id: try Self.checkID(id, "App Store version"))
        let document = try await fetch(url)
        let resource = try document.single()
        let version = try ASCAppStoreVersion(resource: resource, included: document.included)
        guard let appID = version.appID, let app = document.included[JSONAPIIdentifier(type: "apps", id: appID)]
        else {
            throw JSONAPIResource.invalid(url, "the version \(Quoting.token(id)) comes without its app (include=app)")
        }
        return ASCVersionLookup(version: version, app: try ASCApp(resource: app))
    }

    /// An app's webhooks (`GET /v1/apps/{id}/webhooks`), all pages.
    /// - Parameter appID: the app's ID.
    /// - Returns: the webhooks.
    /// - Throws: `AppStoreConnectError` (`forbidden` when the key's role cannot manage webhooks).
    public func webhooks(appID: String) async throws -> [ASCWebhook] {
        let url = ASCVocabulary.appWebhooks.url(
            base: baseURL, id: try Self.checkID(appID, "app"), limits: ["limit": configuration.pageSize])
        return try await fetchAll(url).flatMap { try $0.data.map(ASCWebhook.init(resource:)) }
    }

    /// Creates a webhook for an app (`POST /v1/webhooks`), enabled. Sent once: a network failure or 5xx is not
    /// retried, since App Store Connect may have created it (`webhooks(appID:)` tells).
    /// - Parameters:
    ///   - appID: the app's ID.
    ///   - name: the webhook's name.
    ///   - url: where App Store Connect delivers (https).
    ///   - secret: the HMAC secret it signs deliveries with.
    ///   - eventTypes: the event types, default the version state change.
    /// - Returns: the webhook created.
    /// - Throws: `AppStoreConnectError` (`forbidden` for a key without the role, `requestRefused` for a URL or
    ///   name App Store Connect refuses).
    public func createWebhook(
        appID: String, name: String, url webhookURL: String, secret: String,
        eventTypes: [String] = [ASCWebhook.versionStateEventType]
    ) async throws -> ASCWebhook {
        let creation = ASCVocabulary.createWebhook
        let body = ASCCreationBody<ASCWebhookAttributes>(
            data: .init(
                type: creation.type,
                attributes: .init(
                    name: name, url: webhookURL, secret: secret, eventTypes: eventTypes, enabled: true),
                relationships: ["app": .init(data: .init(type: "apps", id: try Self.checkID(appID, "app")))]))
        return try ASCWebhook(resource: try await create(creation, body))
    }

    /// Asks App Store Connect to send a webhook a ping delivery (`POST /v1/webhookPings`).
    /// - Parameter webhookID: the webhook's ID.
    /// - Returns: the ping's ID.
    /// - Throws: `AppStoreConnectError`.
    public func pingWebhook(id webhookID: String) async throws -> String {
        let creation = ASCVocabulary.createWebhookPing
        let body = ASCCreationBody<ASCNoAttributes>(
            data: .init(
                type: creation.type, attributes: nil,
                relationships: [
                    "webhook": .init(data: .init(type: "webhooks", id: try Self.checkID(webhookID, "webhook")))
                ]))
        return try await create(creation, body).id
    }

    /// POSTs a creation and reads the resource created.
    private func create(_ creation: ASCVocabulary.Creation, _ body: some Encodable) async throws -> JSONAPIResource {
        let url = baseURL + creation.path
        let encoded: [UInt8]
        do {
            encoded = Array(try JSONEncoder().encode(body))
        } catch {
            throw AppStoreConnectError(.invalidConfiguration, "cannot encode the body of POST \(url): \(error)")
        }
        let response = try await send(url, method: .post, body: encoded)
        return try JSONAPIDocument(body: response.body, url: url, maxBytes: configuration.maximumResponseBytes)
            .single()
    }

    /// An app's review submissions with their items (`GET /v1/reviewSubmissions?filter[app]=<id>&include=items`),
    /// all pages. A submission with more items than `itemsPerSubmission` has them fetched from its `/items`.
    /// - Parameters:
    ///   - appID: the app's ID.
    ///   - platforms: only these platforms (`filter[platform]`); empty for all.
    ///   - states: only these states (`filter[state]`); empty for all.
    /// - Returns: the submissions, in App Store Connect's order.
    /// - Throws: `AppStoreConnectError` (`forbidden` when the key's role cannot read review submissions).
    public func reviewSubmissions(
        appID: String, platforms: [ASCPlatform] = [], states: [ASCReviewSubmissionState] = []
    ) async throws -> [ASCReviewSubmission] {
        let url = ASCVocabulary.reviewSubmissions.url(
            base: baseURL,
            filters: [
                ("filter[app]", [try Self.checkID(appID, "app")]), ("filter[platform]", platforms.map(\.rawValue)),
                ("filter[state]", states.map(\.rawValue)),
            ],
            limits: ["limit": configuration.pageSize, "limit[items]": configuration.itemsPerSubmission])
        var submissions: [ASCReviewSubmission] = []
        for document in try await fetchAll(url) {
            for resource in document.data {
                submissions.append(
                    try await completed(ASCReviewSubmission.read(resource: resource, included: document.included)))
            }
        }
        return submissions
    }

    /// One review submission with its items (`GET /v1/reviewSubmissions/{id}?include=items`).
    /// - Parameter id: the submission's ID.
    /// - Returns: the submission.
    /// - Throws: `AppStoreConnectError` (`notFound`, `forbidden`).
    public func reviewSubmission(id: String) async throws -> ASCReviewSubmission {
        let url = ASCVocabulary.reviewSubmission.url(
            base: baseURL, id: try Self.checkID(id, "review submission"),
            limits: ["limit[items]": configuration.itemsPerSubmission])
        let document = try await fetch(url)
        return try await completed(
            ASCReviewSubmission.read(resource: try document.single(), included: document.included))
    }

    /// Every item of one review submission (`GET /v1/reviewSubmissions/{id}/items`), all pages.
    /// - Parameter submissionID: the submission's ID.
    /// - Returns: the items.
    /// - Throws: `AppStoreConnectError`.
    public func reviewSubmissionItems(submissionID: String) async throws -> [ASCReviewSubmissionItem] {
        let url = ASCVocabulary.reviewSubmissionItems.url(
            base: baseURL, id: try Self.checkID(submissionID, "review submission"),
            limits: ["limit": configuration.pageSize])
        return try await fetchAll(url).flatMap { try $0.data.map(ASCReviewSubmissionItem.init(resource:)) }
    }

    /// The team's signing certificates (`GET /v1/certificates`), all pages, without their content.
    ///
    /// A returned list is complete: every certificate the key can see, so one missing from it since an earlier
    /// listing was revoked or deleted. Any failure throws (never a partial or empty list): a 403 (the key's role
    /// cannot read certificates; Apple does not document which roles can), a 404, or a failure still after the
    /// retries all mean "not known", and the caller keeps what it had.
    /// - Parameter types: only these types (`filter[certificateType]`); empty for all. A filtered list is complete
    ///   for those types only.
    /// - Returns: the certificates, in App Store Connect's order (not by expiry: the API does not sort by it).
    /// - Throws: `AppStoreConnectError` (`forbidden` when the key's role cannot read certificates, `notFound`,
    ///   `paginationFailure`, `invalidResponse`, and the transport codes), or `CancellationError`.
    public func certificates(types: [ASCCertificateType] = []) async throws -> [ASCCertificate] {
        let url = ASCVocabulary.certificates.url(
            base: baseURL, filters: [("filter[certificateType]", types.map(\.rawValue))],
            limits: ["limit": configuration.pageSize])
        return try await fetchAll(url).flatMap { try $0.data.map(ASCCertificate.init(resource:)) }
    }

    /// The team's provisioning profiles with the bundle ID each is for and the certificates each includes
    /// (`GET /v1/profiles?include=bundleId,certificates`), all pages. A profile with more certificates than
    /// `certificatesPerProfile` has them fetched from `/v1/profiles/{id}/certificates`.
    ///
    /// A returned list is complete: every profile the key can see, so one missing from it since an earlier listing
    /// was deleted. Any failure throws (never a partial or empty list), as for `certificates(types:)`.
    /// - Returns: the profiles, in App Store Connect's order (not by expiry: the API does not sort by it).
    /// - Throws: `AppStoreConnectError` (`forbidden` when the key's role cannot read profiles, `notFound`,
    ///   `paginationFailure`, `invalidResponse`, and the transport codes), or `CancellationError`.
    public func profiles() async throws -> [ASCProfile] {
        let url = ASCVocabulary.profiles.url(
            base: baseURL,
            limits: ["limit": configuration.pageSize, "limit[certificates]": configuration.certificatesPerProfile])
        var profiles: [ASCProfile] = []
        for document in try await fetchAll(url) {
            for resource in document.data {
                let read = try ASCProfile.read(resource: resource, included: document.included)
                profiles.append(
                    read.certificatesComplete
                        ? read.profile
                        : read.profile.replacingCertificates(try await profileCertificates(profileID: read.profile.id)))
            }
        }
        return profiles
    }

    /// Every certificate of one provisioning profile (`GET /v1/profiles/{id}/certificates`), all pages.
    /// - Parameter profileID: the profile's ID.
    /// - Returns: the certificates, in App Store Connect's order.
    /// - Throws: `AppStoreConnectError` (`notFound` for an unknown ID, `forbidden`).
    public func profileCertificates(profileID: String) async throws -> [ASCCertificate] {
        let url = ASCVocabulary.profileCertificates.url(
            base: baseURL, id: try Self.checkID(profileID, "profile"), limits: ["limit": configuration.pageSize])
        return try await fetchAll(url).flatMap { try $0.data.map(ASCCertificate.init(resource:)) }
    }

    private func completed(
        _ read: (submission: ASCReviewSubmission, itemsComplete: Bool)
    ) async throws -> ASCReviewSubmission {
        guard !read.itemsComplete else { return read.submission }
        return read.submission.replacingItems(try await reviewSubmissionItems(submissionID: read.submission.id))
    }

    static func checkID(_ id: String, _ what: String) throws -> String {
        guard !id.isEmpty, id.utf8.count <= 200 else {
            throw AppStoreConnectError(
                .invalidConfiguration,
                "the \(what) ID \(Quoting.quoted(id, limit: 60)) is empty or too long; pass App Store Connect's ID")
        }
        return id
    }
}
