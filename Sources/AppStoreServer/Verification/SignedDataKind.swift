import JWT

/// What a signed payload is: the four kinds of App Store signed data.
public enum SignedDataKind: String, Sendable, Hashable, CaseIterable {
    /// An App Store Server Notification V2 `signedPayload`.
    case notification
    /// A `signedTransactionInfo`.
    case transaction
    /// A `signedRenewalInfo`.
    case renewal
    /// A signed `AppTransaction`.
    case appTransaction = "app-transaction"

    /// The kind in words, for messages.
    package var phrase: String {
        switch self {
        case .notification: "notification"
        case .transaction: "transaction"
        case .renewal: "renewal info"
        case .appTransaction: "AppTransaction"
        }
    }

    /// The kind a payload's members show: a notification has `notificationType`, an AppTransaction `receiptType`,
    /// a transaction `transactionId`, renewal info `autoRenewProductId` or `autoRenewStatus`.
    /// - Returns: nil when none of them is present.
    package static func detect(_ payload: JSONObject) -> SignedDataKind? {
        if payload["notificationType"] != nil || payload["notificationUUID"] != nil { return .notification }
        if payload["receiptType"] != nil { return .appTransaction }
        if payload["transactionId"] != nil { return .transaction }
        if payload["autoRenewProductId"] != nil || payload["autoRenewStatus"] != nil { return .renewal }
        return nil
    }
}
