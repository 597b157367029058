/// The signing tracker's items, history, alert days and alert outbox (`SigningStore`), in SQL both drivers accept.
extension RelationalReviewStore: SigningStore {
    static let signingItemColumns = """
        SELECT i.id, i.kind, i.source, i.reference, i.name, i.custom_name, i.detail, i.renewal_group, i.invalid,
        i.expires, i.own_expires, i.decided_by, i.generation, i.first_seen, i.gone_at, i.missing_since, i.last_seen
        FROM signing_items i
        """
    /// The number of columns of ``signingItemColumns``.
    static let signingItemColumnCount: Int32 = 17

    static let signingOutboxColumns = """
        SELECT o.id, o.generation, o.alert, o.threshold, o.recorded_at, o.status, o.attempts, o.first_attempt_at,
        o.last_error, o.delivered_at, c.id, c.kind, c.url, c.secret_file, c.apps, c.states, c.signing, c.tracks, i.id,
        i.kind,
        i.source, i.reference, i.name, i.custom_name, i.detail, i.renewal_group, i.invalid, i.expires, i.own_expires,
        i.decided_by, i.generation, i.first_seen, i.gone_at, i.missing_since, i.last_seen
        FROM signing_outbox o JOIN notify_channels c ON c.id = o.channel_id JOIN signing_items i ON i.id = o.item_id
        """

    static let alertDaysKey = "signing.alert-days"

    public func applySigningListing(_ listing: SigningListing) throws(ReviewError) -> [SigningChange] {
        for sighting in (listing.certificates ?? []) + (listing.profiles ?? []) {
            if let problem = Self.problem(sighting) { throw ReviewError(.invalidValue, problem) }
        }
        return try database.write { (session: any SQLSession) throws(ReviewError) -> [SigningChange] in
            var changes: [SigningChange] = []
            let lastComplete = try lastCompletePass(of: listing.source, in: session)
            // Certificates first, so that a profile's certificates are items when its expiry is decided.
            for (kind, sightings) in [
                (SigningItemKind.certificate, listing.certificates), (.profile, listing.profiles),
            ] {
                guard let sightings else { continue }
                let existing = try signingItems(
                    where: "i.source = ? AND i.kind = ?", [.text(listing.source), .text(kind.rawValue)], in: session)
                var byReference = Dictionary(
                    existing.map { ($0.reference, $0) }, uniquingKeysWith: { first, _ in first })
                for sighting in sightings where sighting.kind == kind {
                    let decided = try effectiveExpiry(of: sighting, source: listing.source, in: session)
                    if let item = byReference.removeValue(forKey: sighting.reference) {
                        if let change = try update(item, with: sighting, decided: decided, at: listing.at, in: session)
                        {
                            changes.append(change)
                        }
                    } else {
                        let item = try insertItem(
                            sighting, source: listing.source, name: nil, decided: decided, at: listing.at, in: session)
                        changes.append(SigningChange(kind: .added, item: item))
                    }
                }
                // What a complete listing lacks is gone (revoked, deleted): kept, with when it was last seen.
                for item in byReference.values.sorted(by: { $0.id < $1.id }) where item.goneAt == nil {
                    var gone = item
                    gone.goneAt = listing.at
                    gone.lastSeen = lastComplete ?? item.firstSeen
                    try session.run(
                        "UPDATE signing_items SET gone_at = ?, last_seen = ? WHERE id = ?",
                        [
                            .integer(listing.at.secondsSince1970), .integer(gone.lastSeen!.secondsSince1970),
                            .integer(item.id),
                        ])
                    try observe(item.id, "gone", expires: nil, at: listing.at, in: session)
                    changes.append(SigningChange(kind: .gone, item: gone))
                }
            }
            if listing.certificates != nil, listing.profiles != nil {
                try setLastCompletePass(of: listing.source, at: listing.at, in: session)
            }
            return changes
        }
    }

