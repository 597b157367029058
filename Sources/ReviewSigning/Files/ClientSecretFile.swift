import AppleSignIn
public import GatehouseFoundation
import JWT

/// A Sign in with Apple client secret the tracker watches: the ES256 JWT that `jwtcheck apple client-secret` (or
/// `AppleClientSecret`) makes and a server sends to Apple's token endpoint, read with `UnverifiedJWT`.
///
/// Nothing of it is verified (the tracker has no use for the key): it is read for its dates and names only.
public struct ClientSecretFile: Sendable, Equatable {
    /// The longest lifetime Apple accepts, `exp - iat` at most 15,777,000 s (six months): `AppleClientSecret`'s.
    public static let appleMaximumLifetime: TimeInterval = AppleClientSecret.maximumLifetime

    /// The client ID (`sub`): the bundle ID or Services ID the secret is for, and the name shown for it.
    public let clientID: String
    /// The Key ID of the `.p8` key that signed it (header `kid`).
    public let keyID: String
    /// The Team ID (`iss`), when present.
    public let teamID: String?
    /// The audience (`aud`), when present.
    public let audience: [String]?
    /// When it was made (`iat`), to the second, UTC, when present.
    public let issuedAt: Date?
    /// When it expires (`exp`), to the second, UTC.
    public let expires: Date
    /// `exp - iat` in seconds, when `iat` is present.
    public let lifetime: TimeInterval?

    /// Whether `exp - iat` is over Apple's ceiling (`appleMaximumLifetime`): Apple answers `invalid_client` to such a
    /// secret however long before `exp` it is sent.
    public var exceedsAppleMaximumLifetime: Bool { (lifetime ?? 0) > Self.appleMaximumLifetime }

    /// Whether `aud` names Apple (`https://appleid.apple.com`), which Apple requires.
    public var hasAppleAudience: Bool { audience?.contains(AppleClientSecret.audience) ?? false }

    /// One line for the DETAIL column: the client ID, the key, the team, the lifetime, and what Apple would refuse
    /// (a lifetime over six months, named with the ceiling; an audience that is not Apple's).
    public var detail: String {
        var parts = ["client ID \(clientID)", "key \(keyID)"]
        if let teamID { parts.append("team \(teamID)") }
        if let lifetime {
            let days = lifetime / 86_400
            let text =
                days == days.rounded() && abs(days) < 1e6
                ? "lifetime \(Int(days)) days" : "lifetime \(Self.seconds(lifetime)) s (about \(Int(days)) days)"
            parts.append(text)
            if exceedsAppleMaximumLifetime {
                parts.append(
                    "over Apple's six-month ceiling (\(Self.seconds(Self.appleMaximumLifetime)) s): Apple refuses it")
            }
        } else {
            parts.append("no iat, so its lifetime is unknown")
        }
        if !hasAppleAudience { parts.append("aud is not \(AppleClientSecret.audience): Apple refuses it") }
        return parts.joined(separator: ", ")
    }

    /// Reads a client secret from its text.
    /// - Parameters:
    ///   - token: the compact JWS, surrounding whitespace removed.
    ///   - what: the file, for messages.
    /// - Throws: `SigningError.invalidClientSecret` for a token that does not parse, an `alg` other than ES256, no
    ///   `sub` or no `kid`; `.clientSecretWithoutExpiry` for one without `exp`.
    init(token: String, what: String) throws(SigningError) {
        let jwt: UnverifiedJWT
        do {
            jwt = try UnverifiedJWT(parsing: token)
        } catch let error as JWTError {
            throw SigningError(.invalidClientSecret, "\(what) is a compact JWS that does not read: \(error.reason)")
        } catch {
            throw SigningError(.invalidClientSecret, "\(what) is a compact JWS that does not read: \(error)")
        }
        guard jwt.header.algorithm == .es256 else {
            throw SigningError(
                .invalidClientSecret,
                "\(what) is signed with alg \"\(jwt.header.algorithmName)\"; a Sign in with Apple client secret is "
                    + "ES256")
        }
        guard let expiration = jwt.claims.expiration else {
            throw SigningError(
                .clientSecretWithoutExpiry,
                "\(what) has no exp claim, so it has no expiry to watch; Apple requires exp (at most six months "
                    + "after iat)")
        }
        guard let subject = jwt.claims.subject, !subject.isEmpty else {
            throw SigningError(
                .invalidClientSecret, "\(what) has no sub claim; a client secret's sub is the client ID it is for")
        }
        guard let keyID = jwt.header.keyID, !keyID.isEmpty else {
            throw SigningError(
                .invalidClientSecret, "\(what) has no kid in its header; Apple needs it to find the signing key")
        }
        clientID = subject
        self.keyID = keyID
        teamID = jwt.claims.issuer
        audience = jwt.claims.audience
        expires = Date(timeIntervalSince1970: expiration.timeIntervalSince1970.rounded(.down))
        issuedAt = jwt.claims.issuedAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        lifetime = jwt.claims.issuedAt.map { expiration.timeIntervalSince($0) }
    }

    /// Seconds with thousands separators: `15,777,000`.
    private static func seconds(_ value: TimeInterval) -> String {
        let digits = String(Int64(value.rounded(.towardZero)).magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}
