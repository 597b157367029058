import Foundation
import JWT

/// How the fake App Store Connect server judges a bearer token, as Apple documents it: ES256, header `kid` of a
/// known key and `typ` JWT, a signature that verifies with that key's public half, `aud` `appstoreconnect-v1`,
/// `iat` and `exp` present with `exp - iat` at most 1,200 s, not expired and not issued in the future (60 s of
/// tolerance), and `iss` the key's issuer ID (team key) or `sub` "user" (individual key).
public struct FakeASCTokenCheck: Sendable {
    /// A key the server knows: its ID, its public half, and the issuer ID of a team key (nil: individual key).
    public struct Key: Sendable {
        /// The key ID (`kid`).
        public var keyID: String
        /// The public half of the `.p8` key.
        public var publicKey: PublicKey
        /// The issuer ID of a team key; nil for an individual key.
        public var issuerID: String?

        /// Creates a key; see the properties.
        public init(keyID: String, publicKey: PublicKey, issuerID: String?) {
            self.keyID = keyID
            self.publicKey = publicKey
            self.issuerID = issuerID
        }
    }

    /// The longest `exp - iat` accepted: 1,200 s.
    public static let maximumLifetime: Int64 = 1_200

    /// The keys accepted.
    public let keys: [Key]

    /// A check accepting these keys.
    /// - Parameter keys: the keys.
    public init(keys: [Key]) { self.keys = keys }

    /// Judges an `Authorization` header value.
    /// - Parameters:
    ///   - authorization: the header's value, or nil when absent.
    ///   - now: the server's time.
    /// - Returns: nil when the token is good, else why it is refused.
    public func refusal(authorization: String?, now: Date) -> String? {
        guard let authorization, authorization.hasPrefix("Bearer ") else {
            return "no Authorization: Bearer header"
        }
        let token = String(authorization.dropFirst("Bearer ".count))
        let header: JWSHeader
        do {
            header = try UnverifiedJWT.inspect(token).header
        } catch {
            return "the token does not parse: \(error)"
        }
        guard header.algorithmName == "ES256" else { return "alg is \(header.algorithmName), not ES256" }
        guard header.type == "JWT" else { return "typ is \(header.type ?? "absent"), not JWT" }
        guard let kid = header.keyID else { return "the header has no kid" }
        guard let key = keys.first(where: { $0.keyID == kid }) else {
            return "kid \(kid) is not a key of this account (keys: \(keys.map(\.keyID).joined(separator: ", ")))"
        }
        let verified: VerifiedJWT
        do {
            let options = try JWTValidationOptions(
                audience: .oneOf(["appstoreconnect-v1"]), allowedAlgorithms: [.es256], issuer: key.issuerID,
                requiredClaims: ["exp", "iat", "aud"], leeway: 0, maximumFutureIssuedAt: 60)
            let verifier = JWTVerifier(
                keySet: JWKSet(keys: [JWK(publicKey: key.publicKey, keyID: kid, algorithm: .es256)]), options: options)
            verified = try verifier.verify(token, now: now)
        } catch let error as JWTError {
            return "JWTError.\(error.code): \(error.reason)"
        } catch {
            return "\(error)"
        }
        guard let iat = verified.claims["iat"]?.numberValue?.int64Value,
            let exp = verified.claims["exp"]?.numberValue?.int64Value
        else { return "iat or exp is not an integer" }
        guard exp - iat <= Self.maximumLifetime else {
            return "exp - iat is \(exp - iat) s, over \(Self.maximumLifetime) s"
        }
        if key.issuerID == nil {
            guard verified.claims.subject == "user" else {
                return "an individual key's token needs sub \"user\", got \(verified.claims.subject ?? "none")"
            }
            guard verified.claims.issuer == nil else { return "an individual key's token has an iss" }
        }
        return nil
    }
}
