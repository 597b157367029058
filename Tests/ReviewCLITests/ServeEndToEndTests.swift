import Foundation
import GatehouseTesting
import ReviewLog
import ReviewWebhooks
import Testing

/// `review serve` end to end: the built binary on a loopback port (GNU libmicrohttpd), App Store Connect faked,
/// deliveries sent over real sockets, the store read back.
@Suite("review serve end to end: webhook deliveries over loopback", .serialized)
struct ServeEndToEndTests {
    typealias Harness = ServeHarness

    @Test("signed is recorded at its exact time; unsigned and wrongly signed are 401 with nothing stored")
    func signedUnsignedForged() throws {
        let harness = try Harness()
        let server = try harness.start("signed")
        let body = Harness.stateChange(
            id: "7c813492-9516-4c79-903e-224effdd57ac", from: "PREPARE_FOR_SUBMISSION", to: "WAITING_FOR_REVIEW",
            at: "2026-11-20T05:00:52.745Z")

        let unsigned = try Harness.deliver(body, to: server, signature: .some(nil))
        #expect(unsigned?.status == 401)
        let forgedHex = try ASCWebhookSignature.header(for: body, secret: Array("another secret".utf8))
        #expect(try Harness.deliver(body, to: server, signature: .some(forgedHex))?.status == 401)
        #expect(try Harness.deliver(body, to: server, signature: .some("hmacsha256=zz"))?.status == 401)
        // Refused before the payload is parsed or anything stored: no delivery, no event, no version lookup.
        #expect(try harness.status("7c813492-9516-4c79-903e-224effdd57ac") == nil)
        #expect(try harness.events().isEmpty)
        #expect(harness.sync.fake.requestCount(path: "/v1/appStoreVersions/\(Harness.versionID)") == 0)

        // Signed, with the hex in upper case: recorded.
        let signature = try ASCWebhookSignature.header(for: body, secret: Array(Harness.secret.utf8))
        let upper = "hmacsha256=" + signature.dropFirst("hmacsha256=".count).uppercased()
        let accepted = try Harness.deliver(body, to: server, signature: .some(upper))
        #expect(accepted?.status == 200, "\(String(describing: accepted))")
        let events = try harness.events()
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(event.app.name == "Fokus" && event.app.bundleID == "com.example.fokus")
        #expect(event.platform == .iOS && event.version == "2.3" && event.state == .waitingForReview)
        #expect(event.source == .webhook && event.timing == .exact && event.ascVersionID == Harness.versionID)
        #expect(event.at.iso8601 == "2026-11-20T05:00:52Z")
        #expect(harness.stop(server) == 0)

        // The export shows the second, truncated; the store keeps the millisecond.
        let export = try harness.sync.review(["export"])
        #expect(export.standardOutput.contains("\"at\": \"2026-11-20T05:00:52Z\""), "\(export.standardOutput)")
        #expect(export.standardOutput.contains("\"source\": \"webhook\""))
        let milliseconds = try harness.sqlite("SELECT timestamp_ms FROM webhook_deliveries")
        #expect(milliseconds == "1795150852745")

        // One log line per request; never the secret or a body.
        let log = harness.sync.output("signed").standardError
        let requestLines = log.split(separator: "\n").filter { $0.contains("POST /webhooks/app-store-connect") }
        #expect(requestLines.count == 4, "\(log)")
        #expect(requestLines.filter { $0.contains(" 401 ") }.count == 3)
        #expect(!log.contains(Harness.secret) && !log.contains("PREPARE_FOR_SUBMISSION"))
    }

