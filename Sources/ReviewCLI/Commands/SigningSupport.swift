import CommandLineKit
import ReviewLog

/// The work `review signing`, `status` and `report` share: the store's signing items and where each stands.
enum SigningSupport {
    /// Every item with its state and days left at `now`, soonest effective expiry first
    /// (`SigningItemStatus.of(_:at:expiringWithin:)`): an item is expiring within the largest alert day.
    /// - Throws: `ReviewError` store errors.
    static func statuses(store: any SigningStore, now: Timestamp) throws(ReviewError) -> [SigningItemStatus] {
        let items = try store.signingItems()
        guard !items.isEmpty else { return [] }
        return SigningItemStatus.of(items, at: now, alertDays: try store.signingAlertDays())
    }

    /// The one item id of `signing remove`.
    /// - Throws: `CommandFailure` (usage) for no id, several, or one that is not a positive integer.
    static func itemID(_ arguments: ReviewArguments) throws(CommandFailure) -> Int64 {
        guard arguments.positionals.count == 1 else {
            throw .usage("signing remove takes one item id; usage: \(arguments.usage)")
        }
        let text = arguments.positionals[0]
        guard let id = Int64(text), id > 0 else {
            throw .usage("the signing item id \"\(text)\" is not a positive integer; review signing --all shows them")
        }
        return id
    }
}
