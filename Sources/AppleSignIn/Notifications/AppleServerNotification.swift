public import GatehouseFoundation
public import JWT

/// A verified Sign in with Apple server-to-server notification: the JWT Apple POSTs in the `payload` field of a
/// JSON body to the endpoint registered for your Services ID.
public struct AppleServerNotification: Sendable {
    /// The event.
    public let event: AppleServerNotificationEvent
    /// `jti`: unique per notification; use it to ignore a redelivery.
    public let jwtID: String?
    /// `iat`.
    public let issuedAt: Date?
    /// `aud`: your client ID.
    public let audience: [String]
    /// The `kid` of the Apple key that verified the signature.
    public let keyID: String?
    /// Every claim as sent.
    public let claims: JWTClaims

    /// Types verified claims.
    /// - Throws: `AppleSignInError.invalidNotification` when `events` is missing or does not decode.
    init(claims: JWTClaims, keyID: String?) throws {
        guard let events = claims["events"] else {
            throw AppleSignInError(
                .invalidNotification,
                "the token has no \"events\" claim, so it is not a server-to-server notification; claims: "
                    + claims.raw.names.joined(separator: ", "))
        }
        switch events {
        case .string(let text):
            event = try AppleServerNotificationEvent(eventsJSON: text)
        case .object:
            // Apple documents a string; an object is accepted as the same content, read the same way.
            event = try AppleServerNotificationEvent(eventsJSON: events.description)
        default:
            throw AppleSignInError(
                .invalidNotification,
                "the \"events\" claim is a JSON \(events.typeName); Apple sends a string holding a JSON object")
        }
        jwtID = claims.jwtID
        issuedAt = claims.issuedAt
        audience = claims.audience ?? []
        self.keyID = keyID
        self.claims = claims
    }

    /// The JWT from the body Apple POSTs: `{"payload":"<JWT>"}`.
    /// - Parameter body: the request body.
    /// - Returns: the compact JWT, not yet verified.
    /// - Throws: `AppleSignInError.invalidNotification` when the body is not such a JSON object.
    static func payloadToken(fromBody body: some Collection<UInt8>) throws -> String {
        let value: JSONValue
        do {
            value = try JSONValue.parse(body, maxNestingDepth: 8, maxBytes: 64 * 1024)
        } catch let error as JWTError {
            throw AppleSignInError(
                .invalidNotification, "the notification body is not JSON: \(error.reason)", jwtError: error)
        } catch {
            throw AppleSignInError(.invalidNotification, "the notification body is not JSON: \(error)")
        }
        guard let payload = value["payload"]?.stringValue else {
            let names = value.objectValue?.names.joined(separator: ", ") ?? "not an object"
            throw AppleSignInError(
                .invalidNotification,
                "the notification body has no string \"payload\" member holding the JWT (members: \(names))")
        }
        return payload
    }
}
