/// The platform of a certificate or provisioning profile (`BundleIdPlatform`: `IOS`, `MAC_OS`, `UNIVERSAL`,
/// `SERVICES`), a different list from the App Store versions' `ASCPlatform`. A value Apple adds later is kept as its
/// raw string (`isKnown` is then false), never a failure.
public struct ASCBundleIDPlatform: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `IOS`.
    public static let iOS = ASCBundleIDPlatform(rawValue: "IOS")
    /// `MAC_OS`.
    public static let macOS = ASCBundleIDPlatform(rawValue: "MAC_OS")
    /// `UNIVERSAL`.
    public static let universal = ASCBundleIDPlatform(rawValue: "UNIVERSAL")
    /// `SERVICES`: not tied to one platform (Wallet passes, Apple Pay).
    public static let services = ASCBundleIDPlatform(rawValue: "SERVICES")

    /// The values App Store Connect documents (OpenAPI 4.4.1, schema `BundleIdPlatform`).
    public static let knownValues: [ASCBundleIDPlatform] = [.iOS, .macOS, .universal, .services]
}
