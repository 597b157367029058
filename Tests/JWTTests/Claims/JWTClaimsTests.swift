import Foundation
import GatehouseTesting
import Testing

@testable import JWT

@Suite("Claims (RFC 7519 section 4.1) and their validation")
struct JWTClaimsTests {
    static func claims(_ json: String) throws -> JWTClaims {
        try JWTClaims(payload: Array(json.utf8), maxNestingDepth: 64)
    }

    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("reads the registered claims; aud as a string or an array; raw keeps everything")
    func reads() throws {
        let claims = try Self.claims(
            #"{"iss":"i","sub":"s","aud":"a","exp":1700000100,"nbf":1699999900.5,"iat":1699999999,"jti":"j","x":[1]}"#)
        #expect(claims.issuer == "i" && claims.subject == "s" && claims.jwtID == "j")
        #expect(claims.audience == ["a"])
        #expect(claims.expiration == Date(timeIntervalSince1970: 1_700_000_100))
        #expect(claims.notBefore == Date(timeIntervalSince1970: 1_699_999_900.5))
        #expect(claims["x"] == .array([.number(JSONNumber(1))]))
        #expect(try Self.claims(#"{"aud":["a","b"]}"#).audience == ["a", "b"])
        #expect(claims.json["jti"] == .string("j"))
        #expect(claims.json.objectValue?.names.first == "iss")
    }

    @Test(
        "wrong claim types are invalidClaim naming the claim",
        arguments: [
            (#"{"exp":"1700000100"}"#, "\"exp\"", "NumericDate"),
            (#"{"nbf":true}"#, "\"nbf\"", "NumericDate"),
            (#"{"iat":null}"#, "\"iat\"", "NumericDate"),
            (#"{"iss":42}"#, "\"iss\"", "string"),
            (#"{"sub":{}}"#, "\"sub\"", "string"),
            (#"{"jti":[]}"#, "\"jti\"", "string"),
            (#"{"aud":7}"#, "\"aud\"", "array of strings"),
            (#"{"aud":["a",7]}"#, "\"aud\"", "array of strings"),
        ])
    func wrongTypes(json: String, claim: String, expected: String) {
        expectError(JWTError(.invalidClaim), mentioning: [claim, expected]) { _ = try Self.claims(json) }
    }

    @Test(
        "NumericDates out of range (1e300, negative, past 9999) are invalidClaim, not an overflow",
        arguments: ["1e300", "-1", "253402300800", "1e400", "-1e400"])
    func outOfRange(value: String) {
        expectError(JWTError(.invalidClaim), mentioning: ["\"exp\"", value, "outside"]) {
            _ = try Self.claims("{\"exp\":\(value)}")
        }
    }

    @Test("a payload that is not a JSON object is refused")
    func notAnObject() {
        expectError(JWTError(.malformedToken), mentioning: ["array", "JSON object"]) { _ = try Self.claims("[1]") }
        expectError(JWTError(.malformedJSON), mentioning: ["payload"]) { _ = try Self.claims("{") }
    }

    @Test("exp: accepted within the leeway, expired beyond it, message names both times")
    func expiration() throws {
        let claims = try Self.claims(#"{"exp":1700000000}"#)
        let options = try JWTValidationOptions(audience: .insecureNotChecked)
        try options.validate(claims, now: now.addingTimeInterval(59))
        expectError(JWTError(.expired), mentioning: ["2023-11-14T22:13:20Z", "2023-11-14T22:14:20Z", "60 s"]) {
            try options.validate(claims, now: now.addingTimeInterval(60))
        }
        let strict = try options.with(leeway: 0)
        expectError(JWTError(.expired), mentioning: ["1700000000"]) { try strict.validate(claims, now: now) }
    }

    @Test("nbf: accepted within the leeway, notYetValid beyond it")
    func notBefore() throws {
        let claims = try Self.claims(#"{"exp":1800000000,"nbf":1700000100}"#)
        let options = try JWTValidationOptions(audience: .insecureNotChecked)
        try options.validate(claims, now: now.addingTimeInterval(40))
        expectError(JWTError(.notYetValid), mentioning: ["nbf", "1700000100", "60 s"]) {
            try options.validate(claims, now: now.addingTimeInterval(39))
        }
    }

    @Test("iat more than 5 minutes in the future is issuedInFuture")
    func issuedInFuture() throws {
        let options = try JWTValidationOptions(audience: .insecureNotChecked)
        try options.validate(try Self.claims(#"{"exp":1800000000,"iat":1700000300}"#), now: now)
        expectError(JWTError(.issuedInFuture), mentioning: ["iat 1700000301", "300 s"]) {
            try options.validate(try Self.claims(#"{"exp":1800000000,"iat":1700000301}"#), now: now)
        }
    }

    @Test("exp is required by default; requiredClaims is configurable; the message lists present claims")
    func required() throws {
        expectError(JWTError(.missingClaim), mentioning: ["\"exp\"", "present claims: sub"]) {
            try JWTValidationOptions(audience: .insecureNotChecked).validate(try Self.claims(#"{"sub":"x"}"#), now: now)
        }
        try JWTValidationOptions(audience: .insecureNotChecked, requiredClaims: []).validate(
            try Self.claims(#"{"sub":"x"}"#), now: now)
        expectError(JWTError(.missingClaim), mentioning: ["\"jti\""]) {
            try JWTValidationOptions(audience: .insecureNotChecked, requiredClaims: ["exp", "jti"]).validate(
                try Self.claims(#"{"exp":1800000000}"#), now: now)
        }
    }

    @Test("asking for an issuer makes iss required and checks it exactly")
    func issuer() throws {
        let options = try JWTValidationOptions(audience: .insecureNotChecked, issuer: "https://a.example")
        expectError(JWTError(.missingClaim), mentioning: ["\"iss\"", "issuer is expected"]) {
            try options.validate(try Self.claims(#"{"exp":1800000000}"#), now: now)
        }
        expectError(JWTError(.issuerMismatch), mentioning: ["https://A.example", "https://a.example"]) {
            try options.validate(try Self.claims(#"{"exp":1800000000,"iss":"https://A.example"}"#), now: now)
        }
        try options.validate(try Self.claims(#"{"exp":1800000000,"iss":"https://a.example"}"#), now: now)
    }

    @Test("asking for audiences makes aud required; one match among an array is enough")
    func audience() throws {
        let options = try JWTValidationOptions(audience: .oneOf(["app", "web"]))
        expectError(JWTError(.missingClaim), mentioning: ["\"aud\"", "audiences are expected"]) {
            try options.validate(try Self.claims(#"{"exp":1800000000}"#), now: now)
        }
        expectError(JWTError(.audienceMismatch), mentioning: ["\"other\"", "\"app\"", "\"web\""]) {
            try options.validate(try Self.claims(#"{"exp":1800000000,"aud":["other"]}"#), now: now)
        }
        expectError(JWTError(.audienceMismatch), mentioning: ["[]"]) {
            try options.validate(try Self.claims(#"{"exp":1800000000,"aud":[]}"#), now: now)
        }
        try options.validate(try Self.claims(#"{"exp":1800000000,"aud":["x","web"]}"#), now: now)
        try options.validate(try Self.claims(#"{"exp":1800000000,"aud":"app"}"#), now: now)
    }

    @Test(
        "UTC formatting of instants in messages",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ])
    func utc(seconds: Double, text: String) {
        #expect(UTCTime.format(Date(timeIntervalSince1970: seconds)) == text)
    }
}
