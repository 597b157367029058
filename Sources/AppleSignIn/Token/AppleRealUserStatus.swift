/// Apple's `real_user_status` claim: how likely it is that the user is a real person (0, 1 or 2).
///
/// Values Apple may add later are kept, not refused: `isKnown` is false for them.
public struct AppleRealUserStatus: Sendable, Hashable, CustomStringConvertible {
    /// The value as sent.
    public let rawValue: Int

    /// Wraps a value.
    /// - Parameter rawValue: the claim's integer.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0: the platform does not support the check (not iOS 14 or later, or a web sign-in).
    public static let unsupported = AppleRealUserStatus(rawValue: 0)
    /// 1: Apple cannot tell; treat like a new user of unknown standing, not as a bot.
    public static let unknown = AppleRealUserStatus(rawValue: 1)
    /// 2: the user is likely real.
    public static let likelyReal = AppleRealUserStatus(rawValue: 2)

    /// Whether the value is one Apple documents (0, 1, 2).
    public var isKnown: Bool { (0...2).contains(rawValue) }

    public var description: String {
        switch rawValue {
        case 0: "unsupported (0)"
        case 1: "unknown (1)"
        case 2: "likely real (2)"
        default: "unrecognised value (\(rawValue))"
        }
    }
}