    public func trackSigningFile(_ sighting: SigningSighting, name: String?, at: Timestamp) throws(ReviewError)
        -> SigningItem
    {
        if let problem = Self.problem(sighting) { throw ReviewError(.invalidValue, problem) }
        if let name, let problem = Validation.appName(name) {
            throw ReviewError(.invalidValue, "the signing item's name: " + problem)
        }
        return try database.write { (session: any SQLSession) throws(ReviewError) -> SigningItem in
            let decided = Self.decided(sighting, certificateItems: [:])
            var item: SigningItem
            if let existing = try signingItems(
                where: "i.source = ? AND i.reference = ?", [.text(sighting.reference), .text(sighting.reference)],
                in: session
            ).first {
                _ = try update(existing, with: sighting, decided: decided, at: at, in: session)
                if let name, name != existing.customName {
                    try session.run(
                        "UPDATE signing_items SET custom_name = ? WHERE id = ?", [.text(name), .integer(existing.id)])
                }
                guard let updated = try signingItem(id: existing.id, in: session) else {
                    throw ReviewError(.storeFailure, "signing item \(existing.id) vanished from \(location)")
                }
                item = updated
            } else {
                item = try insertItem(
                    sighting, source: sighting.reference, name: name, decided: decided, at: at, in: session)
            }
            try setLastCompletePass(of: item.source, at: at, in: session)
            return item
        }
    }

    public func recordSigningFileRead(id: Int64, _ sighting: SigningSighting?, at: Timestamp) throws(ReviewError)
        -> SigningChange?
    {
        if let sighting, let problem = Self.problem(sighting) { throw ReviewError(.invalidValue, problem) }
        return try database.write { (session: any SQLSession) throws(ReviewError) -> SigningChange? in
            guard let item = try signingItem(id: id, in: session), item.kind.isFile else {
                throw ReviewError(.signingItemNotFound, "no tracked signing file has id \(id) in \(location)")
            }
            guard let sighting else {
                guard item.missingSince == nil else { return nil }
                var missing = item
                missing.missingSince = at
                missing.lastSeen = try lastCompletePass(of: item.source, in: session) ?? item.firstSeen
                try session.run(
                    "UPDATE signing_items SET missing_since = ?, last_seen = ? WHERE id = ?",
                    [.integer(at.secondsSince1970), .integer(missing.lastSeen!.secondsSince1970), .integer(id)])
                try observe(id, "missing", expires: nil, at: at, in: session)
                return SigningChange(kind: .missing, item: missing)
            }
            let change = try update(
                item, with: sighting, decided: Self.decided(sighting, certificateItems: [:]), at: at, in: session)
            try setLastCompletePass(of: item.source, at: at, in: session)
            return change
        }
    }

    public func removeSigningItem(id: Int64) throws(ReviewError) -> SigningItem {
        try database.write { (session: any SQLSession) throws(ReviewError) -> SigningItem in
            guard let item = try signingItem(id: id, in: session) else {
                throw ReviewError(.signingItemNotFound, "no signing item has id \(id) in \(location)")
            }
            try session.run("DELETE FROM signing_items WHERE id = ?", [.integer(id)])
            if item.kind.isFile {
                try session.run("DELETE FROM signing_sources WHERE source = ?", [.text(item.source)])
            }
            return item
        }
    }

