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
        self.claims = claims
        self.keyID = keyID
        guard let issuer = claims.issuer, let subject = claims.subject, let issuedAt = claims.issuedAt,
            let expiration = claims.expiration
        else {
            throw AppleSignInError(
                .invalidClaim,
                "an Apple identity token carries iss, sub, iat and exp; this one has: "
                    + claims.raw.names.joined(separator: ", "))
        }
        self.issuer = issuer
        self.subject = subject
        self.issuedAt = issuedAt
        self.expiration = expiration
        audience = claims.audience ?? []
        nonce = try Self.string(claims, "nonce")
        email = try Self.string(claims, "email")
        transferSubject = try Self.string(claims, "transfer_sub")
        authorizationCodeHash = try Self.string(claims, "c_hash")
        accessTokenHash = try Self.string(claims, "at_hash")
        nonceSupported = try Self.boolean(claims, "nonce_supported")
        emailVerified = try Self.boolean(claims, "email_verified")
        isPrivateEmail = try Self.boolean(claims, "is_private_email") ?? false
        realUserStatus = try Self.integer(claims, "real_user_status").map { AppleRealUserStatus(rawValue: $0) }
        authenticationTime = try Self.numericDate(claims, "auth_time")
    }

    static func string(_ claims: JWTClaims, _ name: String) throws -> String? {
        guard let value = claims[name], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw AppleSignInError(
                .invalidClaim, "the \"\(name)\" claim is a JSON \(value.typeName) (\(value)); Apple sends a string")
        }
        return text
    }

    /// A Boolean sent as `true`/`false` or, in older tokens, as the strings "true"/"false".
    static func boolean(_ claims: JWTClaims, _ name: String) throws -> Bool? {
        guard let value = claims[name], value != .null else { return nil }
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

    static func integer(_ claims: JWTClaims, _ name: String) throws -> Int? {
        guard let value = claims[name], value != .null else { return nil }
        guard let number = value.numberValue?.int64Value, let integer = Int(exactly: number) else {
            throw AppleSignInError(
                .invalidClaim, "the \"\(name)\" claim is \(value); Apple sends an integer")
        }
        return integer
    }

    /// An integer number of seconds since 1970, within the NumericDate range accepted for `exp` and `iat`.
    static func numericDate(_ claims: JWTClaims, _ name: String) throws -> Date? {
        guard let seconds = try integer(claims, name) else { return nil }
        guard let date = CheckedTime.date(secondsSince1970: Double(seconds)) else {
            throw AppleSignInError(
                .invalidClaim,
                "the \"\(name)\" claim is \(seconds), outside the NumericDate range accepted "
                    + "(\(CheckedTime.numericDateRange)); Apple sends seconds since 1970")
        }
        return date
    }
}
