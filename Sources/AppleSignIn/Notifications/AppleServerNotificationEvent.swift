internal import GatehouseCore
public import GatehouseFoundation
import JWT

/// One event of a Sign in with Apple server-to-server notification: the decoded `events` claim.
public struct AppleServerNotificationEvent: Sendable, Hashable {
    /// The event type. Types Apple may add later are kept, not refused.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The `type` string as sent.
        public let rawValue: String

        /// Wraps a type string.
        /// - Parameter rawValue: the `type` member.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `email-disabled`: the user stopped forwarding from their private relay address.
        public static let emailDisabled = Kind(rawValue: "email-disabled")
        /// `email-enabled`: the user resumed forwarding from their private relay address.
        public static let emailEnabled = Kind(rawValue: "email-enabled")
        /// `consent-revoked`: the user stopped using Sign in with Apple with your app; sign them out.
        public static let consentRevoked = Kind(rawValue: "consent-revoked")
        /// `account-delete`: the user deleted their Apple Account; delete or unlink their data.
        public static let accountDelete = Kind(rawValue: "account-delete")

        /// Whether this is one of the four types Apple documents.
        public var isKnown: Bool {
            [Self.emailDisabled, .emailEnabled, .consentRevoked, .accountDelete].contains(self)
        }

        public var description: String { rawValue }

        /// Types are the same when their code points are (`ExactString`), not by `String.==`.
        public static func == (lhs: Kind, rhs: Kind) -> Bool { ExactString.equal(lhs.rawValue, rhs.rawValue) }

        public func hash(into hasher: inout Hasher) { hasher.combine(ExactString(rawValue)) }
    }

    /// `type`.
    public let kind: Kind
    /// `sub`: the Apple user identifier the event is about.
    public let subject: String
    /// `event_time` (milliseconds since 1970 in the claim); always within 1970...9999.
    public let eventTime: Date?
    /// `email`, for the email events.
    public let email: String?
    /// `is_private_email` from a Boolean or the string "true"/"false"; nil when absent.
    public let isPrivateEmail: Bool?

    /// Decodes the `events` claim, a JSON string holding a JSON object.
    /// - Parameter eventsJSON: the claim's string value.
    /// - Throws: `AppleSignInError.invalidNotification` naming what is missing or mistyped; `.invalidClaim` for an
    ///   `event_time` outside 1970...9999.
    init(eventsJSON: String) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(eventsJSON.utf8), maxNestingDepth: 16, maxBytes: 64 * 1024)
        } catch let error as JWTError {
            throw AppleSignInError(
                .invalidNotification, "the \"events\" claim is not a JSON text: \(error.reason)", jwtError: error)
        }
        guard case .object(let object) = value else {
            throw AppleSignInError(
                .invalidNotification, "the \"events\" claim holds a JSON \(value.typeName); Apple sends an object")
        }
        guard let type = object["type"]?.stringValue else {
            throw AppleSignInError(
                .invalidNotification,
                "the \"events\" object has no string \"type\"; members: " + object.names.joined(separator: ", "))
        }
        guard let subject = object["sub"]?.stringValue else {
            throw AppleSignInError(
                .invalidNotification,
                "the \"events\" object has no string \"sub\"; members: " + object.names.joined(separator: ", "))
        }
        kind = Kind(rawValue: type)
        self.subject = subject
        switch object["event_time"] {
        case .number(let number)?:
            // Range-checked before it becomes a Date: every consumer may then turn it into whole seconds.
            guard let time = CheckedTime.date(millisecondsSince1970: number.doubleValue) else {
                throw AppleSignInError(
                    .invalidClaim,
                    "the event's \"event_time\" is \(number.text) ms, outside the range accepted (0 ... "
                        + "253402300799999 ms since 1970, 1970 to 9999, as for a NumericDate; RFC 7519 section 2); "
                        + "Apple sends the time of the event in milliseconds since 1970")
            }
            eventTime = time
        case nil, .null?:
            eventTime = nil
        case let other?:
            throw AppleSignInError(
                .invalidNotification, "the event's \"event_time\" is \(other); Apple sends milliseconds as a number")
        }
        email = object["email"]?.stringValue
        switch object["is_private_email"] {
        case .bool(let flag)?: isPrivateEmail = flag
        case .string("true")?: isPrivateEmail = true
        case .string("false")?: isPrivateEmail = false
        case nil, .null?: isPrivateEmail = nil
        case let other?:
            throw AppleSignInError(
                .invalidNotification,
                "the event's \"is_private_email\" is \(other); Apple sends a Boolean or \"true\"/\"false\"")
        }
    }
}
