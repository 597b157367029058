import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// Every limit of the JWT module has a named default, can be set where that makes sense, and is refused with an
/// error that names the limit; values at the limit are accepted.
@Suite("Limits: member count, key count, clock tolerance and now")
struct LimitTests {
    /// A JSON object of `count` members named m0, m1, ...
    static func object(members count: Int, extra: String = "") -> String {
        "{" + (0..<count).map { "\"m\($0)\":\($0)" }.joined(separator: ",") + extra + "}"
    }

    @Test("an object or array over JSONValue.defaultMaximumMembers is limitExceeded; at the limit it parses")
    func memberCount() throws {
        #expect(JSONValue.defaultMaximumMembers == 1024)
        let atLimit = try JSONValue.parse(Array(Self.object(members: 1024).utf8))
        #expect(atLimit.objectValue?.members.count == 1024)
        expectError(JWTError(.limitExceeded), mentioning: ["more than 1024 members", "object"]) {
            _ = try JSONValue.parse(Array(Self.object(members: 1025).utf8))
        }
        let array = "[" + [String](repeating: "0", count: 1025).joined(separator: ",") + "]"
        expectError(JWTError(.limitExceeded), mentioning: ["more than 1024 members", "array"]) {
            _ = try JSONValue.parse(Array(array.utf8))
        }
        expectError(JWTError(.limitExceeded), mentioning: ["more than 3 members"]) {
            _ = try JSONValue.parse(Array(#"{"a":1,"b":2,"c":3,"d":4}"#.utf8), maxMembers: 3)
        }
    }

    @Test("a header or payload with more members than JWSLimits.maxObjectMembers is refused before verification")
    func tokenMemberCount() throws {
        #expect(JWSLimits.default.maxObjectMembers == 1024)
        let verifier = JWTVerifier(keySet: JOSETestKeys.keySet, options: JOSETestKeys.noAudience)
        let wideHeader = try JOSETestKeys.token(
            header: Self.object(members: 1024, extra: #","alg":"RS256","kid":"rsa-1""#),
            payload: JOSETestKeys.claims())
        expectError(JWTError(.limitExceeded), mentioning: ["header", "more than 1024 members"]) {
            _ = try verifier.verify(wideHeader, now: JOSETestKeys.now)
        }
        let options = try JWTValidationOptions(
            audience: .insecureNotChecked, limits: JWSLimits(maxObjectMembers: 8))
        let narrow = JWTVerifier(keySet: JOSETestKeys.keySet, options: options)
        let claims = JOSETestKeys.claims(#""a":1,"b":2,"c":3,"d":4"#)  // 5 standard claims + 4
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: claims)
        expectError(JWTError(.limitExceeded), mentioning: ["payload", "more than 8 members"]) {
            _ = try narrow.verify(token, now: JOSETestKeys.now)
        }
        expectError(JWTError(.limitExceeded), mentioning: ["payload", "more than 8 members"]) {
            _ = try UnverifiedJWT(parsing: token, limits: options.limits)
        }
        // The same token under the default limits verifies.
        #expect(
            try JWTVerifier(keySet: JOSETestKeys.keySet, options: JOSETestKeys.noAudience).verify(
                token, now: JOSETestKeys.now
            ).claims.subject == "user-1"
        )
    }

    @Test("a key set of more than JWKSet.maximumKeys keys is limitExceeded naming the count; 100 keys are read")
    func keyCount() throws {
        #expect(JWKSet.maximumKeys == 100)
        func document(_ count: Int) -> [UInt8] {
            Array(("{\"keys\":[" + [String](repeating: "{}", count: count).joined(separator: ",") + "]}").utf8)
        }
        #expect(try JWKSet(jwksJSON: document(100)).keys.count == 100)
        expectError(JWTError(.limitExceeded), mentioning: ["101 keys", "limit of 100", "JWKSet.maximumKeys"]) {
            _ = try JWKSet(jwksJSON: document(101))
        }
    }

    @Test("a key set document over JWKSet.maximumDocumentBytes is refused before parsing")
    func documentSize() throws {
        let padding = String(repeating: " ", count: JWKSet.maximumDocumentBytes)
        expectError(
            JWTError(.invalidKeySet), mentioning: ["\(JWKSet.maximumDocumentBytes + 13) bytes", "nothing was parsed"]
        ) {
            _ = try JWKSet(jwksJSON: Array(("{\"keys\":[]}" + padding + "  ").utf8))
        }
    }

    @Test(
        "a leeway or future-iat tolerance that is not finite or outside 0...86400 is invalidOptions, never a pass",
        arguments: [Double.nan, .infinity, -.infinity, -1, 86_401, 1e300, -1e300])
    func clockTolerance(value: Double) throws {
        // Expired long ago: a NaN leeway used to make "now >= exp + leeway" false, so the token was accepted.
        let expired = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#,
            payload: #"{"sub":"user-1","exp":1000000000,"iat":999999990}"#)
        _ = expired
        // Refused when the options are made (once, at start-up), never token by token.
        for name in ["leeway", "maximumFutureIssuedAt"] {
            expectError(JWTError(.invalidOptions), mentioning: [name, "from 0 to 86400", "maximumClockTolerance"]) {
                if name == "leeway" {
                    _ = try JWTValidationOptions(audience: .insecureNotChecked, leeway: value)
                } else {
                    _ = try JWTValidationOptions(audience: .insecureNotChecked, maximumFutureIssuedAt: value)
                }
            }
        }
    }

    @Test("the largest clock tolerance is accepted and still applied")
    func toleranceAtLimit() throws {
        #expect(JWTValidationOptions.maximumClockTolerance == 86_400)
        let options = try JWTValidationOptions(
            audience: .insecureNotChecked, leeway: 86_400, maximumFutureIssuedAt: 86_400)
        let verifier = JWTVerifier(keySet: JOSETestKeys.keySet, options: options)
        let now = JOSETestKeys.now.timeIntervalSince1970
        let withinLeeway = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: "{\"exp\":\(Int(now) - 86_000)}")
        #expect(try verifier.verify(withinLeeway, now: JOSETestKeys.now).claims.expiration != nil)
        let beyond = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: "{\"exp\":\(Int(now) - 86_401)}")
        expectError(JWTError(.expired), mentioning: ["leeway of 86400 s"]) {
            _ = try verifier.verify(beyond, now: JOSETestKeys.now)
        }
    }

