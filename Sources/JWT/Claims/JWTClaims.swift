import GatehouseFoundation

/// A JWT claims set (RFC 7519 section 4): the registered claims typed, every claim raw, and the payload bytes.
///
/// Types are checked when the claims are read: `iss`, `sub`, `jti` must be strings, `aud` a string or an array of
/// strings, `exp`/`nbf`/`iat` JSON numbers (NumericDate, RFC 7519 section 2) that are finite and between 1970 and
/// 9999. A wrong type is `JWTError.invalidClaim`, never silently ignored.
public struct JWTClaims: Sendable {
    /// `iss` (RFC 7519 section 4.1.1).
    public let issuer: String?
    /// `sub` (RFC 7519 section 4.1.2).
    public let subject: String?
    /// `aud` (RFC 7519 section 4.1.3), a single string given as a one-element array.
    public let audience: [String]?
    /// `exp` (RFC 7519 section 4.1.4).
    public let expiration: Date?
    /// `nbf` (RFC 7519 section 4.1.5).
    public let notBefore: Date?
    /// `iat` (RFC 7519 section 4.1.6).
    public let issuedAt: Date?
    /// `jti` (RFC 7519 section 4.1.7).
    public let jwtID: String?
    /// Every claim, in document order.
    public let raw: JSONObject
    /// The decoded payload bytes (the exact JSON text that was signed).
    public let payload: [UInt8]

    /// The raw value of any claim.
    public subscript(name: String) -> JSONValue? { raw[name] }

    /// The whole claims set as a `JSONValue` (an object, members in document order).
    public var json: JSONValue { .object(raw) }

    /// The largest NumericDate accepted: 9999-12-31T23:59:59Z (`NumericDate.latest`).
    static let latestNumericDate = Double(NumericDate.latest)

    /// Reads a claims set from payload bytes.
    /// - Parameters:
    ///   - payload: the decoded JWS payload.
    ///   - maxNestingDepth: the JSON nesting limit.
    /// - Throws: `malformedJSON`, `limitExceeded`, `malformedToken` (not an object), `invalidClaim`.
    init(payload: [UInt8], maxNestingDepth: Int, maxMembers: Int = JSONValue.defaultMaximumMembers) throws {
        let value = try payload.withUnsafeBytes {
            try JSONParser.parse($0, maxDepth: maxNestingDepth, maxMembers: maxMembers, what: "payload")
        }
        guard case .object(let object) = value else {
            throw JWTError(
                .malformedToken,
                "the payload is a JSON \(value.typeName); a JWT claims set must be a JSON object (RFC 7519 section 7.2)"
            )
        }
        try self.init(object: object, payload: payload)
    }

    init(object: JSONObject, payload: [UInt8]) throws {
        // Every claim is read (and may throw) before the first stored property is set: a throwing init that sets
        // some first assembles `self` aside and copies it out whole, on every token verified.
        var issuer: String?
        var subject: String?
        var jwtID: String?
        var expiration: Date?
        var notBefore: Date?
        var issuedAt: Date?
        var audience: [String]?
        // One pass over the members; every registered claim name has three characters (RFC 7519 section 4.1).
        // By index: `for member in` would copy (retain and release) every member passed over.
        let members = object.members
        for index in members.indices where members[index].name.utf8.count == 3 {
            let value = members[index].value
            switch MemberKey.of(members[index].name) {
            case MemberKey.iss: issuer = try Self.string(value, "iss", section: "4.1.1")
            case MemberKey.sub: subject = try Self.string(value, "sub", section: "4.1.2")
            case MemberKey.aud: audience = try Self.audience(value)
            case MemberKey.exp: expiration = try Self.numericDate(value, "exp", section: "4.1.4")
            case MemberKey.nbf: notBefore = try Self.numericDate(value, "nbf", section: "4.1.5")
            case MemberKey.iat: issuedAt = try Self.numericDate(value, "iat", section: "4.1.6")
            case MemberKey.jti: jwtID = try Self.string(value, "jti", section: "4.1.7")
            default: break
            }
        }
        self.issuer = issuer
        self.subject = subject
        self.jwtID = jwtID
        self.expiration = expiration
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.audience = audience
        raw = object
        self.payload = payload
    }

    private static func audience(_ value: JSONValue) throws -> [String] {
        switch value {
        case .string(let single): return [single]
        case .array(let elements):
            var values: [String] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let text) = element else {
                    throw JWTError(
                        .invalidClaim,
                        "the claim \"aud\" holds a JSON \(element.typeName) (\(element)); it must be a string or an "
                            + "array of strings (RFC 7519 section 4.1.3)")
                }
                values.append(text)
            }
            return values
        default:
            throw value.typeError(
                .invalidClaim, "the claim \"aud\"", showingValue: true, mustBe: "a string or an array of strings",
                rule: "RFC 7519 section 4.1.3")
        }
    }

    private static func string(_ value: JSONValue, _ name: String, section: String) throws -> String {
        try value.typed(
            \.stringValue, or: .invalidClaim, "the claim \"\(name)\"", showingValue: true, mustBe: "a string",
            rule: "RFC 7519 section \(section)")
    }

    private static func numericDate(_ value: JSONValue, _ name: String, section: String) throws -> Date {
        let number = try value.typed(
            \.numberValue, or: .invalidClaim, "the claim \"\(name)\"", showingValue: true,
            mustBe: "a NumericDate, a JSON number of seconds since 1970-01-01T00:00:00Z",
            rule: "RFC 7519 sections 2 and \(section)")
        let seconds = number.doubleValue
        guard NumericDate.seconds(seconds) != nil else {
            throw JWTError(
                .invalidClaim,
                "the claim \"\(name)\" is \(number.text), outside the NumericDate range accepted "
                    + "(\(NumericDate.rangeDescription))")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
