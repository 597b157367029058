import AppleSignIn
import Foundation
import JWT
import Testing

/// Server-to-server notifications signed by test keys: each event type, unknown types kept, and bad bodies.
@Suite("Apple server-to-server notifications")
struct AppleServerNotificationTests {
    static func notification(events: Any, aud: String = TestKeys.clientID) -> String {
        TestKeys.token([
            "iss": "https://appleid.apple.com", "aud": aud, "iat": TestKeys.issuedAt, "exp": TestKeys.issuedAt + 86_400,
            "jti": "jti-1", "events": events,
        ])
    }

    static func events(_ type: String) -> String {
        "{\"type\":\"\(type)\",\"sub\":\"001234.abc.1200\",\"event_time\":1795953600123}"
    }

    @Test(
        "each documented event type decodes, and an unknown type is kept",
        arguments: ["email-disabled", "email-enabled", "consent-revoked", "account-delete", "account-frozen"])
    func eventTypes(type: String) async throws {
        let body = Array("{\"payload\":\"\(Self.notification(events: Self.events(type)))\"}".utf8)
        let notification = try await TestKeys.verifier().verifyNotification(body: body)
        #expect(notification.event.kind.rawValue == type)
        #expect(notification.event.kind.isKnown == (type != "account-frozen"))
        #expect(notification.event.subject == "001234.abc.1200")
        #expect(notification.event.eventTime == Date(timeIntervalSince1970: 1_795_953_600.123))
        #expect(notification.event.email == nil)
    }

    @Test("a notification for another client ID is refused like an identity token")
    func audience() async throws {
        let token = Self.notification(events: Self.events("consent-revoked"), aud: "com.other")
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verifyNotification(token)
        }
        #expect(error?.jwtError?.code == .audienceMismatch)
        #expect(error?.reason.contains("com.other") == true)
    }

    @Test(
        "bodies without a payload JWT, and events that do not decode, are invalidNotification naming the cause",
        arguments: [
            ("not json", "not JSON"),
            ("{\"token\":\"x\"}", "no string \"payload\""),
            ("[1]", "no string \"payload\""),
        ])
    func badBodies(body: String, named: String) async throws {
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verifyNotification(body: Array(body.utf8))
        }
        #expect(error?.code == .invalidNotification)
        #expect(error?.reason.contains(named) == true)
    }

    @Test(
        "events claims that do not decode are refused naming what is wrong",
        arguments: [
            ("{not json", "not a JSON text"),
            ("[]", "JSON array"),
            ("{\"sub\":\"x\"}", "no string \"type\""),
            ("{\"type\":\"email-enabled\"}", "no string \"sub\""),
        ])
    func badEvents(events: String, named: String) async throws {
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verifyNotification(Self.notification(events: events))
        }
        #expect(error?.code == .invalidNotification)
        #expect(error?.reason.contains(named) == true)
    }

    @Test("an identity token is not a notification: no events claim")
    func identityTokenIsNotNotification() async throws {
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verifyNotification(TestKeys.token())
        }
        #expect(error?.jwtError?.code == .missingClaim)
        #expect(error?.reason.contains("\"events\"") == true)
    }
}
