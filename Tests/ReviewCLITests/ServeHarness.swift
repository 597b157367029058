import Foundation
import GatehouseTesting
import ReviewLog
import ReviewWebhooks

/// `review serve` run as a real process on a loopback port, against the fake App Store Connect of a `SyncHarness`,
/// and the signed deliveries the tests send it.
struct ServeHarness {
    static let secret = "webhook secret for the end-to-end tests"
    static let appID = "1000000001"
    static let versionID = "ad7e6298-2570-4ca6-b3cc-f81788e40bdc"

    let sync: SyncHarness

    /// A fake App Store Connect with one app (Fokus, com.example.fokus) and its iOS 2.3.
    init() throws {
        var state = FakeASCState()
        state.apps.append(.init(id: Self.appID, name: "Fokus", bundleID: "com.example.fokus"))
        state.versions.append(
            .init(id: Self.versionID, appID: Self.appID, versionString: "2.3", appVersionState: "WAITING_FOR_REVIEW"))
        sync = try SyncHarness(state: state)
    }

    var database: String { sync.database }

    /// A running `review serve`.
    struct Server {
        let process: Process
        let port: UInt16
        let name: String
    }

    /// Starts `review serve --listen 127.0.0.1:0` and waits for the port it reports.
    func start(
        _ name: String, arguments: [String] = [], environment overrides: [String: String] = [:]
    ) throws -> Server {
        var variables = ["ASC_WEBHOOK_SECRET": Self.secret]
        for (key, value) in overrides { variables[key] = value }
        let process = try sync.spawnReview(
            ["serve", "--listen", "127.0.0.1:0"] + arguments, output: name, environment: variables)
        guard let port = reportedPort(name, after: "listening on http://127.0.0.1:", then: "/", process: process) else {
            process.terminate()
            throw LoopbackFailure("review serve did not report its port: \(sync.output(name).standardError)")
        }
        return Server(process: process, port: port, name: name)
    }

    /// The port a running server printed on standard error, between `prefix` and `suffix`, waited for up to
    /// `seconds`.
    /// - Returns: the port, or nil when it was not printed in time or the process ended first.
    func reportedPort(
        _ name: String, after prefix: String, then suffix: String, process: Process, seconds: TimeInterval = 60
    ) -> UInt16? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let log = sync.output(name).standardError
            if let range = log.range(of: prefix) {
                let digits = log[range.upperBound...].prefix { $0.isNumber }
                if let port = UInt16(digits), log[range.upperBound...].dropFirst(digits.count).hasPrefix(suffix) {
                    return port
                }
            }
            if !process.isRunning { return nil }
            usleep(20_000)
        }
        return nil
    }

    /// Stops a server with SIGTERM and waits for it.
    /// - Returns: its exit status.
    @discardableResult
    func stop(_ server: Server) -> Int32 {
        kill(server.process.processIdentifier, SIGTERM)
        server.process.waitUntilExit()
        return server.process.terminationStatus
    }

    /// The body of a state-change delivery, as App Store Connect sends it.
    static func stateChange(
        id: String, from oldValue: String, to newValue: String, at timestamp: String, version: String = versionID
    ) -> [UInt8] {
        Array(
            """
            {"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"\(id)","version":1,"attributes":\
            {"newValue":"\(newValue)","oldValue":"\(oldValue)","timestamp":"\(timestamp)"},"relationships":\
            {"instance":{"data":{"type":"appStoreVersions","id":"\(version)"}}}}}
            """.utf8)
    }

    /// A ping body.
    static func ping(id: String) -> [UInt8] {
        Array(
            #"{"data":{"type":"webhookPingCreated","id":"\#(id)","version":1,"attributes":{"timestamp":"2026-11-20T10:00:00.000Z"}}}"#
                .utf8)
    }

    /// Sends a delivery signed with the secret (or with `signature` as given; nil sends none).
    static func deliver(_ body: [UInt8], to server: Server, signature: String?? = .none) throws
        -> RawHTTPConnection.Answer?
    {
        let header: String? =
            switch signature {
            case .none: try ASCWebhookSignature.header(for: body, secret: Array(secret.utf8))
            case .some(let given): given
            }
        return try RawHTTPConnection.send(
            port: server.port, path: "/webhooks/app-store-connect",
            headers: header.map { [("X-Apple-Signature", $0), ("Content-Type", "application/json")] } ?? [],
            body: body)
    }

    /// The bytes of a delivery request signed with the secret, for a test that sends it in parts.
    static func signedRequest(_ body: [UInt8]) throws -> [UInt8] {
        let signature = try ASCWebhookSignature.header(for: body, secret: Array(secret.utf8))
        return RawHTTPConnection.request(
            method: "POST", path: "/webhooks/app-store-connect", headers: [("X-Apple-Signature", signature)],
            body: body)
    }

    /// The store's events.
    func events() throws -> [ReviewEvent] { try RelationalReviewStore(sqlitePath: database).events(app: nil) }

    /// Where a delivery stands in the store.
    func status(_ id: String) throws -> WebhookDeliveryStatus? {
        try RelationalReviewStore(sqlitePath: database).webhookDeliveryStatus(id: id)
    }
}

/// A failure of the harness itself.
struct LoopbackFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
