/// The kind of a provisioning profile (`profileType`): platform and distribution method. A value Apple adds later is
/// kept as its raw string (`isKnown` is then false), never a failure.
public struct ASCProfileType: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `IOS_APP_DEVELOPMENT`.
    public static let iOSAppDevelopment = ASCProfileType(rawValue: "IOS_APP_DEVELOPMENT")
    /// `IOS_APP_STORE`.
    public static let iOSAppStore = ASCProfileType(rawValue: "IOS_APP_STORE")
    /// `IOS_APP_ADHOC`.
    public static let iOSAppAdHoc = ASCProfileType(rawValue: "IOS_APP_ADHOC")
    /// `IOS_APP_INHOUSE`.
    public static let iOSAppInHouse = ASCProfileType(rawValue: "IOS_APP_INHOUSE")
    /// `MAC_APP_DEVELOPMENT`.
    public static let macAppDevelopment = ASCProfileType(rawValue: "MAC_APP_DEVELOPMENT")
    /// `MAC_APP_STORE`.
    public static let macAppStore = ASCProfileType(rawValue: "MAC_APP_STORE")
    /// `MAC_APP_DIRECT`.
    public static let macAppDirect = ASCProfileType(rawValue: "MAC_APP_DIRECT")
    /// `TVOS_APP_DEVELOPMENT`.
    public static let tvOSAppDevelopment = ASCProfileType(rawValue: "TVOS_APP_DEVELOPMENT")
    /// `TVOS_APP_STORE`.
    public static let tvOSAppStore = ASCProfileType(rawValue: "TVOS_APP_STORE")
    /// `TVOS_APP_ADHOC`.
    public static let tvOSAppAdHoc = ASCProfileType(rawValue: "TVOS_APP_ADHOC")
    /// `TVOS_APP_INHOUSE`.
    public static let tvOSAppInHouse = ASCProfileType(rawValue: "TVOS_APP_INHOUSE")
    /// `MAC_CATALYST_APP_DEVELOPMENT`.
    public static let macCatalystAppDevelopment = ASCProfileType(rawValue: "MAC_CATALYST_APP_DEVELOPMENT")
    /// `MAC_CATALYST_APP_STORE`.
    public static let macCatalystAppStore = ASCProfileType(rawValue: "MAC_CATALYST_APP_STORE")
    /// `MAC_CATALYST_APP_DIRECT`.
    public static let macCatalystAppDirect = ASCProfileType(rawValue: "MAC_CATALYST_APP_DIRECT")

    /// The values App Store Connect documents (OpenAPI 4.4.1, `Profile.attributes.profileType`).
    public static let knownValues: [ASCProfileType] = [
        .iOSAppDevelopment, .iOSAppStore, .iOSAppAdHoc, .iOSAppInHouse, .macAppDevelopment, .macAppStore,
        .macAppDirect, .tvOSAppDevelopment, .tvOSAppStore, .tvOSAppAdHoc, .tvOSAppInHouse,
        .macCatalystAppDevelopment, .macCatalystAppStore, .macCatalystAppDirect,
    ]
}
