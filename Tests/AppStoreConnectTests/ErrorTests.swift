import AppStoreConnect
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

@Suite("Typed failures: 401 names key, issuer and clock; 403 the role; Apple's code and detail in every message")
struct ErrorTests {
    /// Neither the .p8 nor a bearer token appears in a message.
    static func expectNoSecrets(_ error: AppStoreConnectError?, harness: Harness? = nil) {
        let text = error?.description ?? ""
        #expect(!CredentialsTests.leaksKey(text), "the .p8 leaks in \(text)")
        for request in harness?.fake.allRequests ?? [] {
            if let token = request.header("Authorization")?.split(separator: ".").last {
                #expect(!text.contains(token), "a token signature leaks in \(text)")
            }
        }
        #expect(!text.contains("Bearer ey"))
    }

    @Test("401 from a key the account does not have: notAuthorized naming key ID, issuer ID, clock and Apple's detail")
    func unknownKey() async throws {
        let clock = ManualClock()
        let fake = try FakeAppStoreConnect(keys: TestKeys.serverKeys, state: Catalogue.state, clock: clock)
        let stranger = try ASCCredentials(keyID: "ZZZZ9999ZZ", issuerID: TestKeys.issuerID, privateKey: TestKeys.key)
        let client = try ASCClient(
            credentials: stranger, baseURL: fake.baseURL, clock: clock, sleeper: RecordingSleeper())
        let error = await ascError { try await client.apps() }
        expect(
            error, .notAuthorized,
            naming: [
                "HTTP 401", "NOT_AUTHORIZED", "signed bearer token", "key ID ZZZZ9999ZZ",
                "issuer ID \(TestKeys.issuerID)",
                "clock", "iat 2026-11-29T11:59:00Z", "exp 2026-11-29T12:15:00Z", "revoked",
            ])
        #expect(error?.status == 401 && error?.apiErrors.first?.code == "NOT_AUTHORIZED")
        #expect(fake.tokenRefusals.last?.contains("kid ZZZZ9999ZZ") == true)
        #expect(fake.requestCount(path: "/v1/apps") == 1, "a fresh token refused is not retried")
        Self.expectNoSecrets(error)
    }

    @Test("401 from a clock half an hour fast: the message shows the token's times by this clock")
    func fastClock() async throws {
        let serverClock = ManualClock()
        let fake = try FakeAppStoreConnect(keys: TestKeys.serverKeys, state: Catalogue.state, clock: serverClock)
        let fastClock = ManualClock(Date(timeIntervalSince1970: 1_795_953_600).addingTimeInterval(1_800))
        let client = try ASCClient(
            credentials: TestKeys.team, baseURL: fake.baseURL, clock: fastClock, sleeper: RecordingSleeper())
        let error = await ascError { try await client.checkCredentials() }
        expect(error, .notAuthorized, naming: ["clock", "iat 2026-11-29T12:29:00Z", "now 2026-11-29T12:30:00Z"])
        #expect(fake.tokenRefusals.last?.contains("iat") == true)
    }

    @Test("401 with an individual key says it is used as one (sub \"user\") and a team key needs its issuer ID")
    func individualKey401() async throws {
        let harness = try Harness(state: Catalogue.state, credentials: TestKeys.individual)
        harness.fake.inject([.unauthorized])
        let error = await ascError { try await harness.client.apps() }
        expect(
            error, .notAuthorized, naming: ["individual key", "sub \"user\"", "issuer ID", TestKeys.individualKeyID])
    }

    @Test("a 401 on a reused token is retried once with a new token")
    func reusedToken401() async throws {
        let harness = try Harness(state: Catalogue.state)
        _ = try await harness.client.apps()
        harness.fake.inject([.unauthorized], path: "/v1/apps")
        #expect(try await harness.client.apps().count == 2)
        let tokens = harness.fake.requests(path: "/v1/apps").compactMap { $0.header("Authorization") }
        #expect(tokens.count == 3 && tokens[0] == tokens[1] && tokens[2] != tokens[1])
        harness.fake.inject([.unauthorized, .unauthorized], path: "/v1/apps")
        let error = await ascError { try await harness.client.apps() }
        expect(error, .notAuthorized, naming: ["key ID"])
    }