    public func signingItems() throws(ReviewError) -> [SigningItem] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [SigningItem] in
            try signingItems(where: nil, [], in: session)
        }
    }

    public func signingAlertDays() throws(ReviewError) -> [Int64] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [Int64] in
            try alertDays(in: session)
        }
    }

    public func setSigningAlertDays(_ days: [Int64]) throws(ReviewError) -> [Int64] {
        let sorted = Array(Set(days)).sorted(by: >)
        guard (1...10).contains(sorted.count), sorted.allSatisfy({ (1...365).contains($0) }) else {
            throw ReviewError(
                .invalidValue,
                "the alert days \(days.map(String.init).joined(separator: ",")) are not one to ten whole days from 1 to "
                    + "365 (for example 30,14,7,1)")
        }
        return try database.write { (session: any SQLSession) throws(ReviewError) -> [Int64] in
            try session.run(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [.text(Self.alertDaysKey), .text(sorted.map(String.init).joined(separator: ","))])
            return sorted
        }
    }

    public func recordSigningAlerts(now: Timestamp) throws(ReviewError) -> Int {
        try database.write { (session: any SQLSession) throws(ReviewError) -> Int in
            let items = try signingItems(where: nil, [], in: session)
            guard !items.isEmpty else { return 0 }
            let days = try alertDays(in: session)
            let recorded = try session.with("SELECT item_id, generation, alert, threshold FROM signing_alerts") {
                (statement: any SQLStatement) throws(ReviewError) -> [Int64: Set<SigningAlert>] in
                var recorded: [Int64: Set<SigningAlert>] = [:]
                while try statement.step() {
                    guard let kind = SigningAlert.Kind(rawValue: statement.text(2) ?? "") else { continue }
                    recorded[statement.int64(0), default: []].insert(
                        SigningAlert(kind: kind, threshold: statement.int64(3), generation: statement.int64(1)))
                }
                return recorded
            }
            let channels = try channels(in: session).filter(\.takesSigningAlerts)
            let statuses = SigningItemStatus.of(items, at: now, expiringWithin: days.max() ?? 0)
            try closeStaleSigningAlerts(
                Dictionary(statuses.map { ($0.item.id, $0) }, uniquingKeysWith: { a, _ in a }), in: session)
            var sent = 0
            for status in statuses {
                let due = SigningAlert.due(for: status, days: days, recorded: recorded[status.item.id] ?? [])
                for alert in due.record {
                    try session.run(
                        """
                        INSERT INTO signing_alerts (item_id, generation, alert, threshold, at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT DO NOTHING
                        """,
                        [
                            .integer(status.item.id), .integer(alert.generation), .text(alert.kind.rawValue),
                            .integer(alert.threshold), .integer(now.secondsSince1970),
                        ])
                }
                for alert in due.send {
                    sent += 1
                    for channel in channels {
                        try session.run(
                            """
                            INSERT INTO signing_outbox (id, channel_id, item_id, generation, alert, threshold, recorded_at)
                            VALUES (\(nextID("signing_outbox")), ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                            """,
                            [
                                .integer(channel.id), .integer(status.item.id), .integer(alert.generation),
                                .text(alert.kind.rawValue), .integer(alert.threshold), .integer(now.secondsSince1970),
                            ])
                    }
                }
            }
            return sent
        }
    }

    /// Drops the pending outbox rows that no longer apply (`recordSigningAlerts(now:)` says which); their alerts stay
    /// recorded, so they are not due again.
    private func closeStaleSigningAlerts(_ statuses: [Int64: SigningItemStatus], in session: any SQLSession)
        throws(ReviewError)
    {
        let stale = try session.with(
            "SELECT id, item_id, generation, alert FROM signing_outbox WHERE status = 'pending' ORDER BY id"
        ) { (statement: any SQLStatement) throws(ReviewError) -> [Int64] in
            var stale: [Int64] = []
            while try statement.step() {
                guard let status = statuses[statement.int64(1)],
                    let kind = SigningAlert.Kind(rawValue: statement.text(3) ?? "")
                else { continue }
                // Its threshold does not matter to whether it applies.
                if !SigningAlert(kind: kind, generation: statement.int64(2)).applies(to: status) {
                    stale.append(statement.int64(0))
                }
            }
            return stale
        }
        for id in stale { try session.run("DELETE FROM signing_outbox WHERE id = ?", [.integer(id)]) }
    }

    public func claimDueSigningAlerts(now: Timestamp, lease: Int64, ignoringBackoff: Bool) throws(ReviewError)
        -> [OutboxSigningAlert]
    {
        try database.write { (session: any SQLSession) throws(ReviewError) -> [OutboxSigningAlert] in
            // The same rule as the review notifications' claim (`claimDueNotifications`).
            let due = try session.with(Self.signingOutboxColumns + OutboxDelivery.claimCondition) {
                (statement: any SQLStatement) throws(ReviewError) -> [OutboxSigningAlert] in
                try statement.bind(OutboxDelivery.claimParameters(now: now, ignoringBackoff: ignoringBackoff))
                var found: [OutboxSigningAlert] = []
                while try statement.step() { found.append(try outboxSigningAlert(from: statement)) }
                return found
            }
            try OutboxDelivery.hold(
                due.map(\.id), in: .signingAlerts, now: now, lease: lease, ignoringBackoff: ignoringBackoff,
                session: session)
            return due
        }
    }

    public func markSigningAlertDelivered(id: Int64, at: Timestamp) throws(ReviewError) {
        try database.write { (session: any SQLSession) throws(ReviewError) in
            try OutboxDelivery.markDelivered(id, in: .signingAlerts, at: at, session: session)
        }
    }

    public func markSigningAlertFailed(id: Int64, at: Timestamp, error: String, retryAt: Timestamp?)
        throws(ReviewError)
    {
        try database.write { (session: any SQLSession) throws(ReviewError) in
            try OutboxDelivery.markFailed(
                id, in: .signingAlerts, at: at, error: error, retryAt: retryAt, session: session)
        }
    }

    public func signingAlerts(statuses: Set<OutboxNotification.Status>) throws(ReviewError) -> [OutboxSigningAlert] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [OutboxSigningAlert] in
            try session.with(Self.signingOutboxColumns + " ORDER BY o.id") {
                (statement: any SQLStatement) throws(ReviewError) -> [OutboxSigningAlert] in
                var found: [OutboxSigningAlert] = []
                while try statement.step() {
                    let alert = try outboxSigningAlert(from: statement)
                    if statuses.isEmpty || statuses.contains(alert.status) { found.append(alert) }
                }
                return found
            }
        }
    }

    // MARK: - Rows

    /// The first problem with a sighting's text (what is stored and shown), or nil.
    static func problem(_ sighting: SigningSighting) -> String? {
        for (value, what) in [(sighting.reference, "reference"), (sighting.name, "name"), (sighting.detail, "detail")]
        where value.count > 4000 || value.unicodeScalars.contains(where: { $0.value == 0 }) {
            return "the signing item's \(what) is over 4000 characters or has a NUL character; it was not recorded"
        }
        if sighting.reference.isEmpty { return "the signing item has no reference; it was not recorded" }
        return nil
    }

    /// A profile's effective expiry and what decides it; other kinds' own expiry.
    static func decided(_ sighting: SigningSighting, certificateItems: [String: Int64])
        -> (expires: Timestamp, decidedBy: String?)
    {
        guard sighting.kind.isProfile,
            let first = sighting.includedCertificates.min(by: {
                ($0.expires, $0.reference) < ($1.expires, $1.reference)
            }),
            first.expires < sighting.ownExpires
        else { return (sighting.ownExpires, nil) }
        return (first.expires, certificateItems[first.reference].map(String.init) ?? first.reference)
    }

    /// A listed profile's effective expiry, its certificates found among the source's certificate items.
    private func effectiveExpiry(of sighting: SigningSighting, source: String, in session: any SQLSession)
        throws(ReviewError) -> (expires: Timestamp, decidedBy: String?)
    {
        guard sighting.kind == .profile, !sighting.includedCertificates.isEmpty else {
            return Self.decided(sighting, certificateItems: [:])
        }
        let certificates = try signingItems(
            where: "i.source = ? AND i.kind = ?", [.text(source), .text(SigningItemKind.certificate.rawValue)],
            in: session)
        return Self.decided(
            sighting,
            certificateItems: Dictionary(
                certificates.map { ($0.reference, $0.id) }, uniquingKeysWith: { first, _ in first }))
    }

    private func insertItem(
        _ sighting: SigningSighting, source: String, name: String?, decided: (expires: Timestamp, decidedBy: String?),
        at: Timestamp, in session: any SQLSession
    ) throws(ReviewError) -> SigningItem {
        guard
            let id = try session.insert(
                """
                INSERT INTO signing_items (id, kind, source, reference, name, custom_name, detail, renewal_group, invalid,
                    expires, own_expires, decided_by, generation, first_seen)
                VALUES (\(nextID("signing_items")), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) RETURNING id
                """,
                [
                    .text(sighting.kind.rawValue), .text(source), .text(sighting.reference), .text(sighting.name),
                    SQLValue(name), .text(sighting.detail), SQLValue(sighting.renewalGroup),
                    .integer(sighting.isInvalid ? 1 : 0), .integer(decided.expires.secondsSince1970),
                    .integer(sighting.ownExpires.secondsSince1970), SQLValue(decided.decidedBy),
                    .integer(at.secondsSince1970),
                ])
        else { throw ReviewError(.storeFailure, "the signing item was not added to \(location)") }
        try observe(id, "first-seen", expires: decided.expires, at: at, in: session)
        if sighting.isInvalid { try observe(id, "invalid", expires: nil, at: at, in: session) }
        return SigningItem(
            id: id, kind: sighting.kind, source: source, reference: sighting.reference, readName: sighting.name,
            customName: name, detail: sighting.detail, renewalGroup: sighting.renewalGroup,
            isInvalid: sighting.isInvalid, expires: decided.expires, ownExpires: sighting.ownExpires,
            decidedBy: decided.decidedBy, firstSeen: at)
    }

    /// Writes what a sighting changes of an item (nothing when nothing changed): back after gone or missing, a new
    /// expiry (a new generation of alerts), the INVALID mark, the name, detail, kind or renewal group.
    private func update(
        _ item: SigningItem, with sighting: SigningSighting, decided: (expires: Timestamp, decidedBy: String?),
        at: Timestamp, in session: any SQLSession
    ) throws(ReviewError) -> SigningChange? {
        var updated = item
        updated.kind = sighting.kind
        updated.readName = sighting.name
        updated.detail = sighting.detail
        updated.renewalGroup = sighting.renewalGroup
        updated.isInvalid = sighting.isInvalid
        updated.expires = decided.expires
        updated.ownExpires = sighting.ownExpires
        updated.decidedBy = decided.decidedBy
        updated.goneAt = nil
        updated.missingSince = nil
        updated.lastSeen = nil
        let isBack = item.goneAt != nil || item.missingSince != nil
        if updated.expires != item.expires { updated.generation += 1 }
        guard updated != item else { return nil }
        try session.run(
            """
            UPDATE signing_items SET kind = ?, name = ?, detail = ?, renewal_group = ?, invalid = ?, expires = ?,
                own_expires = ?, decided_by = ?, generation = ?, gone_at = NULL, missing_since = NULL, last_seen = NULL
            WHERE id = ?
            """,
            [
                .text(updated.kind.rawValue), .text(updated.readName), .text(updated.detail),
                SQLValue(updated.renewalGroup), .integer(updated.isInvalid ? 1 : 0),
                .integer(updated.expires.secondsSince1970), .integer(updated.ownExpires.secondsSince1970),
                SQLValue(updated.decidedBy), .integer(updated.generation), .integer(item.id),
            ])
        if isBack { try observe(item.id, "back", expires: nil, at: at, in: session) }
        if updated.expires != item.expires {
            try observe(item.id, "expires", expires: updated.expires, at: at, in: session)
        }
        if updated.isInvalid != item.isInvalid {
            try observe(item.id, updated.isInvalid ? "invalid" : "valid", expires: nil, at: at, in: session)
        }
        return SigningChange(kind: isBack ? .back : .changed, item: updated)
    }

    func observe(
        _ itemID: Int64, _ what: String, expires: Timestamp?, at: Timestamp, in session: any SQLSession
    )
        throws(ReviewError)
    {
        try session.run(
            "INSERT INTO signing_observations (id, item_id, at, what, expires) VALUES (\(nextID("signing_observations")), ?, ?, ?, ?)",
            [
                .integer(itemID), .integer(at.secondsSince1970), .text(what),
                expires.map { .integer($0.secondsSince1970) } ?? .null,
            ])
    }

    private func lastCompletePass(of source: String, in session: any SQLSession) throws(ReviewError) -> Timestamp? {
        try session.with("SELECT last_complete_at FROM signing_sources WHERE source = ?") {
            (statement: any SQLStatement) throws(ReviewError) -> Timestamp? in
            try statement.bind([.text(source)])
            return try statement.step() ? Timestamp(secondsSince1970: statement.int64(0)) : nil
        }
    }

    private func setLastCompletePass(of source: String, at: Timestamp, in session: any SQLSession) throws(ReviewError) {
        try session.run(
            """
            INSERT INTO signing_sources (source, last_complete_at) VALUES (?, ?)
            ON CONFLICT (source) DO UPDATE SET last_complete_at = excluded.last_complete_at
            """, [.text(source), .integer(at.secondsSince1970)])
    }

    private func alertDays(in session: any SQLSession) throws(ReviewError) -> [Int64] {
        let text = try session.with("SELECT value FROM settings WHERE key = ?") {
            (statement: any SQLStatement) throws(ReviewError) -> String? in
            try statement.bind([.text(Self.alertDaysKey)])
            return try statement.step() ? statement.text(0) : nil
        }
        guard let text else { return SigningAlert.defaultDays }
        let days = text.split(separator: ",").compactMap { Int64($0) }
        guard !days.isEmpty, days.count == text.split(separator: ",").count else {
            throw ReviewError(
                .corruptDatabase,
                "the signing alert days in \(location) read \"\(text)\", not a list of days; set the alert days "
                    + "again")
        }
        return days.sorted(by: >)
    }

    func signingItem(id: Int64, in session: any SQLSession) throws(ReviewError) -> SigningItem? {
        try signingItems(where: "i.id = ?", [.integer(id)], in: session).first
    }

    func signingItems(where condition: String?, _ values: [SQLValue], in session: any SQLSession) throws(ReviewError)
        -> [SigningItem]
    {
        try session.with(Self.signingItemColumns + (condition.map { " WHERE \($0)" } ?? "") + " ORDER BY i.id") {
            (statement: any SQLStatement) throws(ReviewError) -> [SigningItem] in
            try statement.bind(values)
            var items: [SigningItem] = []
            while try statement.step() { items.append(try signingItem(from: statement, at: 0)) }
            return items
        }
    }

    /// Reads an item from the 17 columns of ``signingItemColumns`` starting at `first`.
    private func signingItem(from row: any SQLStatement, at first: Int32) throws(ReviewError) -> SigningItem {
        let id = row.int64(first)
        let kindText = row.text(first + 1) ?? ""
        guard let kind = SigningItemKind(rawValue: kindText) else {
            throw ReviewError(
                .corruptDatabase,
                "signing item \(id) in \(location) has kind \"\(kindText)\", not known to this review; it was not modified"
            )
        }
        func time(_ column: Int32) -> Timestamp? {
            row.isNull(first + column) ? nil : Timestamp(secondsSince1970: row.int64(first + column))
        }
        return SigningItem(
            id: id, kind: kind, source: row.text(first + 2) ?? "", reference: row.text(first + 3) ?? "",
            readName: row.text(first + 4) ?? "", customName: row.text(first + 5), detail: row.text(first + 6) ?? "",
            renewalGroup: row.text(first + 7), isInvalid: row.int64(first + 8) != 0,
            expires: Timestamp(secondsSince1970: row.int64(first + 9)),
            ownExpires: Timestamp(secondsSince1970: row.int64(first + 10)), decidedBy: row.text(first + 11),
            generation: row.int64(first + 12), firstSeen: Timestamp(secondsSince1970: row.int64(first + 13)),
            goneAt: time(14), missingSince: time(15), lastSeen: time(16))
    }

    private func outboxSigningAlert(from row: any SQLStatement) throws(ReviewError) -> OutboxSigningAlert {
        let id = row.int64(0)
        guard let kind = SigningAlert.Kind(rawValue: row.text(2) ?? ""),
            let status = OutboxNotification.Status(rawValue: row.text(5) ?? "")
        else {
            throw ReviewError(
                .corruptDatabase,
                "signing alert \(id) in \(location) has alert \"\(row.text(2) ?? "")\" and status \"\(row.text(5) ?? "")\", "
                    + "not known to this review; it was not modified")
        }
        return OutboxSigningAlert(
            id: id, channel: try channel(from: row, at: 10), item: try signingItem(from: row, at: 18),
            alert: SigningAlert(kind: kind, threshold: row.int64(3), generation: row.int64(1)),
            recordedAt: Timestamp(secondsSince1970: row.int64(4)), status: status, attempts: Int(row.int64(6)),
            firstAttemptAt: row.isNull(7) ? nil : Timestamp(secondsSince1970: row.int64(7)), lastError: row.text(8),
            deliveredAt: row.isNull(9) ? nil : Timestamp(secondsSince1970: row.int64(9)))
    }
}

