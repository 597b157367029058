import GatehouseFoundation
import JWT

/// A verified signed `AppTransaction`: the app's own purchase, as StoreKit 2 gives it. Its environment is its
/// `receiptType`; its signing date is `receiptCreationDate`.
public struct AppTransaction: Sendable, Hashable {
    /// The environment ("Production", "Sandbox", "Xcode").
    public let receiptType: AppStoreEnvironment?
    /// The app's Apple id (production only).
    public let appAppleID: Int64?
    /// The app's bundle ID.
    public let bundleID: String?
    /// The app version the transaction is for.
    public let applicationVersion: String?
    /// The app version's external identifier.
    public let versionExternalIdentifier: Int64?
    /// When the App Store signed the data: the offline validation time.
    public let receiptCreationDate: Date?
    /// When the user first bought or downloaded the app.
    public let originalPurchaseDate: Date?
    /// The version the user first bought.
    public let originalApplicationVersion: String?
    /// The device verification value, base64.
    public let deviceVerification: String?
    /// The UUID used to compute `deviceVerification`.
    public let deviceVerificationNonce: String?
    /// When the user pre-ordered the app.
    public let preorderDate: Date?
    /// The app download transaction's id.
    public let appTransactionID: String?
    /// The platform of the original purchase ("iOS", "macOS"...).
    public let originalPlatform: String?
    /// The whole payload.
    public let raw: JSONObject

    init(_ object: JSONObject) throws(AppStoreServerError) {
        let reader = PayloadReader(object: object, what: "the AppTransaction")
        receiptType = try reader.environment("receiptType")
        appAppleID = try reader.int64("appAppleId")
        bundleID = try reader.string("bundleId")
        applicationVersion = try reader.string("applicationVersion")
        versionExternalIdentifier = try reader.int64("versionExternalIdentifier")
        receiptCreationDate = try reader.date("receiptCreationDate")
        originalPurchaseDate = try reader.date("originalPurchaseDate")
        originalApplicationVersion = try reader.string("originalApplicationVersion")
        deviceVerification = try reader.string("deviceVerification")
        deviceVerificationNonce = try reader.string("deviceVerificationNonce")
        preorderDate = try reader.date("preorderDate")
        appTransactionID = try reader.string("appTransactionId")
        originalPlatform = try reader.string("originalPlatform")
        raw = object
    }
}
