import GatehouseFoundation
import JWT

/// A verified `signedTransactionInfo` (Apple's `JWSTransactionDecodedPayload`): one in-app purchase transaction.
///
/// Every documented member is typed here; `raw` holds the whole payload, members Apple adds later included. Dates are
/// Apple's milliseconds since 1970; prices are in milliunits of `currency`.
public struct SignedTransaction: Sendable, Hashable {
    /// The transaction's id.
    public let transactionID: String?
    /// The id of the original purchase (the same as `transactionID` for a first purchase).
    public let originalTransactionID: String?
    /// The subscription purchase event's id across devices.
    public let webOrderLineItemID: String?
    /// The app's bundle ID.
    public let bundleID: String?
    /// The in-app purchase's product id.
    public let productID: String?
    /// The subscription group, for an auto-renewable subscription.
    public let subscriptionGroupIdentifier: String?
    /// When the App Store charged the account (or restored, or renewed).
    public let purchaseDate: Date?
    /// When the original purchase was made.
    public let originalPurchaseDate: Date?
    /// When a subscription expires or renews.
    public let expiresDate: Date?
    /// The number of consumables bought.
    public let quantity: Int64?
    /// The product type ("Auto-Renewable Subscription", "Consumable"...).
    public let type: String?
    /// The UUID the app set for the account.
    public let appAccountToken: String?
    /// "PURCHASED" or "FAMILY_SHARED".
    public let inAppOwnershipType: String?
    /// When the App Store signed the data: the offline validation time.
    public let signedDate: Date?
    /// Why the App Store refunded or revoked it (0 or 1), if it did.
    public let revocationReason: Int64?
    /// When it was refunded or revoked.
    public let revocationDate: Date?
    /// Whether the user upgraded to another subscription.
    public let isUpgraded: Bool?
    /// The promotional offer's type (1 introductory, 2 promotional, 3 offer code, 4 win-back).
    public let offerType: Int64?
    /// The offer's reference name or code.
    public let offerIdentifier: String?
    /// The server environment.
    public let environment: AppStoreEnvironment?
    /// The storefront's three-letter country code.
    public let storefront: String?
    /// The storefront's Apple id.
    public let storefrontID: String?
    /// "PURCHASE" or "RENEWAL".
    public let transactionReason: String?
    /// The ISO 4217 currency of `price`.
    public let currency: String?
    /// The price in milliunits of `currency`.
    public let price: Int64?
    /// The offer's payment mode ("FREE_TRIAL", "PAY_AS_YOU_GO", "PAY_UP_FRONT").
    public let offerDiscountType: String?
    /// The app download transaction's id.
    public let appTransactionID: String?
    /// The offer's duration, ISO 8601.
    public let offerPeriod: String?
    /// The whole payload.
    public let raw: JSONObject

    init(_ object: JSONObject) throws(AppStoreServerError) {
        let reader = PayloadReader(object: object, what: "the transaction")
        transactionID = try reader.string("transactionId")
        originalTransactionID = try reader.string("originalTransactionId")
        webOrderLineItemID = try reader.string("webOrderLineItemId")
        bundleID = try reader.string("bundleId")
        productID = try reader.string("productId")
        subscriptionGroupIdentifier = try reader.string("subscriptionGroupIdentifier")
        purchaseDate = try reader.date("purchaseDate")
        originalPurchaseDate = try reader.date("originalPurchaseDate")
        expiresDate = try reader.date("expiresDate")
        quantity = try reader.int64("quantity")
        type = try reader.string("type")
        appAccountToken = try reader.string("appAccountToken")
        inAppOwnershipType = try reader.string("inAppOwnershipType")
        signedDate = try reader.date("signedDate")
        revocationReason = try reader.int64("revocationReason")
        revocationDate = try reader.date("revocationDate")
        isUpgraded = try reader.bool("isUpgraded")
        offerType = try reader.int64("offerType")
        offerIdentifier = try reader.string("offerIdentifier")
        environment = try reader.environment("environment")
        storefront = try reader.string("storefront")
        storefrontID = try reader.string("storefrontId")
        transactionReason = try reader.string("transactionReason")
        currency = try reader.string("currency")
        price = try reader.int64("price")
        offerDiscountType = try reader.string("offerDiscountType")
        appTransactionID = try reader.string("appTransactionId")
        offerPeriod = try reader.string("offerPeriod")
        raw = object
    }
}