/// The signing items in `review export` and `review import` (JSON only).
extension RelationalReviewStore {
    /// Every signing item with its history and recorded alerts, in id order, read in one snapshot.
    /// - Returns: the records.
    /// - Throws: `ReviewError` store errors.
    public func signingRecords() throws(ReviewError) -> [SigningRecord] {
        try database.readSnapshot { (session: any SQLSession) throws(ReviewError) -> [SigningRecord] in
            let items = try signingItems(where: nil, [], in: session)
            var observations: [Int64: [SigningRecord.Observation]] = [:]
            try session.with("SELECT item_id, at, what, expires FROM signing_observations ORDER BY id") {
                (statement: any SQLStatement) throws(ReviewError) in
                try statement.bind([])
                while try statement.step() {
                    observations[statement.int64(0), default: []].append(
                        SigningRecord.Observation(
                            at: Timestamp(secondsSince1970: statement.int64(1)), what: statement.text(2) ?? "",
                            expires: statement.isNull(3) ? nil : Timestamp(secondsSince1970: statement.int64(3))))
                }
            }
            var alerts: [Int64: [SigningRecord.RecordedAlert]] = [:]
            try session.with(
                "SELECT item_id, generation, alert, threshold, at FROM signing_alerts "
                    + "ORDER BY item_id, generation, at, alert, threshold"
            ) { (statement: any SQLStatement) throws(ReviewError) in
                try statement.bind([])
                while try statement.step() {
                    guard let kind = SigningAlert.Kind(rawValue: statement.text(2) ?? "") else { continue }
                    alerts[statement.int64(0), default: []].append(
                        SigningRecord.RecordedAlert(
                            alert: SigningAlert(
                                kind: kind, threshold: statement.int64(3), generation: statement.int64(1)),
                            at: Timestamp(secondsSince1970: statement.int64(4))))
                }
            }
            return items.map {
                SigningRecord(item: $0, observations: observations[$0.id] ?? [], alerts: alerts[$0.id] ?? [])
            }
        }
    }

