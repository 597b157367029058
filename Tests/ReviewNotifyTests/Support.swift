import Foundation
import GatehouseHTTP
import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Testing

/// A store (a file in a temporary folder, or a database on the test PostgreSQL cluster), a loopback receiver, a manual
/// clock, and a deliverer over them.
final class NotifyFixture: Sendable {
    let directory: TemporaryDirectory
    let kind: StoreKind
    /// The store's path or URL.
    let location: String
    let store: RelationalReviewStore
    let server: LoopbackHTTPServer
    let clock: ManualClock

    init(_ kind: StoreKind = .sqlite) throws {
        directory = try TemporaryDirectory()
        self.kind = kind
        location = try kind.newLocation(in: directory)
        store = try kind.open(location)
        server = try LoopbackHTTPServer()
        clock = ManualClock()
    }

    var now: Timestamp { Timestamp(secondsSince1970: Int64(clock.now().timeIntervalSince1970)) }

    func deliverer(policy: RetryPolicy = RetryPolicy(), maxResponseBytes: Int = 1 << 20) -> NotificationDeliverer {
        NotificationDeliverer(
            store: store,
            http: CurlHTTPClient(configuration: .init(totalTimeout: .seconds(5), maxResponseBytes: maxResponseBytes)),
            clock: clock, policy: policy)
    }

    /// Adds a channel posting to `path` on the receiver.
    @discardableResult
    func channel(
        _ kind: NotificationChannel.Kind, path: String, secretFile: String? = nil, apps: [String] = [],
        states: [ReviewState] = [], takesSigningAlerts: Bool = true
    ) throws -> NotificationChannel {
        try store.addChannel(
            NotificationChannel(
                kind: kind, url: server.url(path), secretFile: secretFile, apps: apps, states: states,
                takesSigningAlerts: takesSigningAlerts))
    }

    /// Tracks a Sign in with Apple client secret file expiring `seconds` after the clock's now (as `review signing add`
    /// records what it read of one).
    @discardableResult
    func trackSecret(
        expiringIn seconds: Int64, path: String = "/tmp/gatehouse-test/client-secret.jwt",
        name: String = "com.example.web"
    ) throws -> SigningItem {
        try store.trackSigningFile(
            SigningSighting(
                kind: .clientSecret, reference: path, name: name, detail: "key ABC123DEFG, team TEAM123456",
                ownExpires: Timestamp(secondsSince1970: now.secondsSince1970 + seconds)),
            name: nil, at: now)
    }

    /// The ids of what the receiver got at `path` (each request's `X-Gatehouse-Event-Id`), in order.
    func receivedIDs(_ path: String) -> [String] {
        server.requests(path: path).compactMap { $0.header("X-Gatehouse-Event-Id") }
    }

    /// Logs a state of Fokus 2.3 on iOS `hoursAgo` hours before the clock's now.
    @discardableResult
    func log(
        _ state: ReviewState, hoursAgo: Int64, app: String = "Fokus", version: String = "2.3"
    ) throws -> LogResult {
        try store.record(
            LogRequest(
                app: app, version: version, state: state,
                at: Timestamp(secondsSince1970: now.secondsSince1970 - hoursAgo * 3600)))
    }

    /// The JSON object of a request body.
    static func object(_ request: LoopbackRequest) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(request.body))
        return try #require(parsed as? [String: Any], "not a JSON object: \(request.bodyText)")
    }
}
