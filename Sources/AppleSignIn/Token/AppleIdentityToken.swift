internal import GatehouseCore
public import GatehouseFoundation
public import JWT

/// The claims of a verified Sign in with Apple identity token, typed.
///
/// Apple sends `email_verified` and `is_private_email` as JSON Booleans in newer tokens and as the strings "true" /
/// "false" in older ones; both read as `Bool`. Any other claim stays readable through `claims`.
public struct AppleIdentityToken: Sendable {
    /// `iss`: always `https://appleid.apple.com` once verified.
    public let issuer: String
    /// `sub`: the stable Apple user identifier for your team. Key your accounts on this, never on the email.
    public let subject: String
    /// `aud`: the client ID (bundle ID or Services ID) the token was issued to.
    public let audience: [String]
    /// `iat`.
    public let issuedAt: Date
    /// `exp`.
    public let expiration: Date
    /// `nonce`, when the app sent one.
    public let nonce: String?
    /// `nonce_supported`: whether the platform supports nonces; nil when absent.
    public let nonceSupported: Bool?
    /// `email`: a real address or a private relay address (`@privaterelay.appleid.com`); often only on first login.
    public let email: String?
    /// `email_verified`, from a Boolean or the string "true"/"false"; nil when absent.
    public let emailVerified: Bool?
    /// `is_private_email`, from a Boolean or the string "true"/"false"; false when absent.
    public let isPrivateEmail: Bool
    /// `real_user_status`, when present; values Apple may add later are kept.
    public let realUserStatus: AppleRealUserStatus?
    /// `transfer_sub`: the user's identifier in the team the app was transferred from.
    public let transferSubject: String?
    /// `auth_time`.
    public let authenticationTime: Date?
    /// `c_hash`: half a SHA-256 of the authorization code (OpenID Connect Core 1.0 section 3.3.2.11).
    public let authorizationCodeHash: String?
    /// `at_hash`: half a SHA-256 of the access token (OpenID Connect Core 1.0 section 3.1.3.6).
    public let accessTokenHash: String?
    /// The `kid` of the Apple key that verified the signature.
    public let keyID: String?
    /// Every claim as sent, for claims this type does not name.
    public let claims: JWTClaims

