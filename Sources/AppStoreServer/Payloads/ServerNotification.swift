import GatehouseFoundation
import JWT

/// A verified App Store Server Notification V2 `signedPayload` (Apple's `ResponseBodyV2DecodedPayload`), with its
/// nested signed data verified and decoded: `data.transaction`, `data.renewalInfo`, `appData.appTransaction`.
///
/// A notification has one of `data`, `summary`, `externalPurchaseToken` or `appData`, by its `notificationType`.
/// Deduplicate by `notificationUUID`: Apple retries a delivery it did not see answered with 2xx.
public struct ServerNotification: Sendable, Hashable {
    /// The notification's type ("SUBSCRIBED", "DID_RENEW", "TEST"...); a type Apple adds later is kept as written.
    public let notificationType: String?
    /// Its subtype ("INITIAL_BUY", "AUTO_RENEW_DISABLED"...), if any.
    public let subtype: String?
    /// The notification's unique id: the key to store it once by.
    public let notificationUUID: String?
    /// The notification version ("2.0").
    public let version: String?
    /// When the App Store signed it: the offline validation time (some early V2 notifications have none).
    public let signedDate: Date?
    /// The app and its transaction, for most types.
    public let data: NotificationData?
    /// The result of a renewal-date extension for all subscribers (`RENEWAL_EXTENSION` with subtype `SUMMARY`).
    public let summary: NotificationSummary?
    /// An external purchase token (`EXTERNAL_PURCHASE_TOKEN`).
    public let externalPurchaseToken: ExternalPurchaseToken?
    /// The app and its AppTransaction, for the types about the app itself.
    public let appData: NotificationAppData?
    /// The whole payload.
    public let raw: JSONObject

    init(
        _ object: JSONObject, transaction: SignedTransaction?, renewalInfo: SignedRenewalInfo?,
        appTransaction: AppTransaction?
    ) throws(AppStoreServerError) {
        let reader = PayloadReader(object: object, what: "the notification")
        notificationType = try reader.string("notificationType")
        subtype = try reader.string("subtype")
        notificationUUID = try reader.string("notificationUUID")
        version = try reader.string("version")
        signedDate = try reader.date("signedDate")
        data = try reader.nested("data", as: "the notification's data").map { reader throws(AppStoreServerError) in
            try NotificationData(reader, transaction: transaction, renewalInfo: renewalInfo)
        }
        summary = try reader.nested("summary", as: "the notification's summary").map(NotificationSummary.init)
        externalPurchaseToken = try reader.nested("externalPurchaseToken", as: "the notification's token").map(
            ExternalPurchaseToken.init)
        appData = try reader.nested("appData", as: "the notification's appData").map {
            reader throws(AppStoreServerError) in try NotificationAppData(reader, appTransaction: appTransaction)
        }
        raw = object
    }
}

/// A notification's `data`: the app, the environment and the signed transaction and renewal info.
public struct NotificationData: Sendable, Hashable {
    /// The app's Apple id (production).
    public let appAppleID: Int64?
    /// The app's bundle ID.
    public let bundleID: String?
    /// The app's build version.
    public let bundleVersion: String?
    /// The server environment.
    public let environment: AppStoreEnvironment?
    /// The subscription's status (1 active ... 5 revoked).
    public let status: Int64?
    /// Why a `CONSUMPTION_REQUEST` was sent.
    public let consumptionRequestReason: String?
    /// The signed transaction, as it arrived.
    public let signedTransactionInfo: String?
    /// The signed renewal info, as it arrived.
    public let signedRenewalInfo: String?
    /// `signedTransactionInfo`, verified and decoded.
    public let transaction: SignedTransaction?
    /// `signedRenewalInfo`, verified and decoded.
    public let renewalInfo: SignedRenewalInfo?
    /// The whole object.
    public let raw: JSONObject

