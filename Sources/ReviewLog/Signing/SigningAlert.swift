/// An alert about a signing item: what the outbox carries to the channels.
public struct SigningAlert: Sendable, Hashable {
    /// What the alert says.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Within a threshold of days (``SigningAlert/threshold``).
        case expiring
        /// Past its effective expiry.
        case expired
        /// A profile App Store Connect marks INVALID.
        case invalid
        /// Missing from a complete App Store Connect listing.
        case gone
        /// A tracked local file is missing.
        case missing
    }

    /// What it says.
    public var kind: Kind
    /// The days of an `expiring` alert (0 for the others).
    public var threshold: Int64
    /// The item's expiry generation it is about (alerts start again for a re-read file's new date).
    public var generation: Int64

    /// Creates an alert.
    public init(kind: Kind, threshold: Int64 = 0, generation: Int64 = 1) {
        self.kind = kind
        self.threshold = kind == .expiring ? threshold : 0
        self.generation = generation
    }

    /// The id receivers deduplicate by, stable across retries: `signing-<item>-<alert>`, with the threshold of an
    /// `expiring` alert (`signing-12-expiring-14`), and `-r<generation>` after the item once a re-read file has a new
    /// date (`signing-12-r2-expiring-14`).
    /// - Parameter itemID: the item's id.
    /// - Returns: the id.
    public func id(itemID: Int64) -> String {
        var id = "signing-\(itemID)"
        if generation > 1 { id += "-r\(generation)" }
        id += "-\(kind.rawValue)"
        if kind == .expiring { id += "-\(threshold)" }
        return id
    }

    /// Whether the alert still says something true of its item, to be sent: not once a newer item replaces it
    /// (renewed), and an alert about one expiry date (expiring, expired, missing: of one generation) not once the item
    /// has another. The outbox closes the pending ones that do not (`SigningStore.recordSigningAlerts(now:)`), and a
    /// deliverer does not send one.
    /// - Parameter status: the item, now.
    /// - Returns: false for an alert to close rather than send.
    public func applies(to status: SigningItemStatus) -> Bool {
        guard status.state != .renewed else { return false }
        switch kind {
        case .expiring, .expired, .missing: return generation == status.item.generation
        case .invalid, .gone: return true
        }
    }

    /// The default alert days: 30, 14, 7 and 1 days left.
    public static let defaultDays: [Int64] = [30, 14, 7, 1]

    /// The alerts due for an item, given those already recorded: the rule of `review signing alerts`.
    ///
    /// - gone, missing: once (per item; missing once per generation);
    /// - invalid: once per item, also when it is INVALID the first time it is seen (and no expiry alerts);
    /// - expired: once per generation;
    /// - expiring: once per threshold reached (`daysLeft` ≤ threshold); several reached at once record all of them
    ///   but send only the smallest (3 days left: the 7-day alert, not three).
    /// A renewed item gets none; an INVALID profile only its invalid alert.
    /// - Parameters:
    ///   - status: the item and where it stands now.
    ///   - days: the thresholds.
    ///   - recorded: the alerts already recorded for the item.
    /// - Returns: what to record (all of it) and what to send (the alerts among them to deliver).
    public static func due(for status: SigningItemStatus, days: [Int64], recorded: Set<SigningAlert>)
        -> (record: [SigningAlert], send: [SigningAlert])
    {
        let item = status.item
        let generation = item.generation
        var record: [SigningAlert] = []
        var send: [SigningAlert] = []
        func once(_ alert: SigningAlert) {
            guard !recorded.contains(alert) else { return }
            record.append(alert)
            send.append(alert)
        }
        switch status.state {
        case .renewed:
            return ([], [])
        case .gone:
            once(SigningAlert(kind: .gone, generation: 1))
            return (record, send)
        case .missing:
            once(SigningAlert(kind: .missing, generation: generation))
            return (record, send)
        case .invalid, .expired, .expiring, .active:
            break
        }
        if item.isInvalid {
            // An INVALID profile is broken already: its expiry alerts would be noise.
            once(SigningAlert(kind: .invalid, generation: 1))
            return (record, send)
        }
        if status.daysLeft < 0 || status.state == .expired {
            once(SigningAlert(kind: .expired, generation: generation))
        } else {
            let reached = days.filter { status.daysLeft <= $0 }
                .map { SigningAlert(kind: .expiring, threshold: $0, generation: generation) }
                .filter { !recorded.contains($0) }
            if let smallest = reached.min(by: { $0.threshold < $1.threshold }) {
                record += reached
                // Only a threshold smaller than every one already recorded is news (a 14-day alert after the 7-day
                // one, say when the thresholds were changed, is not sent).
                let smallestRecorded =
                    recorded.filter { $0.kind == .expiring && $0.generation == generation }.map(\.threshold).min()
                if smallestRecorded.map({ smallest.threshold < $0 }) ?? true { send.append(smallest) }
            }
        }
        return (record, send)
    }
}
