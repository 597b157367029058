internal import GatehouseCore
internal import ReviewLog

/// How pressing a signing item is on the report: red at 7 days left or fewer (expired included) and for an INVALID
/// profile, amber within 30 days; the rest is not flagged. Renewed, gone and missing items are never flagged: a
/// newer item replaces the first, and the others are listed with their state.
enum SigningUrgency: String {
    /// Invalid, expired, or at most 7 days left.
    case urgent
    /// At most 30 days left.
    case soon

    /// The days left at or under which an item is red.
    static let urgentDays: Int64 = 7
    /// The days left at or under which an item is flagged at all (the "Signing" section at the top).
    static let soonDays: Int64 = 30

    /// The urgency of an item, or nil when it is not flagged.
    init?(_ status: SigningItemStatus) {
        switch status.state {
        case .invalid: self = .urgent
        case .active, .expiring, .expired:
            if status.daysLeft <= Self.urgentDays {
                self = .urgent
            } else if status.daysLeft <= Self.soonDays {
                self = .soon
            } else {
                return nil
            }
        case .renewed, .gone, .missing: return nil
        }
    }

    /// The CSS class of its colours (`ReportStyle`).
    var cssClass: String { "signing-\(rawValue)" }
}

extension HTMLReport {
    /// The "Signing" section at the top of the page, when an item is INVALID or expires within 30 days (expired
    /// included): one line per item, soonest first, each saying what stops working and what to do. Empty when none.
    func signingAlertSection() -> String {
        let flagged = signing.compactMap { status in SigningUrgency(status).map { (status, $0) } }
        guard !flagged.isEmpty else { return "" }
        let urgent = flagged.count { $0.1 == .urgent }
        var html = sectionStart("signing-alerts", "Signing")
        html += "<p>\(count(flagged.count, "signing item needs", "signing items need")) attention"
        html += urgent > 0 ? " (\(urgent) within \(SigningUrgency.urgentDays) days, expired or invalid)" : ""
        html += ". The whole list is at the end of the page.</p>\n<ul class=\"signing-alerts\">\n"
        for (status, urgency) in flagged {
            let item = status.item
            html += "<li class=\"signing-alert \(urgency.cssClass)\" data-item=\"\(item.id)\">"
            html += "<p><strong>\(HTMLText.escaped(item.name))</strong> <span class=\"platform\">"
            html += "\(item.kind.rawValue)</span> <span class=\"badge\">\(status.state.rawValue)</span></p>\n"
            html += "<p>\(HTMLText.escaped(sentence(status))). Source: \(HTMLText.escaped(item.source)).</p>\n"
            html += "<p class=\"muted\">What breaks: \(HTMLText.escaped(item.kind.whatBreaks)). To do: "
            html += "\(HTMLText.escaped(item.kind.whatToDo)).</p></li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    /// "Invalid in App Store Connect; expires 2026-03-01 12:00 UTC, 23 days left", "Expired 2026-03-01 12:00 UTC, 3
    /// days ago" (`SigningItemStatus.expiryClause(at:formatTime:)`, as `signing add` says it).
    private func sentence(_ status: SigningItemStatus) -> String {
        let clause = status.expiryClause(at: now, formatTime: formatTime)
        if status.state == .invalid { return "Invalid in App Store Connect; " + clause }
        return clause.prefix(1).uppercased() + clause.dropFirst()
    }

    /// The whole list below the review sections, with the columns of `review signing` (KIND, NAME, DETAIL, EXPIRES,
    /// LEFT, STATE, SOURCE), soonest expiry first; items gone or missing for more than 30 days are counted, not
    /// listed, as `review signing` does without `--all`. Empty when nothing is tracked.
    func signingListSection() -> String {
        guard !signing.isEmpty else { return "" }
        let listed = signing.filter { $0.isListedByDefault(at: now) }
        let hidden = signing.count - listed.count
        var html = sectionStart("signing", "Signing items")
        html += "<table class=\"signing-table\">\n<caption>\(count(signing.count, "item", "items")) tracked "
        html += "(App Store Connect's certificates and profiles, and local files), soonest expiry first"
        if hidden > 0 { html += "; \(hidden) gone or missing for more than 30 days not listed" }
        html += ". A profile expires with the first of its certificates.</caption>\n<thead><tr>"
        for column in ["Kind", "Name", "Detail", "Expires", "Left", "State", "Source"] {
            html += "<th scope=\"col\">\(column)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for status in listed {
            let item = status.item
            let state = SigningUrgency(status).map {
                "<span class=\"badge \($0.cssClass)\">\(status.state.rawValue)</span>"
            }
            // Short values never break inside a word (fixed; Left at its spaces only); the long ones anywhere.
            html += "<tr data-item=\"\(item.id)\"><td class=\"fixed\" data-label=\"Kind\">\(item.kind.rawValue)</td>"
            html += "<th scope=\"row\" data-label=\"Name\">\(HTMLText.escaped(item.name))</th>"
            html += "<td data-label=\"Detail\">\(HTMLText.escaped(item.detail))</td>"
            html += "<td class=\"fixed\" data-label=\"Expires\">\(HTMLText.escaped(formatTime(item.expires)))</td>"
            html += "<td class=\"words\" data-label=\"Left\">\(HTMLText.escaped(status.left(at: now)))</td>"
            html += "<td class=\"fixed\" data-label=\"State\">\(state ?? status.state.rawValue)</td>"
            html += "<td data-label=\"Source\">\(HTMLText.escaped(item.source))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }
}
