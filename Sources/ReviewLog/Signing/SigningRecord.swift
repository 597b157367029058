/// Everything the store holds of one signing item, as `review export` writes it and `review import` reads it: what the
/// item is, what was seen of it (its observations) and the alerts already recorded (so that an imported store does
/// not alert again). Never the time of the latest pass: an unchanged pass leaves an export byte-identical.
public struct SigningRecord: Sendable, Hashable {
    /// One thing seen of the item.
    public struct Observation: Sendable, Hashable {
        /// When.
        public var at: Timestamp
        /// What: `first-seen`, `expires` (a new effective expiry), `invalid`, `valid`, `gone`, `missing`, `back`.
        public var what: String
        /// The expiry seen, for `first-seen` and `expires`.
        public var expires: Timestamp?

        /// Creates an observation.
        public init(at: Timestamp, what: String, expires: Timestamp?) {
            self.at = at
            self.what = what
            self.expires = expires
        }
    }

    /// An alert recorded for the item.
    public struct RecordedAlert: Sendable, Hashable {
        /// The alert.
        public var alert: SigningAlert
        /// When it was recorded.
        public var at: Timestamp

        /// Creates a recorded alert.
        public init(alert: SigningAlert, at: Timestamp) {
            self.alert = alert
            self.at = at
        }
    }

    /// The item.
    public var item: SigningItem
    /// Its history, oldest first.
    public var observations: [Observation]
    /// Its recorded alerts.
    public var alerts: [RecordedAlert]

    /// Creates a record.
    public init(item: SigningItem, observations: [Observation], alerts: [RecordedAlert]) {
        self.item = item
        self.observations = observations
        self.alerts = alerts
    }
}