    @Test("a body over 64 KiB is answered 413 before it is read, and the connection is closed")
    func oversized() throws {
        let harness = try Harness()
        let server = try harness.start("oversized")
        let connection = try RawHTTPConnection(port: server.port)
        // Only the head is sent: the answer must come without the server waiting for the 70,000 bytes announced.
        connection.write(
            "POST /webhooks/app-store-connect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 70000\r\n"
                + "X-Apple-Signature: hmacsha256=00\r\n\r\n")
        let answer = connection.readAnswer()
        #expect(answer?.status == 413, "\(String(describing: answer))")
        #expect(connection.isClosedByPeer())
        // Without Content-Length (chunked), the limit is enforced on the bytes received: past 64 KiB nothing more is
        // kept, and the 413 comes when the upload ends (libmicrohttpd answers only then).
        let chunked = try RawHTTPConnection(port: server.port)
        chunked.write(
            "POST /webhooks/app-store-connect HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = [UInt8](repeating: 0x41, count: 8192)
        for _ in 0..<9 { chunked.write(Array("2000\r\n".utf8) + chunk + Array("\r\n".utf8)) }
        chunked.write("0\r\n\r\n")
        let chunkedAnswer = chunked.readAnswer()
        #expect(chunkedAnswer?.status == 413, "\(String(describing: chunkedAnswer))")
        #expect(chunked.isClosedByPeer())
        // Exactly at the limit is read (and then refused for its signature).
        let atLimit = try RawHTTPConnection.send(
            port: server.port, path: "/webhooks/app-store-connect", body: [UInt8](repeating: 0x20, count: 65_536))
        #expect(atLimit?.status == 401)
        #expect(try RawHTTPConnection.send(port: server.port, method: "GET", path: "/healthz")?.status == 200)
        #expect(try RawHTTPConnection.send(port: server.port, method: "GET", path: "/other")?.status == 404)
        #expect(harness.stop(server) == 0)
        #expect(try harness.events().isEmpty)
    }

    @Test("duplicated and out-of-order deliveries: each event once, in time order, repeats answered 2xx")
    func duplicatedAndOutOfOrder() throws {
        let harness = try Harness()
        let server = try harness.start("order")
        let inReview = Harness.stateChange(
            id: "e2", from: "WAITING_FOR_REVIEW", to: "IN_REVIEW", at: "2026-11-20T09:30:00.120Z")
        let waiting = Harness.stateChange(
            id: "e1", from: "PREPARE_FOR_SUBMISSION", to: "WAITING_FOR_REVIEW", at: "2026-11-20T05:00:52.745Z")
        #expect(try Harness.deliver(inReview, to: server)?.status == 200)
        #expect(try Harness.deliver(waiting, to: server)?.status == 200)
        for _ in 0..<3 {
            let repeated = try Harness.deliver(inReview, to: server)
            #expect(repeated?.status == 200 && repeated?.body == "duplicate\n")
        }
        #expect(harness.stop(server) == 0)
        let events = try harness.events()
        // In Review came first and said it left Waiting for Review: that Waiting, first recorded with its start
        // unknown, took the exact time of the Waiting delivery that followed (one event, not two).
        #expect(events.map(\.state) == [.waitingForReview, .inReview])
        #expect(events.map(\.timing) == [.exact, .exact])
        let timeline = VersionTimeline(
            key: VersionKey(app: "Fokus", platform: .iOS, version: "2.3"), events: events,
            now: Timestamp(secondsSince1970: 1_795_200_000))
        #expect(timeline.cycles.count == 1)
        #expect(timeline.cycles.first?.waitingSeconds == Int64(4 * 3600 + 29 * 60 + 8))
        // Repeats of a stored delivery do not ask App Store Connect again.
        #expect(harness.sync.fake.requestCount(path: "/v1/appStoreVersions/\(Harness.versionID)") == 2)
    }

    @Test("a delivery whose version cannot be resolved yet is kept pending (202), then resolved in the background")
    func pendingResolvedInBackground() throws {
        let harness = try Harness()
        let server = try harness.startWithPending(
            "pending", interval: "1s", id: "p1", to: "WAITING_FOR_REVIEW", at: "2026-11-21T08:00:00.000Z",
            version: "new-version")
        // The version appears in App Store Connect: the background loop resolves the delivery.
        harness.sync.fake.update {
            $0.versions.append(.init(id: "new-version", appID: Harness.appID, versionString: "2.4"))
        }
        let deadline = Date().addingTimeInterval(30)
        while try harness.status("p1") == .pending, Date() < deadline { usleep(100_000) }
        #expect(harness.stop(server) == 0)
        let events = try harness.events()
        #expect(events.map(\.version) == ["2.4"] && events.first?.at.iso8601 == "2026-11-21T08:00:00Z")
        #expect(events.first?.source == .webhook)
        if case .resolved(let eventID) = try harness.status("p1") {
            #expect(eventID == events.first?.id)
        } else {
            Issue.record("p1 was not resolved")
        }
        #expect(harness.sync.output("pending").standardError.contains("pending delivery resolved: event"))
    }

    @Test("a pending delivery is resolved by review sync, never dropped")
    func pendingResolvedBySync() throws {
        let harness = try Harness()
        let server = try harness.startWithPending(
            "pending-sync", interval: "1h", id: "p2", to: "IN_REVIEW", at: "2026-11-21T09:00:00.500Z",
            version: "later-version")
        #expect(harness.stop(server) == 0)
        #expect(try harness.status("p2") == .pending)
        // Still unknown to App Store Connect: sync leaves it pending.
        #expect(try harness.sync.review(["sync"]).status == 0)
        #expect(try harness.status("p2") == .pending)
        harness.sync.fake.update {
            $0.versions.append(
                .init(id: "later-version", appID: Harness.appID, versionString: "2.5", appVersionState: "IN_REVIEW"))
        }
        let synced = try harness.sync.review(["sync"])
        #expect(synced.status == 0, "\(synced.standardError)")
        let webhookEvents = try harness.events().filter { $0.source == .webhook }
        #expect(webhookEvents.map(\.version) == ["2.5"])
        #expect(webhookEvents.first?.state == .inReview && webhookEvents.first?.at.iso8601 == "2026-11-21T09:00:00Z")
        // The sync pass saw the same state and did not record it twice.
        #expect(try harness.events().filter { $0.version == "2.5" && $0.state == .inReview }.count == 1)
    }

    @Test("a ping is recorded as a ping; an unknown event type is acknowledged and not stored")
    func pingAndUnknownType() throws {
        let harness = try Harness()
        let server = try harness.start("ping", arguments: ["--json"])
        #expect(try Harness.deliver(Harness.ping(id: "ping-1"), to: server)?.status == 200)
        #expect(try Harness.deliver(Harness.ping(id: "ping-1"), to: server)?.body == "duplicate\n")
        let other = Array(#"{"data":{"type":"buildUploadStateUpdated","id":"other-1","version":1}}"#.utf8)
        let answer = try Harness.deliver(other, to: server)
        #expect(answer?.status == 200 && answer?.body == "ignored\n")
        #expect(harness.stop(server) == 0)
        #expect(try harness.status("ping-1") == .ping)
        #expect(try harness.status("other-1") == nil)
        #expect(try harness.events().isEmpty)
        // --json: one object per line; each request's has its method, path, status and what it did.
        let lines = harness.sync.output("ping").standardError.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, "\(lines)")
        let requests = lines.filter { $0.contains("\"method\": \"POST\"") }
        #expect(requests.count == 3)
        #expect(requests.last?.contains("\"status\": 200") == true)
        #expect(requests.last?.contains("type buildUploadStateUpdated acknowledged") == true)
    }

    @Test("SIGKILL between storing and answering: Apple's retry is acknowledged and the event recorded once")
    func killedBetweenStoreAndAnswer() throws {
        let harness = try Harness()
        let marker = harness.sync.directory.file("stored").path
        let paused = try harness.start("killed", environment: ["GATEHOUSE_TEST_PAUSE_AFTER_STORE": marker])
        let body = Harness.stateChange(
            id: "k1", from: "WAITING_FOR_REVIEW", to: "IN_REVIEW", at: "2026-11-22T10:00:00.000Z")
        let connection = try RawHTTPConnection(port: paused.port)
        connection.write(try Harness.signedRequest(body))
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(20_000) }
        #expect(FileManager.default.fileExists(atPath: marker), "serve never reached the pause after storing")
        kill(paused.process.processIdentifier, SIGKILL)
        paused.process.waitUntilExit()
        #expect(paused.process.terminationReason == .uncaughtSignal)
        #expect(connection.readAnswer() == nil, "the killed server answered")
        #expect(try harness.status("k1") == .resolved(eventID: try harness.events().last?.id))

        // Apple retries: the new server acknowledges it as a duplicate, and there is still one event.
        let restarted = try harness.start("restarted")
        let retry = try Harness.deliver(body, to: restarted)
        #expect(retry?.status == 200 && retry?.body == "duplicate\n")
        #expect(harness.stop(restarted) == 0)
        let events = try harness.events()
        // The Waiting for Review the payload says it left (its start unknown), then In Review, once (issue 25 item 11).
        #expect(events.map(\.state) == [.waitingForReview, .inReview])
        #expect(events.first?.timing == .observed(after: nil))
        #expect(try harness.sqlite("SELECT count(*) FROM webhook_deliveries") == "1")
    }

