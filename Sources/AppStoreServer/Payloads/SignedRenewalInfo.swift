import GatehouseFoundation
import JWT

/// A verified `signedRenewalInfo` (Apple's `JWSRenewalInfoDecodedPayload`): an auto-renewable subscription's renewal
/// state. Its documented payload has no bundle ID; `bundleID` is read when one is present.
public struct SignedRenewalInfo: Sendable, Hashable {
    /// The original purchase's transaction id.
    public let originalTransactionID: String?
    /// The product the subscription renews to.
    public let autoRenewProductID: String?
    /// The product the renewal info is about.
    public let productID: String?
    /// 1 when the subscription renews, 0 when the user turned renewal off.
    public let autoRenewStatus: Int64?
    /// Why the subscription expired (1 to 5), if it did.
    public let expirationIntent: Int64?
    /// Whether the App Store is still trying to renew it.
    public let isInBillingRetryPeriod: Bool?
    /// The state of a price increase (0 or 1).
    public let priceIncreaseStatus: Int64?
    /// When the billing grace period ends.
    public let gracePeriodExpiresDate: Date?
    /// The type of the offer applying at renewal.
    public let offerType: Int64?
    /// The offer's identifier.
    public let offerIdentifier: String?
    /// When the App Store signed the data: the offline validation time.
    public let signedDate: Date?
    /// The server environment.
    public let environment: AppStoreEnvironment?
    /// The earliest start date of the subscription's run of continuous renewals.
    public let recentSubscriptionStartDate: Date?
    /// When the subscription renews next.
    public let renewalDate: Date?
    /// The ISO 4217 currency of `renewalPrice`.
    public let currency: String?
    /// The renewal price in milliunits of `currency`.
    public let renewalPrice: Int64?
    /// The offer's payment mode.
    public let offerDiscountType: String?
    /// The win-back offers the customer is eligible for.
    public let eligibleWinBackOfferIDs: [String]?
    /// The UUID the app set for the account.
    public let appAccountToken: String?
    /// The app download transaction's id.
    public let appTransactionID: String?
    /// The offer's duration, ISO 8601.
    public let offerPeriod: String?
    /// The bundle ID, when the payload has one (the documented one does not).
    public let bundleID: String?
    /// The whole payload.
    public let raw: JSONObject

    init(_ object: JSONObject) throws(AppStoreServerError) {
        let reader = PayloadReader(object: object, what: "the renewal info")
        originalTransactionID = try reader.string("originalTransactionId")
        autoRenewProductID = try reader.string("autoRenewProductId")
        productID = try reader.string("productId")
        autoRenewStatus = try reader.int64("autoRenewStatus")
        expirationIntent = try reader.int64("expirationIntent")
        isInBillingRetryPeriod = try reader.bool("isInBillingRetryPeriod")
        priceIncreaseStatus = try reader.int64("priceIncreaseStatus")
        gracePeriodExpiresDate = try reader.date("gracePeriodExpiresDate")
        offerType = try reader.int64("offerType")
        offerIdentifier = try reader.string("offerIdentifier")
        signedDate = try reader.date("signedDate")
        environment = try reader.environment("environment")
        recentSubscriptionStartDate = try reader.date("recentSubscriptionStartDate")
        renewalDate = try reader.date("renewalDate")
        currency = try reader.string("currency")
        renewalPrice = try reader.int64("renewalPrice")
        offerDiscountType = try reader.string("offerDiscountType")
        eligibleWinBackOfferIDs = try reader.strings("eligibleWinBackOfferIds")
        appAccountToken = try reader.string("appAccountToken")
        appTransactionID = try reader.string("appTransactionId")
        offerPeriod = try reader.string("offerPeriod")
        bundleID = try reader.string("bundleId")
        raw = object
    }
}
