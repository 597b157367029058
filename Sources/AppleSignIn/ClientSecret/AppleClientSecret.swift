public import GatehouseFoundation
public import JWT

/// Makes the `client_secret` Apple's token endpoint takes: an ES256 JWT signed with your `.p8` AuthKey.
///
/// Header `alg` ES256 and `kid` the Key ID; claims `iss` your Team ID, `sub` the client ID (the bundle ID for
/// codes from your app, the Services ID for the web), `aud` `https://appleid.apple.com`, `iat` and `exp`. The
/// signature is the raw 64-byte r‖s (RFC 7518 section 3.4), never DER. Apple refuses lifetimes over 15,777,000 s
/// (six months), so they are refused here first.
public struct AppleClientSecret: Sendable {
    /// The longest lifetime Apple accepts: 15,777,000 s (six months).
    public static let maximumLifetime: TimeInterval = 15_777_000
    /// The default lifetime: 180 days (15,552,000 s).
    public static let defaultLifetime: TimeInterval = 180 * 86_400
    /// The `aud` Apple requires.
    public static let audience = "https://appleid.apple.com"

    /// The Key ID of the `.p8` key (header `kid`).
    public let keyID: String
    /// The Team ID (`iss`).
    public let teamID: String
    /// The client ID (`sub`).
    public let clientID: String
    private let signer: JWSSigner

    /// A maker from a `.p8` file's text.
    /// - Parameters:
    ///   - p8PEM: the contents of `AuthKey_<KeyID>.p8` (PKCS#8 PEM of an EC P-256 key).
    ///   - keyID: the Key ID shown with the key in the developer account.
    ///   - teamID: your Team ID.
    ///   - clientID: the bundle ID or Services ID the secret is for.
    /// - Throws: `AppleSignInError.invalidPrivateKey` for a key that does not read or is not P-256;
    ///   `.invalidConfiguration` for an empty ID.
    public init(p8PEM: String, keyID: String, teamID: String, clientID: String) throws {
        let key: PrivateKey
        do {
            key = try PrivateKey(pemRepresentation: p8PEM)
        } catch let error as JWTError {
            throw AppleSignInError(
                .invalidPrivateKey, "the .p8 key does not read: \(error.reason)", jwtError: error)
        }
        try self.init(privateKey: key, keyID: keyID, teamID: teamID, clientID: clientID)
    }

    /// A maker from a private key already read.
    /// - Parameters:
    ///   - privateKey: an EC P-256 private key.
    ///   - keyID: the private key's Key ID, as Apple's developer account shows it (the JWT's `kid`).
    ///   - teamID: your Team ID.
    ///   - clientID: the bundle ID or Services ID.
    /// - Throws: `AppleSignInError.invalidPrivateKey` for a key that is not P-256; `.invalidConfiguration` for an
    ///   empty ID.
    public init(privateKey: PrivateKey, keyID: String, teamID: String, clientID: String) throws {
        for (name, value) in [("key ID", keyID), ("team ID", teamID), ("client ID", clientID)] where value.isEmpty {
            throw AppleSignInError(.invalidConfiguration, "the \(name) of the client secret is empty")
        }
        do {
            signer = try JWSSigner(privateKey: privateKey, algorithm: .es256, keyID: keyID)
        } catch let error as JWTError {
            throw AppleSignInError(
                .invalidPrivateKey,
                "the key is \(privateKey.kind); Apple client secrets are ES256, signed with the EC P-256 key of "
                    + "an AuthKey_<KeyID>.p8 file (\(error.reason))", jwtError: error)
        }
        self.keyID = keyID
        self.teamID = teamID
        self.clientID = clientID
    }

    /// Signs a client secret.
    /// - Parameters:
    ///   - issuedAt: `iat`, normally now.
    ///   - lifetime: seconds until `exp`; default 180 days, at most 15,777,000.
    /// - Returns: the compact JWT.
    /// - Throws: `AppleSignInError.invalidClientSecretLifetime` for a lifetime not in 1...15,777,000 s;
    ///   `.invalidConfiguration` for an `issuedAt` that puts `iat` or `exp` outside 1970...9999; `.signingFailed`.
    public func make(issuedAt: Date, lifetime: TimeInterval = defaultLifetime) throws -> String {
        guard lifetime >= 1, lifetime <= Self.maximumLifetime, let seconds = CheckedTime.wholeSeconds(lifetime) else {
            let days = CheckedTime.wholeSeconds(lifetime).map { " (\($0 / 86_400) days)" } ?? ""
            throw AppleSignInError(
                .invalidClientSecretLifetime,
                "the client secret lifetime is \(CheckedTime.describe(lifetime)) s\(days); Apple accepts "
                    + "1 to 15,777,000 s (six months, about 182 days) and answers invalid_client otherwise")
        }
        let time = issuedAt.timeIntervalSince1970.rounded(.down)
        guard CheckedTime.date(secondsSince1970: time) != nil,
            CheckedTime.date(secondsSince1970: time + Double(seconds)) != nil, let iat = CheckedTime.wholeSeconds(time)
        else {
            throw AppleSignInError(
                .invalidConfiguration,
                "the client secret's issue time is \(CheckedTime.describe(time)) s since 1970; with a lifetime of "
                    + "\(seconds) s its iat and exp must both lie in \(CheckedTime.numericDateRange); pass the "
                    + "current time")
        }
        let claims = JSONObject(members: [
            .init(name: "iss", value: .string(teamID)),
            .init(name: "iat", value: .number(JSONNumber(iat))),
            .init(name: "exp", value: .number(JSONNumber(iat + seconds))),
            .init(name: "aud", value: .string(Self.audience)),
            .init(name: "sub", value: .string(clientID)),
        ])
        do {
            return try signer.sign(claimsJSON: Array(JSONValue.object(claims).description.utf8))
        } catch let error as JWTError {
            throw AppleSignInError(.signingFailed, "signing the client secret failed: \(error.reason)", jwtError: error)
        }
    }
}