    /// Types the claims of a token whose signature and registered claims were verified.
    /// - Parameters:
    ///   - claims: the verified claims.
    ///   - keyID: the key that verified them.
    /// - Throws: `AppleSignInError.invalidClaim` for a claim of a type Apple never sends, or a time outside
    ///   1970...9999, naming it and its value.
    init(claims: JWTClaims, keyID: String?) throws {
        // Every value is read (and may throw) before the first stored property is set: a throwing init that sets
        // some properties first assembles `self` aside and copies it out whole, on every token verified.
        guard let issuer = claims.issuer, let subject = claims.subject, let issuedAt = claims.issuedAt,
            let expiration = claims.expiration
        else {
            throw AppleSignInError(
                .invalidClaim,
                "an Apple identity token carries iss, sub, iat and exp; this one has: "
                    + claims.raw.names.joined(separator: ", "))
        }
        // One pass over the claims, names compared exactly (ExactString, as every member name is), instead of a scan
        // of every member for each of the ten names below: this runs for every token verified. The parser has
        // refused duplicate names, so the one pass reads what a lookup by name would.
        // Each claim found is kept as its member's index, and the members are read by index: `for member in` would
        // copy (retain and release) every member passed over, on every token verified.
        var nonce: Int?
        var email: Int?
        var transferSubject: Int?
        var authorizationCodeHash: Int?
        var accessTokenHash: Int?
        var nonceSupported: Int?
        var emailVerified: Int?
        var isPrivateEmail: Int?
        var realUserStatus: Int?
        var authenticationTime: Int?
        let members = claims.raw.members
        for index in members.indices {
            let name = members[index].name
            switch name.utf8.count {
            case 5:
                if ExactString.equal(name, "nonce") {
                    nonce = index
                } else if ExactString.equal(name, "email") {
                    email = index
                }
            case 6 where ExactString.equal(name, "c_hash"): authorizationCodeHash = index
            case 7 where ExactString.equal(name, "at_hash"): accessTokenHash = index
            case 9 where ExactString.equal(name, "auth_time"): authenticationTime = index
            case 12 where ExactString.equal(name, "transfer_sub"): transferSubject = index
            case 14 where ExactString.equal(name, "email_verified"): emailVerified = index
            case 15 where ExactString.equal(name, "nonce_supported"): nonceSupported = index
            case 16:
                if ExactString.equal(name, "is_private_email") {
                    isPrivateEmail = index
                } else if ExactString.equal(name, "real_user_status") {
                    realUserStatus = index
                }
            default: break
            }
        }
        func value(_ index: Int?) -> JSONValue? { index.map { members[$0].value } }
        let nonceText = try Self.string(value(nonce), "nonce")
        let emailText = try Self.string(value(email), "email")
        let transferSubjectText = try Self.string(value(transferSubject), "transfer_sub")
        let authorizationCodeHashText = try Self.string(value(authorizationCodeHash), "c_hash")
        let accessTokenHashText = try Self.string(value(accessTokenHash), "at_hash")
        let nonceSupportedFlag = try Self.boolean(value(nonceSupported), "nonce_supported")
        let emailVerifiedFlag = try Self.boolean(value(emailVerified), "email_verified")
        let isPrivateEmailFlag = try Self.boolean(value(isPrivateEmail), "is_private_email") ?? false
        let realUserStatusValue = try Self.integer(value(realUserStatus), "real_user_status").map {
            AppleRealUserStatus(rawValue: $0)
        }
        let authenticationTimeDate = try Self.numericDate(value(authenticationTime), "auth_time")
        self.issuer = issuer
        self.subject = subject
        self.issuedAt = issuedAt
        self.expiration = expiration
        self.audience = claims.audience ?? []
        self.nonce = nonceText
        self.email = emailText
        self.transferSubject = transferSubjectText
        self.authorizationCodeHash = authorizationCodeHashText
        self.accessTokenHash = accessTokenHashText
        self.nonceSupported = nonceSupportedFlag
        self.emailVerified = emailVerifiedFlag
        self.isPrivateEmail = isPrivateEmailFlag
        self.realUserStatus = realUserStatusValue
        self.authenticationTime = authenticationTimeDate
        self.keyID = keyID
        self.claims = claims
    }

    /// A string claim's value; nil when absent or null.
    static func string(_ value: JSONValue?, _ name: String) throws -> String? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw AppleSignInError(
                .invalidClaim, "the \"\(name)\" claim is a JSON \(value.typeName) (\(value)); Apple sends a string")
        }
        return text
    }

    /// A Boolean sent as `true`/`false` or, in older tokens, as the strings "true"/"false"; nil when absent or null.
    static func boolean(_ value: JSONValue?, _ name: String) throws -> Bool? {
        guard let value, !value.isNull else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default:
            throw AppleSignInError(
                .invalidClaim,
                "the \"\(name)\" claim is \(value); Apple sends a Boolean or the string \"true\" or \"false\"")
        }
    }

    /// An integer claim's value; nil when absent or null.
    static func integer(_ value: JSONValue?, _ name: String) throws -> Int? {
        guard let value, !value.isNull else { return nil }
        guard let number = value.numberValue?.int64Value, let integer = Int(exactly: number) else {
            throw AppleSignInError(
                .invalidClaim, "the \"\(name)\" claim is \(value); Apple sends an integer")
        }
        return integer
    }

    /// An integer number of seconds since 1970, within the NumericDate range accepted for `exp` and `iat`.
    static func numericDate(_ value: JSONValue?, _ name: String) throws -> Date? {
        guard let seconds = try integer(value, name) else { return nil }
        guard let date = CheckedTime.date(secondsSince1970: Double(seconds)) else {
            throw AppleSignInError(
                .invalidClaim,
                "the \"\(name)\" claim is \(seconds), outside the NumericDate range accepted "
                    + "(\(CheckedTime.numericDateRange)); Apple sends seconds since 1970")
        }
        return date
    }
}

extension JSONValue {
    /// Whether this is JSON `null`: a pattern match, where `!= .null` would run the synthesized equality.
    fileprivate var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
