import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// Library issue item 3: options are safe by construction. The audience is an explicit choice, and every value is
/// checked when the options are made, so a misconfigured verifier fails once at start-up, not on every token.
@Suite("JWTValidationOptions: checked when made")
struct ValidationOptionsTests {
    /// Each misconfiguration, and what the error must name.
    static let misconfigurations: [(what: String, named: String)] = [
        ("an empty audience list", "audience list is empty"), ("an empty audience", "number 2 is empty"),
        ("no algorithm", "no algorithm"), ("an empty issuer", "issuer is empty"), ("an empty claim", "claim name"),
        ("a NaN leeway", "leeway is nan"), ("a negative leeway", "leeway is -1"),
        ("an infinite iat tolerance", "maximumFutureIssuedAt"),
        ("a nesting limit the parser's stack cannot take", "maxNestingDepth is 100000"),
        ("a zero token size", "maxTokenBytes is 0"), ("no members per object", "maxObjectMembers is 0"),
    ]

    static func make(_ index: Int) throws -> JWTValidationOptions {
        let a: JWTValidationOptions.Audience = .oneOf(["a"])
        switch index {
        case 0: return try JWTValidationOptions(audience: .oneOf([]))
        case 1: return try JWTValidationOptions(audience: .oneOf(["app", ""]))
        case 2: return try JWTValidationOptions(audience: a, allowedAlgorithms: [])
        case 3: return try JWTValidationOptions(audience: a, issuer: "")
        case 4: return try JWTValidationOptions(audience: a, requiredClaims: [""])
        case 5: return try JWTValidationOptions(audience: a, leeway: .nan)
        case 6: return try JWTValidationOptions(audience: a, leeway: -1)
        case 7: return try JWTValidationOptions(audience: a, maximumFutureIssuedAt: .infinity)
        case 8: return try JWTValidationOptions(audience: a, limits: JWSLimits(maxNestingDepth: 100_000))
        case 9: return try JWTValidationOptions(audience: a, limits: JWSLimits(maxTokenBytes: 0))
        default: return try JWTValidationOptions(audience: a, limits: JWSLimits(maxObjectMembers: 0))
        }
    }

    @Test("misconfigurations are refused by the initializer, naming the value", arguments: 0..<11)
    func refused(index: Int) {
        let (what, named) = Self.misconfigurations[index]
        expectError(JWTError(.invalidOptions), mentioning: [named, "no verifier is made"]) {
            _ = try Self.make(index)
            Issue.record("accepted \(what)")
        }
    }

    @Test("the audience is checked by default only when named; not checking it is spelled out")
    func audienceChoice() throws {
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        let checked = try JWTValidationOptions(audience: .oneOf(["other"]))
        #expect(checked.audiences == ["other"])
        expectError(JWTError(.audienceMismatch), mentioning: ["\"app\"", "\"other\""]) {
            _ = try JWTVerifier(keySet: JOSETestKeys.keySet, options: checked).verify(token, now: JOSETestKeys.now)
        }
        let unchecked = try JWTValidationOptions(audience: .insecureNotChecked)
        #expect(unchecked.audiences == nil)
        _ = try JWTVerifier(keySet: JOSETestKeys.keySet, options: unchecked).verify(token, now: JOSETestKeys.now)
        // The audience list keeps its order and every entry, even canonically equivalent ones (no Set collapsing).
        let both = try JWTValidationOptions(audience: .oneOf(["K", "\u{212A}"]))
        #expect(both.audiences?.count == 2)
    }

    @Test("with(...) changes a value and checks the result like new options")
    func withChecksAgain() throws {
        let base = try JWTValidationOptions(audience: .oneOf(["a"]), issuer: "https://issuer.example")
        #expect(try base.with(leeway: 5).leeway == 5)
        #expect(try base.with(issuer: .some(nil)).issuer == nil)
        #expect(try base.with(leeway: 5).issuer == "https://issuer.example")
        expectError(JWTError(.invalidOptions), mentioning: ["leeway"]) { _ = try base.with(leeway: -.infinity) }
        expectError(JWTError(.invalidOptions), mentioning: ["audience list is empty"]) {
            _ = try base.with(audience: .oneOf([]))
        }
    }
}
