/// A platform as App Store Connect names it (`IOS`, `MAC_OS`, `TV_OS`, `VISION_OS`). A value Apple adds later is
/// kept as its raw string (`isKnown` is then false), never a failure. There is no watchOS value: watch apps ship
/// inside the iOS version.
public struct ASCPlatform: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `IOS`.
    public static let iOS = ASCPlatform(rawValue: "IOS")
    /// `MAC_OS`.
    public static let macOS = ASCPlatform(rawValue: "MAC_OS")
    /// `TV_OS`.
    public static let tvOS = ASCPlatform(rawValue: "TV_OS")
    /// `VISION_OS`.
    public static let visionOS = ASCPlatform(rawValue: "VISION_OS")

    /// The values App Store Connect documents (OpenAPI 4.4.1, schema `Platform`).
    public static let knownValues: [ASCPlatform] = [.iOS, .macOS, .tvOS, .visionOS]
}