    /// Adds the signing items of an import in one transaction, each with its history and recorded alerts, keeping its
    /// id when the store does not use it yet; an item already tracked (the same source and reference) is left as it
    /// is.
    /// - Parameter records: the records.
    /// - Returns: how many items were added and how many were already present.
    /// - Throws: `ReviewError.malformedImport` for a value that cannot be stored, store errors.
    public func importSigningRecords(_ records: [SigningRecord]) throws(ReviewError) -> ImportSummary {
        for record in records {
            let item = record.item
            let sighting = SigningSighting(
                kind: item.kind, reference: item.reference, name: item.readName, detail: item.detail,
                ownExpires: item.ownExpires)
            if let problem = Self.problem(sighting) ?? (item.source.isEmpty ? "the signing item has no source" : nil) {
                throw ReviewError(.malformedImport, "signing item \(item.id) (\(item.reference)): \(problem)")
            }
            guard item.id >= 0, item.id <= ReviewLimits.maximumImportedID, item.generation >= 1 else {
                throw ReviewError(
                    .malformedImport,
                    "signing item \(item.id) (\(item.reference)): its id or generation is out of range; nothing was "
                        + "imported")
            }
        }
        return try database.write { (session: any SQLSession) throws(ReviewError) -> ImportSummary in
            var summary = ImportSummary(inserted: 0, alreadyPresent: 0)
            for record in records {
                let item = record.item
                if try !signingItems(
                    where: "i.source = ? AND i.reference = ?", [.text(item.source), .text(item.reference)],
                    in: session
                ).isEmpty {
                    summary.alreadyPresent += 1
                    continue
                }
                var idFree = false
                if item.id > 0 { idFree = try signingItem(id: item.id, in: session) == nil }
                func time(_ value: Timestamp?) -> SQLValue { value.map { .integer($0.secondsSince1970) } ?? .null }
                guard
                    let id = try session.insert(
                        """
                        INSERT INTO signing_items (id, kind, source, reference, name, custom_name, detail, renewal_group,
                            invalid, expires, own_expires, decided_by, generation, first_seen, gone_at, missing_since,
                            last_seen)
                        VALUES (\(idFree ? "?" : nextID("signing_items")), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        RETURNING id
                        """,
                        (idFree ? [.integer(item.id)] : [SQLValue]()) + [
                            .text(item.kind.rawValue), .text(item.source), .text(item.reference),
                            .text(item.readName), SQLValue(item.customName), .text(item.detail),
                            SQLValue(item.renewalGroup), .integer(item.isInvalid ? 1 : 0), time(item.expires),
                            time(item.ownExpires), SQLValue(item.decidedBy), .integer(item.generation),
                            time(item.firstSeen), time(item.goneAt), time(item.missingSince), time(item.lastSeen),
                        ])
                else { throw ReviewError(.storeFailure, "the signing item was not added to \(location)") }
                for observation in record.observations {
                    try observe(id, observation.what, expires: observation.expires, at: observation.at, in: session)
                }
                for recorded in record.alerts {
                    try session.run(
                        """
                        INSERT INTO signing_alerts (item_id, generation, alert, threshold, at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT DO NOTHING
                        """,
                        [
                            .integer(id), .integer(recorded.alert.generation), .text(recorded.alert.kind.rawValue),
                            .integer(recorded.alert.threshold), time(recorded.at),
                        ])
                }
                summary.inserted += 1
            }
            return summary
        }
    }
}
