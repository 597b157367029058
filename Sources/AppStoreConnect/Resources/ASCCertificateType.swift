/// The kind of a signing certificate (`certificateType`): what it signs. A value Apple adds later is kept as its raw
/// string (`isKnown` is then false), never a failure.
public struct ASCCertificateType: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `APPLE_PAY`.
    public static let applePay = ASCCertificateType(rawValue: "APPLE_PAY")
    /// `APPLE_PAY_MERCHANT_IDENTITY`.
    public static let applePayMerchantIdentity = ASCCertificateType(rawValue: "APPLE_PAY_MERCHANT_IDENTITY")
    /// `APPLE_PAY_PSP_IDENTITY`.
    public static let applePayPSPIdentity = ASCCertificateType(rawValue: "APPLE_PAY_PSP_IDENTITY")
    /// `APPLE_PAY_RSA`.
    public static let applePayRSA = ASCCertificateType(rawValue: "APPLE_PAY_RSA")
    /// `DEVELOPER_ID_KEXT`.
    public static let developerIDKext = ASCCertificateType(rawValue: "DEVELOPER_ID_KEXT")
    /// `DEVELOPER_ID_KEXT_G2`.
    public static let developerIDKextG2 = ASCCertificateType(rawValue: "DEVELOPER_ID_KEXT_G2")
    /// `DEVELOPER_ID_APPLICATION`: signs Mac apps distributed outside the Mac App Store.
    public static let developerIDApplication = ASCCertificateType(rawValue: "DEVELOPER_ID_APPLICATION")
    /// `DEVELOPER_ID_APPLICATION_G2`.
    public static let developerIDApplicationG2 = ASCCertificateType(rawValue: "DEVELOPER_ID_APPLICATION_G2")
    /// `DEVELOPMENT`: Apple Development, every platform.
    public static let development = ASCCertificateType(rawValue: "DEVELOPMENT")
    /// `DISTRIBUTION`: Apple Distribution, every platform (App Store and ad hoc).
    public static let distribution = ASCCertificateType(rawValue: "DISTRIBUTION")
    /// `IDENTITY_ACCESS`.
    public static let identityAccess = ASCCertificateType(rawValue: "IDENTITY_ACCESS")
    /// `IOS_DEVELOPMENT`.
    public static let iOSDevelopment = ASCCertificateType(rawValue: "IOS_DEVELOPMENT")
    /// `IOS_DISTRIBUTION`.
    public static let iOSDistribution = ASCCertificateType(rawValue: "IOS_DISTRIBUTION")
    /// `MAC_APP_DISTRIBUTION`.
    public static let macAppDistribution = ASCCertificateType(rawValue: "MAC_APP_DISTRIBUTION")
    /// `MAC_INSTALLER_DISTRIBUTION`.
    public static let macInstallerDistribution = ASCCertificateType(rawValue: "MAC_INSTALLER_DISTRIBUTION")
    /// `MAC_APP_DEVELOPMENT`.
    public static let macAppDevelopment = ASCCertificateType(rawValue: "MAC_APP_DEVELOPMENT")
    /// `PASS_TYPE_ID`: signs Wallet passes.
    public static let passTypeID = ASCCertificateType(rawValue: "PASS_TYPE_ID")
    /// `PASS_TYPE_ID_WITH_NFC`.
    public static let passTypeIDWithNFC = ASCCertificateType(rawValue: "PASS_TYPE_ID_WITH_NFC")

    /// The 18 values App Store Connect documents (OpenAPI 4.4.1, schema `CertificateType`); the values the client
    /// may send in `filter[certificateType]`.
    public static let knownValues: [ASCCertificateType] = [
        .applePay, .applePayMerchantIdentity, .applePayPSPIdentity, .applePayRSA, .developerIDKext,
        .developerIDKextG2, .developerIDApplication, .developerIDApplicationG2, .development, .distribution,
        .identityAccess, .iOSDevelopment, .iOSDistribution, .macAppDistribution, .macInstallerDistribution,
        .macAppDevelopment, .passTypeID, .passTypeIDWithNFC,
    ]
}
