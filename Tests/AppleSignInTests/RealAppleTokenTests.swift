import AppleSignIn
import Foundation
import GatehouseTesting
import JWT
import Testing

/// The real Apple-signed tokens of `../shared/fixtures/apple-real/`, each with the key set of its era, at a fixed
/// time inside its life.
@Suite(
    "Real Apple tokens through the Apple verifier",
    .enabled(if: SharedResources.hasAppleReal, Comment(rawValue: SharedResources.absentMessage)))
struct RealAppleTokenTests {
    @Test(
        "every real identity token verifies with its own key set, the key chosen by kid",
        arguments: RealAppleToken.identityTokens)
    func verifies(fixture: RealAppleToken) async throws {
        let token = try await fixture.verifier().verify(try fixture.token, nonce: .insecureNotChecked)
        #expect(token.issuer == "https://appleid.apple.com")
        #expect(token.audience == [fixture.audience])
        #expect(token.issuedAt == Date(timeIntervalSince1970: TimeInterval(fixture.issuedAt)))
        #expect(token.subject.hasPrefix("00"), "\(fixture.name): sub \(token.subject)")
        let header = try UnverifiedJWT(parsing: try fixture.token).header
        #expect(token.keyID == header.keyID)
    }

    @Test(
        "a real token is refused for another client ID, naming both audiences", arguments: RealAppleToken.identityTokens
    )
    func wrongAudience(fixture: RealAppleToken) async throws {
        let verifier = try fixture.verifier(clientIDs: ["com.example.other"])
        let error = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(try fixture.token, nonce: .insecureNotChecked)
        }
        #expect(error?.code == .invalidToken)
        #expect(error?.jwtError?.code == .audienceMismatch)
        #expect(error?.reason.contains("com.example.other") == true)
        #expect(error?.reason.contains(fixture.audience) == true)
    }

    @Test("a real token is refused a day after it expired, naming the expiry", arguments: RealAppleToken.identityTokens)
    func expired(fixture: RealAppleToken) async throws {
        let verifier = try fixture.verifier(at: Date(timeIntervalSince1970: TimeInterval(fixture.issuedAt + 172_800)))
        let error = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(try fixture.token, nonce: .insecureNotChecked)
        }
        #expect(error?.code == .invalidToken)
        #expect(error?.jwtError?.code == .expired)
        #expect(error?.reason.contains("expired at") == true)
    }

    @Test("one changed signature character makes a real token fail the signature check")
    func tampered() async throws {
        let fixture = RealAppleToken.named("zemble-lVHdOx8ltR-2024-04")
        var characters = Array(try fixture.token)
        let index = characters.lastIndex(of: ".")! + 10
        characters[index] = characters[index] == "A" ? "B" : "A"
        let token = String(characters)
        let error = await #expect(throws: AppleSignInError.self) {
            try await fixture.verifier().verify(token, nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .invalidSignature)
        #expect(error?.reason.contains("lVHdOx8ltR") == true)
    }

    @Test("email_verified as the string \"true\" (2023) and as a Boolean (2024) both read as true")
    func emailVerifiedBothForms() async throws {
        let authcare = RealAppleToken.named("authcare-W6WcOKB-2023-07")
        let old = try await authcare.verifier().verify(try authcare.token, nonce: .insecureNotChecked)
        #expect(old.claims["email_verified"] == .string("true"))
        #expect(old.emailVerified == true)
        #expect(old.isPrivateEmail == true)
        #expect(old.email?.hasSuffix("@privaterelay.appleid.com") == true)
        #expect(old.nonceSupported == true)
        #expect(old.authorizationCodeHash == "O1yEpcWPlLCuu86qklkoFg")

        let zemble = RealAppleToken.named("zemble-lVHdOx8ltR-2024-04")
        let new = try await zemble.verifier().verify(try zemble.token, nonce: .insecureNotChecked)
        #expect(new.claims["email_verified"] == .bool(true))
        #expect(new.emailVerified == true)
        #expect(new.isPrivateEmail == false, "a missing is_private_email means false")
        #expect(new.email == "uk@herber.me")
    }

    @Test("a token without email claims verifies with every email field empty")
    func noEmail() async throws {
        let fixture = RealAppleToken.named("gameroasters-eXaunmL-noemail-2021-09")
        let token = try await fixture.verifier().verify(try fixture.token, nonce: .insecureNotChecked)
        #expect(token.email == nil)
        #expect(token.emailVerified == nil)
        #expect(token.isPrivateEmail == false)
        #expect(token.realUserStatus == nil)
    }

    @Test("pepo: the published access token matches at_hash (OIDC Core 3.1.3.6); another access token does not")
    func accessTokenHash() async throws {
        let fixture = RealAppleToken.named("pepo-AIDOPK1-2020-01")
        let accessToken = "a591f44180f07407b83585446d4452718.0.nvt.0bXZTXBEJEQ55EJjMzddeA"
        let token = try await fixture.verifier().verify(
            try fixture.token, nonce: .insecureNotChecked, accessToken: accessToken)
        #expect(token.accessTokenHash == "zhyLeeRoacZOu594DRLd6A")

        let error = await #expect(throws: AppleSignInError.self) {
            try await fixture.verifier().verify(
                try fixture.token, nonce: .insecureNotChecked, accessToken: accessToken + "x")
        }
        #expect(error?.code == .tokenHashMismatch)
        #expect(error?.reason.contains("zhyLeeRoacZOu594DRLd6A") == true)
    }

    @Test("real nonces: the exact value passes, another value fails naming both")
    func nonces() async throws {
        let listminut = RealAppleToken.named("listminut-eXaunmL-2021-05")
        let token = try await listminut.verifier().verify(try listminut.token, nonce: .exact("BWoavIK1QboNzL4MxSynvQ"))
        #expect(token.nonce == "BWoavIK1QboNzL4MxSynvQ")

        let pepo = RealAppleToken.named("pepo-AIDOPK1-2020-01")
        let hashed = "052b82e1193e57fefdc03a26b2fd023f38b54ee0155acd1c368c18f5cfd05fb9"
        _ = try await pepo.verifier().verify(try pepo.token, nonce: .exact(hashed))
        let error = await #expect(throws: AppleSignInError.self) {
            try await pepo.verifier().verify(try pepo.token, nonce: .sha256(ofRaw: "guess"))
        }
        #expect(error?.code == .nonceMismatch)
        #expect(error?.reason.contains(hashed) == true)
        #expect(error?.reason.contains(AppleNonce.sha256Hex("guess")) == true)
    }

    @Test("a nonce expected from a real token that has none, with nonce_supported true, is refused")
    func nonceMissing() async throws {
        let fixture = RealAppleToken.named("authcare-W6WcOKB-2023-07")
        let error = await #expect(throws: AppleSignInError.self) {
            try await fixture.verifier().verify(try fixture.token, nonce: .exact("n"))
        }
        #expect(error?.code == .nonceMissing)
        #expect(error?.reason.contains("nonce_supported is true") == true)
    }

    @Test("the real server-to-server notification verifies and its events string decodes to email-disabled")
    func notification() async throws {
        let fixture = RealAppleToken.notification
        let notification = try await fixture.verifier().verifyNotification(try fixture.token)
        #expect(notification.event.kind == .emailDisabled)
        #expect(notification.event.kind.isKnown)
        #expect(notification.event.subject == "001026.16112b36378440d995af22b268f00984.1744")
        #expect(notification.event.email == "zdfu7jtuus@privaterelay.appleid.com")
        #expect(notification.event.isPrivateEmail == true)
        #expect(notification.event.eventTime == Date(timeIntervalSince1970: 1_630_085_403.648))
        #expect(notification.jwtID == "B94OdD03pFsaYaN-Ftv7mA")
        #expect(notification.audience == ["com.gameroasters.stack4"])

        let body = Array("{\"payload\":\"\(try fixture.token)\"}".utf8)
        let fromBody = try await fixture.verifier().verifyNotification(body: body)
        #expect(fromBody.event == notification.event)
    }

    @Test("the notification is not an identity token: verify() refuses it for lack of sub")
    func notificationIsNotIdentity() async throws {
        let fixture = RealAppleToken.notification
        let error = await #expect(throws: AppleSignInError.self) {
            try await fixture.verifier().verify(try fixture.token, nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .missingClaim)
        #expect(error?.reason.contains("\"sub\"") == true)
    }
}
