import AppStoreConnect
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// The fake server checks every token as Apple would, so the client's tokens are tested, not assumed: here it is
/// driven with hand-made tokens, good and bad.
@Suite("The fake App Store Connect refuses bad tokens with Apple's 401")
struct FakeServerTests {
    static let now = Int64(Date(timeIntervalSince1970: 1_795_953_600).timeIntervalSince1970)

    static func claims(
        iss: String? = TestKeys.issuerID, sub: String? = nil, iat: Int64 = now - 60, exp: Int64 = now + 900,
        aud: String = "\"appstoreconnect-v1\""
    ) -> String {
        var members: [String] = []
        if let iss { members.append("\"iss\":\"\(iss)\"") }
        if let sub { members.append("\"sub\":\"\(sub)\"") }
        members += ["\"iat\":\(iat)", "\"exp\":\(exp)", "\"aud\":\(aud)"]
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Sends `GET /v1/apps` with the header and returns the status, the body and the refusal the fake recorded.
    static func send(_ authorization: String?) async throws -> (status: Int, body: String, refusal: String?) {
        let fake = try FakeAppStoreConnect(keys: TestKeys.serverKeys, state: Catalogue.state, clock: ManualClock())
        var headers: HTTPHeaders = [:]
        if let authorization { headers.add(name: "Authorization", value: authorization) }
        let response = try await CurlHTTPClient().send(.get(fake.baseURL + "/v1/apps", headers: headers))
        return (response.status, String(decoding: response.body, as: UTF8.self), fake.tokenRefusals.last)
    }

    @Test("a well-made team token and a well-made individual token are accepted")
    func goodTokens() async throws {
        #expect(try await Self.send("Bearer " + TestKeys.token(claims: Self.claims())).status == 200)
        let individual = TestKeys.token(
            claims: Self.claims(iss: nil, sub: "user"), key: TestKeys.otherKey, kid: TestKeys.individualKeyID)
        #expect(try await Self.send("Bearer " + individual).status == 200)
        let lifetime1200 = TestKeys.token(claims: Self.claims(iat: Self.now - 300, exp: Self.now + 900))
        #expect(try await Self.send("Bearer " + lifetime1200).status == 200, "exactly 1,200 s is allowed")
    }

    @Test(
        "bad tokens get 401 NOT_AUTHORIZED, and the fake says why",
        arguments: [
            (
                "exp - iat over 1,200 s (back-dating counted)",
                TestKeys.token(claims: claims(iat: now - 60, exp: now + 1_200)), "exp - iat is 1260"
            ),
            ("wrong aud", TestKeys.token(claims: claims(aud: "\"appstoreconnect-v2\"")), "aud"),
            ("aud missing from a list", TestKeys.token(claims: claims(aud: "[\"other\"]")), "aud"),
            ("unknown kid", TestKeys.token(claims: claims(), kid: "NOTAKEY123"), "kid NOTAKEY123"),
            ("no kid", TestKeys.token(claims: claims(), kid: nil), "no kid"),
            ("signed by another key", TestKeys.token(claims: claims(), key: TestKeys.otherKey), "signature"),
            ("expired", TestKeys.token(claims: claims(iat: now - 1_000, exp: now - 100)), "exp"),
            ("issued in the future", TestKeys.token(claims: claims(iat: now + 600, exp: now + 1_200)), "iat"),
            ("wrong issuer", TestKeys.token(claims: claims(iss: "00000000-0000-0000-0000-000000000000")), "iss"),
            (
                "individual key without sub user",
                TestKeys.token(
                    claims: claims(iss: nil, sub: "me"), key: TestKeys.otherKey, kid: TestKeys.individualKeyID),
                "sub"
            ),
            (
                "HS256 with a shared secret",
                try! JWSSigner(
                    symmetricKey: SymmetricKey(bytes: Array(repeating: 7, count: 32)), algorithm: .hs256,
                    keyID: TestKeys.keyID
                )
                .sign(claimsJSON: Array(claims().utf8)),
                "ES256"
            ),
            ("a token that is not a JWT", "not.a.jwt", "does not parse"),
        ])
    func badTokens(_ name: String, token: String, reason: String) async throws {
        let (status, body, refusal) = try await Self.send("Bearer " + token)
        #expect(status == 401, "\(name)")
        #expect(body.contains("\"code\":\"NOT_AUTHORIZED\"") && body.contains("signed bearer token"), "\(name)")
        #expect(refusal?.contains(reason) == true, "\(name): refusal \(refusal ?? "none") does not name \(reason)")
    }

    @Test("no Authorization header, or not a bearer token, is 401")
    func missing() async throws {
        #expect(try await Self.send(nil).status == 401)
        #expect(try await Self.send("Basic dXNlcjpwYXNz").refusal?.contains("Bearer") == true)
    }

    @Test("every request is checked: the fake counts requests per path, refused ones included")
    func counts() async throws {
        let harness = try Harness(state: Catalogue.state)
        _ = try await harness.client.apps()
        _ = try await Self.send(nil)
        #expect(harness.fake.requestCount(path: "/v1/apps") == 1)
        #expect(harness.fake.tokenRefusals.isEmpty, "the client's own tokens all pass")
    }
}