    @Test("SIGTERM with a request in flight: new connections refused, the request answered and stored, exit 0")
    func sigtermWithRequestInFlight() throws {
        let harness = try Harness()
        let server = try harness.start("term")
        let body = Harness.stateChange(
            id: "t1", from: "WAITING_FOR_REVIEW", to: "IN_REVIEW", at: "2026-11-23T11:00:00.000Z")
        let request = try Harness.signedRequest(body)
        // The head and half of the body are sent; the request is in flight when SIGTERM comes.
        let connection = try RawHTTPConnection(port: server.port)
        let split = request.count - body.count / 2
        connection.write(Array(request[..<split]))
        usleep(300_000)
        kill(server.process.processIdentifier, SIGTERM)
        let stopping = Date().addingTimeInterval(10)
        while !harness.sync.output("term").standardError.contains("stopping"), Date() < stopping { usleep(20_000) }
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: server.port) }
        #expect(server.process.isRunning)
        connection.write(Array(request[split...]))
        let answer = connection.readAnswer()
        #expect(answer?.status == 200, "\(String(describing: answer))")
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
        #expect(try harness.events().map(\.state) == [.waitingForReview, .inReview])
        #expect(harness.sync.output("term").standardError.contains("review serve: stopped\n"))
    }
}

/// `review webhook create|list|ping` against the fake App Store Connect, with `review serve` receiving the ping.
@Suite("review webhook end to end: create, list, ping into serve", .serialized)
struct WebhookCommandEndToEndTests {
    @Test("create writes a generated secret (0600) that serve uses; list shows the webhook; ping reaches serve")
    func createListPing() throws {
        let harness = try ServeHarness()
        let created = try harness.sync.review([
            "webhook", "create", "--app", "fokus", "--url", "https://hooks.example.com/webhooks/app-store-connect",
            "--json",
        ])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("\"secretGenerated\": true"), "\(created.standardOutput)")
        let secretPath = harness.sync.directory.file("config/gatehouse/webhook-secret").path
        let attributes = try FileManager.default.attributesOfItem(atPath: secretPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let secret = try String(contentsOfFile: secretPath, encoding: .utf8)
        #expect(secret.count == 65 && secret.hasSuffix("\n"))
        var webhooks: [FakeASCState.Webhook] = []
        harness.sync.fake.update { webhooks = $0.webhooks }
        #expect(webhooks.count == 1)
        #expect(webhooks.first?.appID == ServeHarness.appID && webhooks.first?.secret == String(secret.dropLast()))
        #expect(
            webhooks.first?.eventTypes == [
                "APP_STORE_VERSION_APP_VERSION_STATE_UPDATED", "BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED",
            ])
        #expect(webhooks.first?.enabled == true)
        // A second app's webhook would reuse the same secret: the file is not regenerated.
        let again = try harness.sync.review([
            "webhook", "create", "--app", "com.example.fokus", "--url", "https://hooks.example.com/other",
        ])
        #expect(again.status == 0 && again.standardOutput.contains("Its secret is the one in \(secretPath)"))
        #expect(try String(contentsOfFile: secretPath, encoding: .utf8) == secret)
        harness.sync.fake.update { $0.webhooks.removeLast() }

