import MicroHTTPServer
import ReviewLog
import ReviewWebhooks
import Testing

/// The checks of `review serve` in order, in process: route, size, signature, payload.
@Suite("webhook gate: route, then size (413), then signature (401), then payload")
struct WebhookGateTests {
    static let secret = Array("gate secret".utf8)
    static let now = Timestamp(secondsSince1970: 1_795_200_000)

    static func request(_ body: [UInt8], signed: Bool = true, path: String = "/webhooks/app-store-connect")
        throws -> HTTPServerRequest
    {
        var headers = [HTTPServerHeader("Content-Length", "\(body.count)")]
        if signed {
            headers.append(
                HTTPServerHeader("X-APPLE-SIGNATURE", try ASCWebhookSignature.header(for: body, secret: secret)))
        }
        return HTTPServerRequest(method: "POST", path: path, headers: headers, body: body)
    }

    static let apple = Array(
        #"{"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"7c813492-9516-4c79-903e-224effdd57ac","version":1,"attributes":{"newValue":"READY_FOR_REVIEW","oldValue":"PREPARE_FOR_SUBMISSION","timestamp":"2025-04-16T05:00:52.745Z"},"relationships":{"instance":{"data":{"type":"appStoreVersions","id":"ad7e6298-2570-4ca6-b3cc-f81788e40bdc"}}}}}"#
            .utf8)

    @Test("Apple's sample payload, signed, is a state change at 05:00:52.745Z (kept to the millisecond)")
    func applePayload() throws {
        let decision = WebhookGate.decide(try Self.request(Self.apple), secret: Self.secret, receivedAt: Self.now)
        guard case .store(let delivery) = decision else {
            Issue.record("not stored: \(decision)")
            return
        }
        #expect(delivery.id == "7c813492-9516-4c79-903e-224effdd57ac")
        #expect(
            delivery.kind
                == .stateChange(
                    ascVersionID: "ad7e6298-2570-4ca6-b3cc-f81788e40bdc", oldValue: "PREPARE_FOR_SUBMISSION",
                    newValue: "READY_FOR_REVIEW"))
        #expect(delivery.timestampMilliseconds == 1_744_779_652_745)
        #expect(delivery.at.iso8601 == "2025-04-16T05:00:52Z")
    }

    @Test("a declared body over 64 KiB is refused from the head alone, and closes the connection")
    func sizeFirst() {
        let head = HTTPServerRequest(
            method: "POST", path: "/webhooks/app-store-connect",
            headers: [HTTPServerHeader("content-length", "65537")])
        let answer = WebhookGate.admit(head)
        #expect(answer?.status == 413 && answer?.closesConnection == true)
        let atLimit = HTTPServerRequest(
            method: "POST", path: "/webhooks/app-store-connect",
            headers: [HTTPServerHeader("Content-Length", "65536")])
        #expect(WebhookGate.admit(atLimit) == nil)
    }

    @Test("the signature is checked before the payload: an unsigned malformed body is 401, not 400")
    func signatureBeforePayload() throws {
        let garbage = Array("not json at all".utf8)
        #expect(status(try Self.request(garbage, signed: false)) == 401)
        #expect(status(try Self.request(garbage)) == 400)
        #expect(status(try Self.request(Self.apple, signed: false)) == 401)
    }

    @Test(
        "signed but malformed payloads are 400, naming what is wrong",
        arguments: [
            (
                #"{"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"a","attributes":{"newValue":"IN_REVIEW"}}}"#,
                "timestamp"
            ),
            (
                #"{"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"a","attributes":{"newValue":"IN_REVIEW","timestamp":"2025-04-16T05:00:52.745Z"}}}"#,
                "instance"
            ),
            (
                #"{"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"a","attributes":{"newValue":"IN_REVIEW","timestamp":"yesterday"},"relationships":{"instance":{"data":{"id":"v"}}}}}"#,
                "ISO 8601"
            ),
            (#"{"data":{"type":"webhookPingCreated","id":""}}"#, "data.id"),
            (#"[1,2]"#, "JSON object"),
        ])
    func malformed(_ body: String, _ named: String) throws {
        let decision = WebhookGate.decide(try Self.request(Array(body.utf8)), secret: Self.secret, receivedAt: Self.now)
        guard case .answer(let response) = decision else {
            Issue.record("accepted: \(body)")
            return
        }
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains(named), "\(body)")
    }

    @Test("a ping is a delivery of kind ping; another type is acknowledged, not stored")
    func pingAndOther() throws {
        let ping = Array(
            #"{"data":{"type":"webhookPingCreated","id":"p","version":1,"attributes":{"timestamp":"2026-11-20T10:00:00.250Z"}}}"#
                .utf8)
        guard
            case .store(let delivery) = WebhookGate.decide(
                try Self.request(ping), secret: Self.secret, receivedAt: Self.now)
        else {
            Issue.record("ping not stored")
            return
        }
        #expect(delivery.kind == .ping && delivery.timestampMilliseconds == 1_795_168_800_250)
        let other = Array(#"{"data":{"type":"somethingNew","id":"o"}}"#.utf8)
        #expect(
            WebhookGate.decide(try Self.request(other), secret: Self.secret, receivedAt: Self.now)
                == .acknowledge(type: "somethingNew", id: "o"))
    }

    @Test("routing: health check, wrong method, unknown path")
    func routing() {
        #expect(WebhookGate.admit(HTTPServerRequest(method: "GET", path: "/healthz"))?.status == 200)
        #expect(WebhookGate.admit(HTTPServerRequest(method: "GET", path: "/webhooks/app-store-connect"))?.status == 405)
        #expect(WebhookGate.admit(HTTPServerRequest(method: "POST", path: "/elsewhere"))?.status == 404)
    }

    @Test("timestamps: fractions truncated to the millisecond, offsets applied, none given is .000")
    func timestamps() {
        #expect(ASCWebhookPayload.milliseconds("2025-04-16T05:00:52.745Z") == 1_744_779_652_745)
        #expect(ASCWebhookPayload.milliseconds("2025-04-16T05:00:52.7459Z") == 1_744_779_652_745)
        #expect(ASCWebhookPayload.milliseconds("2025-04-16T05:00:52.7Z") == 1_744_779_652_700)
        #expect(ASCWebhookPayload.milliseconds("2025-04-16T05:00:52Z") == 1_744_779_652_000)
        #expect(ASCWebhookPayload.milliseconds("2025-04-16T07:00:52.745+02:00") == 1_744_779_652_745)
        #expect(ASCWebhookPayload.milliseconds("2025-04-16T05:00:52.745") == nil)
    }

    private func status(_ request: HTTPServerRequest) -> Int? {
        if case .answer(let response) = WebhookGate.decide(request, secret: Self.secret, receivedAt: Self.now) {
            return response.status
        }
        return nil
    }
}
