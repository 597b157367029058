import ReviewLog
import ReviewWebhooks
import Testing

/// The TestFlight delivery's body (issue 24): read when whole, refused by name when not.
@Suite("ASCWebhookPayload: a TestFlight build's external build state change")
struct TestFlightPayloadTests {
    static let receivedAt = Timestamp(iso8601: "2026-11-21T10:00:00Z")!

    static func body(_ attributes: String, instance: String = #"{"type":"buildBetaDetails","id":"bbd-1"}"#) -> [UInt8] {
        let head = #"{"data":{"type":"buildBetaDetailExternalBuildStateUpdated","id":"d-1","attributes":"#
        let text: String = head + attributes + #","relationships":{"instance":{"data":"# + instance + "}}}}"
        return Array(text.utf8)
    }

    @Test("the new and old external build states, the timestamp to the millisecond, the build beta detail")
    func reads() throws {
        let payload = try ASCWebhookPayload(
            body: Self.body(
                #"{"newExternalBuildState":"BETA_REJECTED","oldExternalBuildState":"IN_BETA_REVIEW","timestamp":"2026-11-21T09:59:58.125Z"}"#
            ), receivedAt: Self.receivedAt)
        guard case .delivery(let delivery) = payload else {
            Issue.record("not a delivery: \(payload)")
            return
        }
        #expect(
            delivery.kind
                == .buildStateChange(buildBetaDetailID: "bbd-1", oldValue: "IN_BETA_REVIEW", newValue: "BETA_REJECTED"))
        #expect(delivery.timestampMilliseconds == 1_795_255_198_125 && delivery.subjectKey == "build:bbd-1")
        #expect(WebhookDelivery.testFlightState(ofExternalBuildState: "BETA_REJECTED") == .rejected)
        #expect(WebhookDelivery.testFlightState(ofExternalBuildState: "IN_BETA_TESTING") == nil)
    }

    @Test("a body without its new state, its timestamp or its build beta detail is refused, naming what is missing")
    func refuses() {
        let cases: [([UInt8], String)] = [
            (Self.body(#"{"timestamp":"2026-11-21T09:59:58Z"}"#), "newExternalBuildState"),
            (Self.body(#"{"newExternalBuildState":"BETA_APPROVED"}"#), "timestamp"),
            (Self.body(#"{"newExternalBuildState":"BETA_APPROVED","timestamp":"yesterday"}"#), "ISO 8601"),
            (
                Self.body(
                    #"{"newExternalBuildState":"BETA_APPROVED","timestamp":"2026-11-21T09:59:58Z"}"#,
                    instance: #"{"type":"appStoreVersions","id":"v-1"}"#), "not buildBetaDetails"
            ),
        ]
        for (body, named) in cases {
            #expect {
                try ASCWebhookPayload(body: body, receivedAt: Self.receivedAt)
            } throws: { "\($0)".contains(named) }
        }
    }
}