        // serve finds the secret in the file create wrote (no ASC_WEBHOOK_SECRET, no option).
        let server = try harness.start("webhook-ping", environment: ["ASC_WEBHOOK_SECRET": ""])
        #expect(!harness.sync.output("webhook-ping").standardError.contains("warning"))
        harness.sync.fake.update {
            $0.webhooks[0].url = "http://127.0.0.1:\(server.port)/webhooks/app-store-connect"
        }
        let listed = try harness.sync.review(["webhook", "list", "--json"])
        #expect(listed.status == 0)
        #expect(
            listed.standardOutput.contains("\"url\": \"http://127.0.0.1:\(server.port)/webhooks/app-store-connect\""))
        let pinged = try harness.sync.review(["webhook", "ping", "--app", "Fokus"])
        #expect(pinged.status == 0, "\(pinged.standardError)")
        #expect(harness.stop(server) == 0)
        let log = harness.sync.output("webhook-ping").standardError
        #expect(log.contains("ping recorded"), "\(log)")
        // A secret file others can read is used, with a warning naming the fix.
        chmod(secretPath, 0o644)
        let exposed = try harness.start("exposed", environment: ["ASC_WEBHOOK_SECRET": ""])
        #expect(harness.stop(exposed) == 0)
        #expect(harness.sync.output("exposed").standardError.contains("has mode 644"))
        #expect(harness.sync.output("exposed").standardError.contains("chmod 600 \(secretPath)"))
        #expect(try harness.sqlite("SELECT count(*) FROM webhook_deliveries WHERE kind = 'ping'") == "1")
    }

    @Test("a relative --webhook-secret-file is under the working directory, its missing folders made 0700 there")
    func relativeSecretFile() throws {
        let harness = try ServeHarness()
        let top = "rel-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: "/" + top) }
        let created = try harness.sync.review(
            [
                "webhook", "create", "--app", "fokus", "--url", "https://hooks.example.com/webhooks/app-store-connect",
                "--webhook-secret-file", "\(top)/dir/secret",
            ], currentDirectory: harness.sync.directory.url)
        #expect(created.status == 0, "\(created.standardError)")
        let secretPath = harness.sync.directory.file("\(top)/dir/secret").path
        let secret = try String(contentsOfFile: secretPath, encoding: .utf8)
        #expect(secret.count == 65 && secret.hasSuffix("\n"))
        #expect((try FileManager.default.attributesOfItem(atPath: secretPath)[.posixPermissions] as? Int) == 0o600)
        for folder in [top, "\(top)/dir"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: harness.sync.directory.file(folder).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/" + top), "a folder was made at the filesystem root")
        let left = try FileManager.default.contentsOfDirectory(atPath: harness.sync.directory.file("\(top)/dir").path)
        #expect(left == ["secret"])
    }

    @Test("an app no key sees, or a request App Store Connect refuses, is status 1; create without --url is 64")
    func refusals() throws {
        let harness = try ServeHarness()
        let unknown = try harness.sync.review(["webhook", "create", "--app", "Nope", "--url", "https://x.example/h"])
        #expect(unknown.status == 1 && unknown.standardError.contains("\"Nope\""))
        let usage = try harness.sync.review(["webhook", "create", "--app", "Fokus"])
        #expect(usage.status == 64 && usage.standardError.contains("--url"))
        #expect(
            !FileManager.default.fileExists(atPath: harness.sync.directory.file("config/gatehouse/webhook-secret").path)
        )
        // App Store Connect refusing the request itself (a 409 or 422: no retry will help) is a negative answer, 1,
        // naming what it said; not 69, which scripts retry.
        harness.sync.fake.inject(
            [
                .custom(
                    status: 409,
                    body: #"{"errors":[{"status":"409","code":"ENTITY_ERROR","title":"The URL is already in use"}]}"#)
            ], path: "/v1/webhooks")
        let refused = try harness.sync.review([
            "webhook", "create", "--app", "Fokus", "--url", "https://hooks.example.com/webhooks/app-store-connect",
        ])
        #expect(refused.status == 1, "\(refused.standardError)")
        #expect(refused.standardError.contains("409"), "\(refused.standardError)")
        // Nothing to ping: 1 with --json as without.
        let none = try harness.sync.review(["webhook", "ping", "--app", "Fokus", "--json"])
        #expect(none.status == 1 && none.standardError.contains("no webhook to ping"), "\(none.standardError)")
    }
}

extension ServeHarness {
    /// Starts `serve` and sends it a delivery of a version App Store Connect does not know yet: answered 202 and
    /// kept pending, no event.
    func startWithPending(_ name: String, interval: String, id: String, to state: String, at: String, version: String)
        throws -> Server
    {
        let server = try start(name, arguments: ["--resolve-interval", interval])
        let body = Self.stateChange(id: id, from: "PREPARE_FOR_SUBMISSION", to: state, at: at, version: version)
        #expect(try Self.deliver(body, to: server)?.status == 202)
        #expect(try status(id) == .pending)
        #expect(try events().isEmpty)
        return server
    }

    /// One value from the store, through the sqlite3 shell.
    func sqlite(_ query: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", database, query]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