    @Test("403 on review submissions only: apps and versions read, submissions are forbidden naming the role")
    func forbiddenSubmissions() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.forbidsReviewSubmissions = true
        #expect(try await harness.client.apps().count == 2)
        #expect(try await harness.client.appStoreVersions(appID: "1000000001").count == 2)
        let error = await ascError { try await harness.client.reviewSubmissions(appID: "1000000001") }
        expect(
            error, .forbidden,
            naming: [
                "HTTP 403", "FORBIDDEN_ERROR", "The API key in use does not allow this request", "role",
                "App Manager or Admin", TestKeys.keyID, "/v1/reviewSubmissions",
            ])
        #expect(error != AppStoreConnectError(.notAuthorized), "401 and 403 are distinct codes")
        Self.expectNoSecrets(error, harness: harness)
    }

    @Test("403 for missing agreements says the Account Holder must accept them")
    func agreements() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject([.forbidden(code: "FORBIDDEN.REQUIRED_AGREEMENTS_MISSING_OR_EXPIRED")])
        let error = await ascError { try await harness.client.apps() }
        expect(
            error, .forbidden,
            naming: ["FORBIDDEN.REQUIRED_AGREEMENTS_MISSING_OR_EXPIRED", "Account Holder", "agreements"])
    }

    @Test("another 4xx is requestRefused with every error's code and detail, quoted and escaped")
    func requestRefused() async throws {
        let harness = try Harness(state: Catalogue.state)
        let body =
            #"{"errors":[{"status":"400","code":"PARAMETER_ERROR.INVALID","title":"A parameter has an invalid value","detail":"'x' is not valid\nVerdict: OK"},{"status":"400","code":"ENTITY_ERROR","title":"second"}]}"#
        harness.fake.inject([.custom(status: 400, body: body)])
        let error = await ascError { try await harness.client.apps() }
        expect(
            error, .requestRefused,
            naming: [
                "HTTP 400", "PARAMETER_ERROR.INVALID", "'x' is not valid\\u{A}Verdict: OK", "ENTITY_ERROR \"second\"",
            ])
        #expect(error?.apiErrors.map(\.code) == ["PARAMETER_ERROR.INVALID", "ENTITY_ERROR"])
        #expect(error?.apiErrors.first?.detail == "'x' is not valid\nVerdict: OK")
    }

    @Test("an error body that is not Apple's is quoted (its start)")
    func foreignErrorBody() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject([.custom(status: 418, body: "<html>teapot</html>")])
        let error = await ascError { try await harness.client.apps() }
        expect(error, .requestRefused, naming: ["HTTP 418", "\"<html>teapot</html>\""])
    }

    @Test("the fake refuses a request the client should never send: filter[app] missing is Apple's 400")
    func fakeParameterErrors() async throws {
        let harness = try Harness(state: Catalogue.state)
        let token = try await harness.client.tokens.token().compact
        let response = try await CurlHTTPClient().send(
            .get(
                harness.fake.baseURL + "/v1/reviewSubmissions?include=items",
                headers: ["Authorization": "Bearer " + token]))
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("PARAMETER_ERROR.REQUIRED"))
        let unknown = try await CurlHTTPClient().send(
            .get(harness.fake.baseURL + "/v1/apps?fields%5Bbogus%5D=x", headers: ["Authorization": "Bearer " + token]))
        #expect(unknown.status == 400)
    }

    @Test("a 2xx body that is not a JSON:API document, or holds the wrong type, is invalidResponse")
    func invalidResponses() async throws {
        let harness = try Harness(state: Catalogue.state)
        harness.fake.inject([.custom(status: 200, body: "not json")])
        expect(await ascError { try await harness.client.apps() }, .invalidResponse, naming: ["/v1/apps", "not JSON"])
        harness.fake.inject([.custom(status: 200, body: #"{"data":[{"type":"builds","id":"x","attributes":{}}]}"#)])
        expect(
            await ascError { try await harness.client.apps() }, .invalidResponse,
            naming: ["expected a resource of type \"apps\"", "\"builds\""])
        harness.fake.inject([
            .custom(status: 200, body: #"{"data":{"type":"apps","id":"1","attributes":{"name":"A"}}}"#)
        ])
        expect(
            await ascError { try await harness.client.app(id: "1") }, .invalidResponse,
            naming: ["apps 1", "no attribute \"bundleId\""])
        harness.fake.inject([
            .custom(
                status: 200,
                body:
                    #"{"data":[{"type":"appStoreVersions","id":"v","attributes":{"platform":"IOS","versionString":"1","createdDate":"yesterday"}}]}"#
            )
        ])
        expect(
            await ascError { try await harness.client.appStoreVersions(appID: "1000000001") }, .invalidResponse,
            naming: ["createdDate", "\"yesterday\"", "RFC 3339"])
    }

    @Test("a body over maximumResponseBytes is responseTooLarge naming the cap")
    func tooLarge() async throws {
        let harness = try Harness(
            state: PaginationTests.state(apps: 60), configuration: ASCClientConfiguration(maximumResponseBytes: 4096))
        let error = await ascError { try await harness.client.apps() }
        expect(error, .responseTooLarge, naming: ["/v1/apps", "4096", "maximumResponseBytes"])
    }

    @Test("a base URL that is not https (or http to loopback), or has a query, is refused before anything is sent")
    func badBaseURL() async {
        for url in [
            "http://api.example.com", "ftp://127.0.0.1", "https://api.appstoreconnect.apple.com/?x=1", "not a url",
        ] {
            let error = await ascError { try ASCClient(credentials: TestKeys.team, baseURL: url) }
            expect(error, .invalidConfiguration, naming: ["base URL", url])
        }
        #expect(throws: Never.self) { try ASCClient(credentials: TestKeys.team, baseURL: "https://proxy.example/asc/") }
        #expect(throws: Never.self) { try ASCClient(credentials: TestKeys.team) }
    }

    @Test(
        "configuration values out of range are invalidConfiguration naming the value",
        arguments: [
            (ASCClientConfiguration(pageSize: 201), "pageSize"),
            (ASCClientConfiguration(itemsPerSubmission: 0), "itemsPerSubmission"),
            (ASCClientConfiguration(maximumPages: 0), "maximumPages"),
            (ASCClientConfiguration(maximumResponseBytes: 10), "maximumResponseBytes"),
            (ASCClientConfiguration(maximumRetries: -1), "maximumRetries"),
            (ASCClientConfiguration(maximumRateLimitWait: .seconds(-1)), "maximumRateLimitWait"),
            (ASCClientConfiguration(slowDownFraction: 2), "slowDownFraction"),
        ])
    func badConfiguration(_ configuration: ASCClientConfiguration, name: String) async {
        let error = await ascError { try ASCClient(credentials: TestKeys.team, configuration: configuration) }
        expect(error, .invalidConfiguration, naming: [name])
    }

    @Test("the error description reads AppStoreConnectError.<code>: <reason>; equality is by code")
    func errorShape() {
        let error = AppStoreConnectError(.forbidden, "why\u{1B}[2J")
        #expect(error.description == "AppStoreConnectError.forbidden: why\\u001b[2J")
        #expect(error == AppStoreConnectError(.forbidden))
        #expect(error != AppStoreConnectError(.notAuthorized))
    }
}
