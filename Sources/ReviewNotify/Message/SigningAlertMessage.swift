public import ReviewLog

/// What a signing alert says (issue 22): the item (its name, kind and detail), its source, its exact expiry (ISO 8601
/// in UTC, and a readable date), the days left or since it expired, what happened for an INVALID, gone or missing item,
/// what breaks and what to do. Worked out when it is sent, from the item as the store holds it then, so a message tried
/// again a day later counts the days from its own time. Every channel renders the same message, as it does a
/// ``NotificationMessage``.
public struct SigningAlertMessage: Sendable, Hashable {
    /// The alert.
    public var alert: SigningAlert
    /// The item and where it stands at ``at``.
    public var status: SigningItemStatus
    /// When the message is worked out (its days are counted to it).
    public var at: Timestamp

    /// Creates a message.
    /// - Parameters:
    ///   - alert: what it says.
    ///   - status: the item and where it stands now.
    ///   - at: now.
    public init(alert: SigningAlert, status: SigningItemStatus, at: Timestamp) {
        self.alert = alert
        self.status = status
        self.at = at
    }

    /// The id receivers deduplicate by, stable across retries: `SigningAlert.id(itemID:)` (`signing-12-expiring-14`).
    public var id: String { alert.id(itemID: item.id) }

    /// The item.
    public var item: SigningItem { status.item }

    /// Whether the message must stand out (red on every channel): the item expired, is INVALID, gone or missing, or
    /// has 7 days or fewer left (the report's red); an expiring item with more days is amber.
    public var isUrgent: Bool { alert.kind != .expiring || status.daysLeft <= 7 }

    /// The headline: "Client secret expires in 6 days: com.example.web", "Certificate expired: Apple Distribution",
    /// "Profile is INVALID: App Store com.example", "Certificate gone from App Store Connect: …", "Client secret file
    /// missing: …".
    public var title: String {
        let noun = Self.capitalized(item.kind.noun)
        switch alert.kind {
        case .expiring:
            let left =
                status.daysLeft < 0
                ? "has expired"
                : status.daysLeft == 0 ? "expires in less than a day" : "expires in \(days(status.daysLeft))"
            return "\(noun) \(left): \(item.name)"
        case .expired: return "\(noun) expired: \(item.name)"
        case .invalid: return "\(noun) is INVALID: \(item.name)"
        case .gone: return "\(noun) gone from App Store Connect: \(item.name)"
        case .missing: return "\(noun) file missing: \(item.name)"
        }
    }

    /// The facts, as label and value pairs, in the order every channel shows them: Item, Kind, Detail (when there is
    /// one), Source, Expires, Left, What happened (INVALID, gone, missing), What breaks, What to do.
    public var facts: [(label: String, value: String)] {
        var facts: [(String, String)] = [("Item", item.name), ("Kind", Self.kindName(item.kind))]
        if !item.detail.isEmpty { facts.append(("Detail", item.detail)) }
        facts.append(("Source", item.source))
        facts.append(("Expires", "\(item.expires.iso8601) (\(ReadableDate.string(item.expires)))"))
        var left = leftText
        if alert.kind == .expiring { left += " (the \(alert.threshold)-day alert)" }
        if item.kind.isProfile, item.decidedBy != nil {
            left += "; a certificate it includes expires first (the profile's own date is \(item.ownExpires.iso8601))"
        }
        facts.append(("Left", left))
        if let happened { facts.append(("What happened", happened)) }
        facts.append(("What breaks", item.kind.whatBreaks))
        facts.append(("What to do", whatToDo))
        return facts
    }

    /// The message as plain text: the title, then one "label: value" line per fact.
    public var text: String {
        ([title] + facts.map { "\($0.label): \($0.value)" }).joined(separator: "\n")
    }

    /// "6 days left", "less than a day left", "expired 3 days ago", "expired less than a day ago".
    var leftText: String {
        if item.expires > at {
            return status.daysLeft == 0 ? "less than a day left" : "\(days(status.daysLeft)) left"
        }
        let past = item.expires.seconds(until: at) / 86_400
        return past == 0 ? "expired less than a day ago" : "expired \(days(past)) ago"
    }

    /// What happened, for an INVALID, gone or missing item.
    var happened: String? {
        switch alert.kind {
        case .expiring, .expired: return nil
        case .invalid:
            return "App Store Connect marks the profile INVALID: a certificate it includes was revoked or has expired, "
                + "so nothing signed with it installs or uploads"
        case .gone:
            var text = "a complete App Store Connect listing no longer has it (revoked or deleted)"
            if let goneAt = item.goneAt { text += ", since \(goneAt.iso8601)" }
            if let lastSeen = item.lastSeen { text += "; last seen \(lastSeen.iso8601)" }
            return text
        case .missing:
            var text = "the tracked file \(item.reference) is missing"
            if let since = item.missingSince { text += " (since \(since.iso8601))" }
            if let lastSeen = item.lastSeen { text += "; last read \(lastSeen.iso8601)" }
            return text
        }
    }

    /// What to do: the kind's advice, with how to stop watching a missing file.
    var whatToDo: String {
        switch alert.kind {
        case .missing:
            "put the file back (a renewed one is read at the next pass), or stop tracking it with review signing "
                + "remove \(item.id); then \(item.kind.whatToDo)"
        case .gone:
            "if it was revoked on purpose, nothing; otherwise \(item.kind.whatToDo)"
        case .expiring, .expired, .invalid:
            item.kind.whatToDo
        }
    }

    /// "1 day", "14 days".
    private func days(_ count: Int64) -> String { count == 1 ? "1 day" : "\(count) days" }

    /// The kind in words, as a message names it.
    static func kindName(_ kind: SigningItemKind) -> String {
        switch kind {
        case .certificate: "certificate (App Store Connect)"
        case .profile: "provisioning profile (App Store Connect)"
        case .certificateFile: "certificate file"
        case .profileFile: "provisioning profile file"
        case .clientSecret: "Sign in with Apple client secret"
        }
    }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
