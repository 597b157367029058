extension SigningItemStatus {
    /// The LEFT column of `review signing` and of the report's list: the whole days left ("23d"), or for an item
    /// past its effective expiry how long ago that was ("expired 3d ago", "expired today" within the first day),
    /// followed by "(cert expires first)" for a profile whose certificate decides its expiry. One wording for both
    /// outputs, so the page and the table never disagree.
    /// - Parameter now: the time the statuses were taken at (``SigningItemStatus/of(_:at:expiringWithin:)``).
    /// - Returns: the text.
    package func left(at now: Timestamp) -> String {
        let past = item.expires.seconds(until: now)
        var text: String
        if past >= 0 {
            let days = past / 86_400
            text = days == 0 ? "expired today" : "expired \(days)d ago"
        } else {
            text = "\(daysLeft)d"
        }
        if item.kind.isProfile, item.decidedBy != nil { text += " (cert expires first)" }
        return text
    }
}

extension SigningItemStatus {
    /// The expiry as a clause, for `signing add` and the report's alerts: "expires 2026-03-01 12:00 UTC, 23 days
    /// left", "expired 2026-03-01 12:00 UTC, 3 days ago" ("today" within the first day), followed for a profile whose
    /// certificate decides by ": a certificate it includes expires first".
    /// - Parameters:
    ///   - now: the time the statuses were taken at.
    ///   - formatTime: how the output shows an instant (local time or UTC).
    /// - Returns: the clause, lowercase, without a full stop.
    package func expiryClause(at now: Timestamp, formatTime: (Timestamp) -> String) -> String {
        let expires = formatTime(item.expires)
        let past = item.expires.seconds(until: now)
        var text: String
        if past >= 0 {
            let days = past / 86_400
            text = "expired \(expires), " + (days == 0 ? "today" : "\(days) day\(days == 1 ? "" : "s") ago")
        } else {
            text = "expires \(expires), \(daysLeft) day\(daysLeft == 1 ? "" : "s") left"
        }
        if item.kind.isProfile, item.decidedBy != nil { text += ": a certificate it includes expires first" }
        return text
    }
}
