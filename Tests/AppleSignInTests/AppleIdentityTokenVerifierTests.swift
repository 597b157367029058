import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// The verifier's fixed rules (issuer, RS256, audience required) and the caller's (nonce, at_hash, c_hash), on
/// tokens signed by test keys.
@Suite("Apple identity token verifier")
struct AppleIdentityTokenVerifierTests {
    @Test("no client ID: the verifier cannot be made, so the audience check cannot be skipped")
    func clientIDsRequired() throws {
        #expect(throws: AppleSignInError(.invalidConfiguration)) {
            try AppleIdentityTokenVerifier(clientIDs: [], keySet: TestKeys.keySet(), clock: TestTime { Date() })
        }
        do {
            _ = try AppleIdentityTokenVerifier(clientIDs: [], keySet: TestKeys.keySet(), clock: TestTime { Date() })
        } catch let error as AppleSignInError {
            #expect(error.description.hasPrefix("AppleSignInError.invalidConfiguration: no client ID given"))
            #expect(error.reason.contains("audience check cannot be skipped"))
        }
        let empty = #expect(throws: AppleSignInError.self) {
            try AppleIdentityTokenVerifier(clientIDs: ["a", ""], keySet: TestKeys.keySet(), clock: TestTime { Date() })
        }
        #expect(empty?.reason.contains("client ID number 2 is empty") == true)
        let leeway = #expect(throws: AppleSignInError.self) {
            try AppleIdentityTokenVerifier(
                clientIDs: ["a"], keySet: TestKeys.keySet(), leeway: -1, clock: TestTime { Date() })
        }
        #expect(leeway?.code == .invalidConfiguration)
        #expect(leeway?.reason.contains("-1.0 s") == true)
    }

    @Test("a bundle ID and a Services ID: a token for either passes, a token for a third app fails")
    func severalClientIDs() async throws {
        let verifier = try TestKeys.verifier(clientIDs: ["com.example.gatehouse", "com.example.gatehouse.web"])
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        _ = try await verifier.verify(
            TestKeys.token(TestKeys.claims(["aud": "com.example.gatehouse.web"])), nonce: .insecureNotChecked)
        let error = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(
                TestKeys.token(TestKeys.claims(["aud": "com.attacker.app"])), nonce: .insecureNotChecked)
        }
        #expect(error?.code == .invalidToken)
        #expect(error?.jwtError?.code == .audienceMismatch)
        #expect(error?.reason.contains("com.attacker.app") == true)
    }

    @Test("an issuer other than https://appleid.apple.com is refused, naming it")
    func issuer() async throws {
        let token = TestKeys.token(TestKeys.claims(["iss": "https://appleid.apple.com.evil.example"]))
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .issuerMismatch)
        #expect(error?.reason.contains("appleid.apple.com.evil.example") == true)
    }

    @Test("only RS256: a PS256 token from the same RSA key is refused naming the algorithm")
    func onlyRS256() async throws {
        let token = TestKeys.token(algorithm: .ps256)
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .algorithmNotAllowed)
        #expect(error?.reason.contains("PS256") == true)
        #expect(error?.reason.contains("RS256") == true)
    }

    @Test("an unknown kid is refused, never verified with another key of the set")
    func unknownKid() async throws {
        let token = TestKeys.token(kid: "not-in-set")
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .unknownKeyID)
        #expect(error?.reason.contains("not-in-set") == true)
        #expect(error?.reason.contains("key-1") == true)
    }

    @Test("typed claims: strings \"true\"/\"false\", Booleans, real_user_status kept when unknown, transfer_sub")
    func typedClaims() async throws {
        let token = try await TestKeys.verifier().verify(
            TestKeys.token(
                TestKeys.claims([
                    "email": "a@example.com", "email_verified": "false", "is_private_email": false,
                    "real_user_status": 7, "transfer_sub": "000999.abc.0001", "nonce_supported": false,
                ])), nonce: .insecureNotChecked)
        #expect(token.emailVerified == false)
        #expect(token.isPrivateEmail == false)
        #expect(token.nonceSupported == false)
        #expect(token.realUserStatus == AppleRealUserStatus(rawValue: 7))
        #expect(token.realUserStatus?.isKnown == false)
        #expect(token.transferSubject == "000999.abc.0001")
        #expect(token.authenticationTime == Date(timeIntervalSince1970: TimeInterval(TestKeys.issuedAt)))

        let likely = try await TestKeys.verifier().verify(
            TestKeys.token(TestKeys.claims(["real_user_status": 2])), nonce: .insecureNotChecked)
        #expect(likely.realUserStatus == .likelyReal)
        #expect(likely.emailVerified == nil)
    }

    @Test(
        "claims of a type Apple never sends are refused naming the claim and value",
        arguments: [
            ("email_verified", "yes" as any Sendable), ("is_private_email", 1 as any Sendable),
            ("real_user_status", "2" as any Sendable), ("nonce", 5 as any Sendable),
        ])
    func mistypedClaims(name: String, value: any Sendable) async throws {
        let token = TestKeys.token(TestKeys.claims([name: value]))
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked)
        }
        #expect(error?.code == .invalidClaim)
        #expect(error?.reason.contains("\"\(name)\"") == true)
    }

    @Test("nonce: exact match passes; the SHA-256 hex helper passes for the raw value")
    func nonceMatches() async throws {
        let hashed = AppleNonce.sha256Hex("raw-nonce")
        #expect(hashed.count == 64)
        #expect(AppleNonce.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let token = TestKeys.token(TestKeys.claims(["nonce": hashed, "nonce_supported": true]))
        _ = try await TestKeys.verifier().verify(token, nonce: .exact(hashed))
        _ = try await TestKeys.verifier().verify(token, nonce: .sha256(ofRaw: "raw-nonce"))
        // Without an expected nonce, the nonce is read but not checked.
        #expect(try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked).nonce == hashed)
    }

    @Test("nonce: a required choice; .insecureNotChecked is the one that skips it, and says so by its name")
    func nonceNotCheckedIsNamed() async throws {
        // verify(token) no longer compiles (issue 25 item 22): skipping is written out, as the audience's choice is.
        #expect(AppleNonce.insecureNotChecked.expectedClaim == nil)
        #expect(AppleNonce.exact("n").expectedClaim == "n")
        let withoutNonce = TestKeys.token(TestKeys.claims(["nonce_supported": true]))
        _ = try await TestKeys.verifier().verify(withoutNonce, nonce: .insecureNotChecked)
        let refused = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(withoutNonce, nonce: .exact("n"))
        }
        #expect(refused?.code == .nonceMissing)
    }

    @Test("nonce: the raw value where the hash was sent (and the reverse) is a mismatch naming both")
    func nonceMismatch() async throws {
        let hashed = AppleNonce.sha256Hex("raw-nonce")
        let token = TestKeys.token(TestKeys.claims(["nonce": hashed]))
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .exact("raw-nonce"))
        }
        #expect(error?.code == .nonceMismatch)
        #expect(error?.reason.contains(hashed) == true)
        #expect(error?.reason.contains("\"raw-nonce\"") == true)

        let raw = TestKeys.token(TestKeys.claims(["nonce": "raw-nonce"]))
        let reverse = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(raw, nonce: .sha256(ofRaw: "raw-nonce"))
        }
        #expect(reverse?.code == .nonceMismatch)
        #expect(reverse?.reason.contains("SHA-256 hex of the raw nonce") == true)
    }

    @Test("nonce and client ID compare code points: a Kelvin-sign nonce or audience does not match the K spelling")
    func nonceAndAudienceCompareExactly() async throws {
        // Security round 2, item 5: Swift's == would call these equal (canonical equivalence).
        let kelvinNonce = TestKeys.token(TestKeys.claims(["nonce": "\u{212A}-nonce"]))
        let nonceError = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(kelvinNonce, nonce: .exact("K-nonce"))
        }
        #expect(nonceError?.code == .nonceMismatch)
        let nfd = TestKeys.token(TestKeys.claims(["nonce": "cafe\u{301}"]))
        let nfdError = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(nfd, nonce: .exact("caf\u{E9}"))
        }
        #expect(nfdError?.code == .nonceMismatch)
        let kelvinAudience = TestKeys.token(TestKeys.claims(["aud": "com.\u{212A}elvin.app"]))
        let audienceError = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier(clientIDs: ["com.Kelvin.app"]).verify(
                kelvinAudience, nonce: .insecureNotChecked)
        }
        #expect(audienceError?.jwtError?.code == .audienceMismatch)
        let plain = TestKeys.token(TestKeys.claims(["aud": "com.Kelvin.app", "nonce": "K-nonce"]))
        _ = try await TestKeys.verifier(clientIDs: ["com.Kelvin.app"]).verify(plain, nonce: .exact("K-nonce"))
    }

    @Test("nonce expected but absent: refused when nonce_supported is true or absent, accepted when it is false")
    func nonceMissing() async throws {
        for supported in [true as Any, NSNull() as Any, "true" as Any] {
            let token = TestKeys.token(TestKeys.claims(["nonce_supported": supported]))
            let error = await #expect(throws: AppleSignInError.self) {
                try await TestKeys.verifier().verify(token, nonce: .exact("n"))
            }
            #expect(error?.code == .nonceMissing)
            #expect(error?.reason.contains("no \"nonce\" claim") == true)
        }
        let unsupported = TestKeys.token(TestKeys.claims(["nonce_supported": false]))
        let token = try await TestKeys.verifier().verify(unsupported, nonce: .exact("n"))
        #expect(token.nonceSupported == false)
    }

    @Test("c_hash binds the authorization code: the right code passes, another code or no c_hash fails")
    func authorizationCodeHash() async throws {
        let code = "c1a2b3.0.nrxq.Zy9"
        let hash = Base64URL.encode(Digest.sha256(Array(code.utf8)).prefix(16))
        let token = TestKeys.token(TestKeys.claims(["c_hash": hash]))
        _ = try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked, authorizationCode: code)
        let wrong = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked, authorizationCode: "other")
        }
        #expect(wrong?.code == .tokenHashMismatch)
        #expect(wrong?.reason.contains(hash) == true)
        let absent = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(TestKeys.token(), nonce: .insecureNotChecked, authorizationCode: code)
        }
        #expect(absent?.code == .tokenHashMismatch)
        #expect(absent?.reason.contains("no \"c_hash\" claim") == true)
    }

    @Test("exp is enforced with the leeway; a token issued far in the future is refused")
    func times() async throws {
        let expired = TestKeys.token(TestKeys.claims(["exp": TestKeys.issuedAt + 3_500]))
        let verifier = try AppleIdentityTokenVerifier(
            clientIDs: [TestKeys.clientID], keySet: TestKeys.keySet(), leeway: 120,
            clock: TestTime { Date(timeIntervalSince1970: TimeInterval(TestKeys.issuedAt + 3_600)) })
        _ = try await verifier.verify(expired, nonce: .insecureNotChecked)
        let strict = try AppleIdentityTokenVerifier(
            clientIDs: [TestKeys.clientID], keySet: TestKeys.keySet(), leeway: 0,
            clock: TestTime { Date(timeIntervalSince1970: TimeInterval(TestKeys.issuedAt + 3_600)) })
        let error = await #expect(throws: AppleSignInError.self) {
            try await strict.verify(expired, nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .expired)
        let future = TestKeys.token(TestKeys.claims(["iat": TestKeys.issuedAt + 7_200]))
        let early = await #expect(throws: AppleSignInError.self) {
            try await strict.verify(future, nonce: .insecureNotChecked)
        }
        #expect(early?.jwtError?.code == .issuedInFuture)
    }

    @Test("a missing sub is refused naming the claim")
    func subRequired() async throws {
        let token = TestKeys.token(TestKeys.claims(["sub": NSNull()]))
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .missingClaim)
        #expect(error?.reason.contains("\"sub\"") == true)
    }

    /// A token signed by key-1 whose header has no kid (or an empty one).
    static func tokenWithoutKid(_ claims: [String: Any] = TestKeys.claims(), emptyKid: Bool = false) throws -> String {
        let header = emptyKid ? "{\"alg\":\"RS256\",\"kid\":\"\"}" : "{\"alg\":\"RS256\",\"typ\":\"JWT\"}"
        let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload))
        let signature = try TestKeys.first.signature(for: Array(input.utf8), algorithm: .rs256)
        return input + "." + Base64URL.encode(signature)
    }

    @Test(
        "a token without kid is refused even when the key set has one key; the generic verifier keeps its rule",
        arguments: [false, true])
    func kidRequired(emptyKid: Bool) async throws {
        let token = try Self.tokenWithoutKid(emptyKid: emptyKid)
        // The JOSE core's documented rule: a token without kid may use the only usable key.
        if !emptyKid {
            let generic = try JWTVerifier(
                keySet: TestKeys.keySet(), options: .init(audience: .insecureNotChecked, allowedAlgorithms: [.rs256])
            )
            .verify(token, now: Date(timeIntervalSince1970: TimeInterval(TestKeys.issuedAt + 60)))
            #expect(generic.keySelection == .onlyUsableKey)
        }
        for keys in [[(TestKeys.first, "key-1")], [(TestKeys.first, "key-1"), (TestKeys.second, "key-2")]] {
            let error = await #expect(throws: AppleSignInError.self) {
                try await TestKeys.verifier(keys).verify(token, nonce: .insecureNotChecked)
            }
            #expect(error?.code == .invalidToken, "\(keys.count) keys")
            #expect(error?.jwtError?.code == .invalidHeader, "\(keys.count) keys: \(error.map { "\($0)" } ?? "")")
            #expect(error?.reason.contains("no \"kid\"") == true, "\(error?.reason ?? "")")
        }
    }

    @Test("a notification without kid is refused the same way")
    func notificationKidRequired() async throws {
        let token = try Self.tokenWithoutKid([
            "iss": "https://appleid.apple.com", "aud": TestKeys.clientID, "iat": TestKeys.issuedAt,
            "exp": TestKeys.issuedAt + 86_400, "jti": "jti-1",
            "events": "{\"type\":\"consent-revoked\",\"sub\":\"001234.abc.1200\"}",
        ])
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verifyNotification(token)
        }
        #expect(error?.code == .invalidToken)
        #expect(error?.jwtError?.code == .invalidHeader)
        #expect(error?.reason.contains("notification") == true)
        #expect(error?.reason.contains("no \"kid\"") == true, "\(error?.reason ?? "")")
    }

    @Test("with Apple's key set from a URL, a token without kid is refused before any fetch")
    func kidRequiredBeforeFetch() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/keys", respond: .json(AppleKeySetProviderTests.oneKey))
        let clock = ManualClock(Date(timeIntervalSince1970: TimeInterval(TestKeys.issuedAt + 60)))
        let provider = AppleKeySetProviderTests.provider(server, clock: clock)
        let verifier = try AppleKeySetProviderTests.verifier(provider, clock: clock)
        let error = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(Self.tokenWithoutKid(), nonce: .insecureNotChecked)
        }
        #expect(error?.code == .invalidToken)
        #expect(error?.reason.contains("no \"kid\"") == true, "\(error?.reason ?? "")")
        #expect(await provider.fetchCount == 0)
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
    }
}