    @Test(
        "a now that is not finite or outside 1970...9999 is invalidOptions",
        arguments: [Double.nan, .infinity, -.infinity, -1, 253_402_300_800, 1e300])
    func nonFiniteNow(seconds: Double) throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.invalidOptions), mentioning: ["current time", "1970 to 9999"]) {
            _ = try JWTVerifier(keySet: JOSETestKeys.keySet, options: JOSETestKeys.noAudience).verify(
                token, now: Date(timeIntervalSince1970: seconds))
        }
    }

    @Test(
        "time claims that are huge, negative, fractional beyond range or overflow to infinity are invalidClaim",
        arguments: ["1e400", "-1", "253402300800", "1e308", "-0.5", "99999999999999999999999999"])
    func timeClaimRange(value: String) throws {
        for claim in ["exp", "nbf", "iat"] {
            let payload = claim == "exp" ? "{\"exp\":\(value)}" : "{\"exp\":1750000600,\"\(claim)\":\(value)}"
            let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: payload)
            expectError(JWTError(.invalidClaim), mentioning: [claim, value, "NumericDate"]) {
                _ = try JWTVerifier(keySet: JOSETestKeys.keySet, options: JOSETestKeys.noAudience).verify(
                    token, now: JOSETestKeys.now)
            }
        }
    }
}
