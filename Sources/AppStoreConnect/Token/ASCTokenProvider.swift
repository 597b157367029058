public import GatehouseCore
public import GatehouseFoundation
internal import JWT

/// Signs App Store Connect API tokens and reuses each one until it is close to expiry.
///
/// Header `{"alg":"ES256","kid":<key ID>,"typ":"JWT"}`; claims `iss` (the issuer ID of a team key) or
/// `sub: "user"` (an individual key), `iat`, `exp` and `aud: "appstoreconnect-v1"`. Apple refuses a token whose
/// `exp - iat` is over 1,200 s (20 minutes) for the resources this module reads, back-dating included, so:
/// `iat` = now - 60 s (a clock a little fast would otherwise make Apple answer 401), `exp` = now + 900 s, a lifetime
/// of 960 s. A token is reused while at least 120 s of it remain and the clock has not gone back before its `iat`;
/// then the next call signs a new one. Time comes from the injected `TimeSource`.
///
/// An actor: clients on many tasks share one token.
public actor ASCTokenProvider {
    /// The longest `exp - iat` Apple accepts for apps, versions and review submissions: 1,200 s.
    public static let maximumLifetime: TimeInterval = 1_200
    /// How far `iat` is set before now: 60 s.
    public static let backdating: TimeInterval = 60
    /// `exp - iat` of every token: 960 s (60 s back-dating + 900 s ahead), within `maximumLifetime`.
    public static let lifetime: TimeInterval = 960
    /// A cached token is replaced when less than this is left before its `exp`: 120 s, room for a request and
    /// its retries.
    public static let renewalMargin: TimeInterval = 120
    /// The `aud` claim: `appstoreconnect-v1`.
    public static let audience = "appstoreconnect-v1"

    /// The key the tokens are signed with.
    public nonisolated let credentials: ASCCredentials
    private let clock: any TimeSource
    private let signer: JWSSigner
    private var cached: ASCToken?

    /// Creates a provider. Nothing is signed until `token()` is called.
    /// - Parameters:
    ///   - credentials: the API key.
    ///   - clock: where now comes from (default the system clock).
    /// - Throws: `AppStoreConnectError.invalidCredentials` when the key cannot sign ES256.
    public init(credentials: ASCCredentials, clock: any TimeSource = .system) throws {
        self.credentials = credentials
        self.clock = clock
        do {
            signer = try JWSSigner(privateKey: credentials.privateKey, algorithm: .es256, keyID: credentials.keyID)
        } catch let error as JWTError {
            throw AppStoreConnectError(
                .invalidCredentials,
                "the key \(credentials.keyID) cannot sign ES256 tokens (JWTError.\(error.code)); App Store Connect "
                    + "keys are EC P-256")
        }
    }

    /// The current token: the cached one while it has more than `renewalMargin` left, else a new one.
    /// - Returns: the token.
    /// - Throws: `AppStoreConnectError.signingFailed` when signing fails, `.invalidConfiguration` when the clock
    ///   reads a time a JWT cannot carry.
    public func token() throws -> ASCToken {
        try tokenAndFreshness().token
    }

    /// Forgets the cached token, so the next `token()` signs a new one (after a 401 on a reused token).
    public func invalidate() {
        cached = nil
    }

    /// The current token, and whether it was signed by this call.
    func tokenAndFreshness() throws -> (token: ASCToken, isFresh: Bool) {
        let now = clock.now()
        if let cached, cached.issuedAt <= now, now < cached.expiresAt.addingTimeInterval(-Self.renewalMargin) {
            return (cached, false)
        }
        let token = try sign(now: now)
        cached = token
        return (token, true)
    }

    private func sign(now: Date) throws -> ASCToken {
        let seconds = now.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, seconds >= Self.backdating, seconds < 253_402_300_799 - Self.lifetime,
            let iat = Int64(exactly: seconds - Self.backdating)
        else {
            throw AppStoreConnectError(
                .invalidConfiguration,
                "the clock reads \(now.timeIntervalSince1970) s since 1970, which a token's iat and exp cannot "
                    + "carry; set the system clock")
        }
        let exp = iat + Int64(Self.lifetime)
        var members: [JSONObject.Member] = []
        switch credentials.kind {
        case .team(let issuerID): members.append(.init(name: "iss", value: .string(issuerID)))
        case .individual: members.append(.init(name: "sub", value: .string("user")))
        }
        members += [
            .init(name: "iat", value: .number(JSONNumber(iat))),
            .init(name: "exp", value: .number(JSONNumber(exp))),
            .init(name: "aud", value: .string(Self.audience)),
        ]
        let compact: String
        do {
            compact = try signer.sign(
                claimsJSON: Array(JSONValue.object(JSONObject(members: members)).description.utf8))
        } catch let error as JWTError {
            throw AppStoreConnectError(
                .signingFailed,
                "signing a token with key \(credentials.keyID) failed (JWTError.\(error.code)): \(error.reason)")
        }
        return ASCToken(
            compact: compact, keyID: credentials.keyID, issuedAt: Date(timeIntervalSince1970: TimeInterval(iat)),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(exp)))
    }
}