    init(_ reader: PayloadReader, transaction: SignedTransaction?, renewalInfo: SignedRenewalInfo?)
        throws(AppStoreServerError)
    {
        appAppleID = try reader.int64("appAppleId")
        bundleID = try reader.string("bundleId")
        bundleVersion = try reader.string("bundleVersion")
        environment = try reader.environment("environment")
        status = try reader.int64("status")
        consumptionRequestReason = try reader.string("consumptionRequestReason")
        signedTransactionInfo = try reader.string("signedTransactionInfo")
        signedRenewalInfo = try reader.string("signedRenewalInfo")
        self.transaction = transaction
        self.renewalInfo = renewalInfo
        raw = reader.object
    }
}

/// A notification's `summary`: a renewal-date extension's outcome for many subscribers.
public struct NotificationSummary: Sendable, Hashable {
    /// The extension request's id.
    public let requestIdentifier: String?
    /// The server environment.
    public let environment: AppStoreEnvironment?
    /// The app's Apple id.
    public let appAppleID: Int64?
    /// The app's bundle ID.
    public let bundleID: String?
    /// The subscription's product id.
    public let productID: String?
    /// The storefronts the request applied to.
    public let storefrontCountryCodes: [String]?
    /// How many subscriptions were extended.
    public let succeededCount: Int64?
    /// How many could not be.
    public let failedCount: Int64?
    /// The whole object.
    public let raw: JSONObject

    init(_ reader: PayloadReader) throws(AppStoreServerError) {
        requestIdentifier = try reader.string("requestIdentifier")
        environment = try reader.environment("environment")
        appAppleID = try reader.int64("appAppleId")
        bundleID = try reader.string("bundleId")
        productID = try reader.string("productId")
        storefrontCountryCodes = try reader.strings("storefrontCountryCodes")
        succeededCount = try reader.int64("succeededCount")
        failedCount = try reader.int64("failedCount")
        raw = reader.object
    }
}

/// A notification's `externalPurchaseToken`. Its environment is not a member: a token whose `externalPurchaseId`
/// starts with "SANDBOX" is the sandbox's, any other production's (Apple's documentation of the token).
public struct ExternalPurchaseToken: Sendable, Hashable {
    /// The token's id.
    public let externalPurchaseID: String?
    /// When the token was made.
    public let tokenCreationDate: Date?
    /// The app's Apple id.
    public let appAppleID: Int64?
    /// The app's bundle ID.
    public let bundleID: String?
    /// The whole object.
    public let raw: JSONObject

    /// The environment the id says.
    public var environment: AppStoreEnvironment? {
        externalPurchaseID.map { $0.hasPrefix("SANDBOX") ? .sandbox : .production }
    }

    init(_ reader: PayloadReader) throws(AppStoreServerError) {
        externalPurchaseID = try reader.string("externalPurchaseId")
        tokenCreationDate = try reader.date("tokenCreationDate")
        appAppleID = try reader.int64("appAppleId")
        bundleID = try reader.string("bundleId")
        raw = reader.object
    }
}

/// A notification's `appData`: the app, its environment and its signed AppTransaction.
public struct NotificationAppData: Sendable, Hashable {
    /// The app's Apple id.
    public let appAppleID: Int64?
    /// The app's bundle ID.
    public let bundleID: String?
    /// The server environment.
    public let environment: AppStoreEnvironment?
    /// The signed AppTransaction, as it arrived.
    public let signedAppTransactionInfo: String?
    /// `signedAppTransactionInfo`, verified and decoded.
    public let appTransaction: AppTransaction?
    /// The whole object.
    public let raw: JSONObject

    init(_ reader: PayloadReader, appTransaction: AppTransaction?) throws(AppStoreServerError) {
        appAppleID = try reader.int64("appAppleId")
        bundleID = try reader.string("bundleId")
        environment = try reader.environment("environment")
        signedAppTransactionInfo = try reader.string("signedAppTransactionInfo")
        self.appTransaction = appTransaction
        raw = reader.object
    }
}
