import CommandLineKit
import ReviewLog

/// What `review signing [list]` shows: the rows chosen, and how many items the store tracks and the listing left
/// out (for the messages around the table).
struct SigningTable {
    /// The rows, in table order.
    var shown: [SigningItemStatus]
    /// Every item the store tracks.
    var tracked: Int
    /// The items gone or missing for more than 30 days that were left out (0 with `--all` or `--expiring`).
    var hidden: Int
    /// `--expiring DAYS`, if given.
    var expiring: Int64?
}

/// The output of `review signing`, `signing add`, `remove` and `alerts`, and the line `review status` ends with.
/// Items are `SigningItemStatus.json` objects in `--json`, the same as the generic webhook's `item`.
extension Renderer {
    /// The columns of `review signing` (the report's list has the same).
    static let signingColumns = ["KIND", "NAME", "DETAIL", "EXPIRES", "LEFT", "STATE", "SOURCE"]

    /// `review signing [list]`: the table, or `{"items": [...]}`.
    func signing(_ table: SigningTable, json: Bool) -> String {
        if json {
            let items = table.shown.map { "  " + $0.json }
            return items.isEmpty ? "{\"items\": []}\n" : "{\"items\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
        }
        let hiddenNote =
            "\(table.hidden) item\(table.hidden == 1 ? "" : "s") gone or missing for more than 30 days not shown: "
            + "review signing --all lists \(table.hidden == 1 ? "it" : "them").\n"
        guard !table.shown.isEmpty else {
            if table.tracked == 0 {
                return "No signing items yet. Track a local provisioning profile, certificate or client secret with: "
                    + "review signing add PATH; review sync records App Store Connect's certificates and profiles.\n"
            }
            if let days = table.expiring {
                return "No signing item has \(days) day\(days == 1 ? "" : "s") left or fewer (\(table.tracked) "
                    + "tracked: review signing lists them).\n"
            }
            return "No signing item to show. " + hiddenNote
        }
        var rows = [Self.signingColumns]
        for status in table.shown {
            let item = status.item
            rows.append([
                item.kind.rawValue, shown(item.name), shown(item.detail), time(item.expires), status.left(at: now),
                status.state.rawValue, shown(item.source),
            ])
        }
        var text = TextTable(rows: rows).render()
        if table.hidden > 0 { text += "\n" + hiddenNote }
        return text
    }

    /// `signing add`: the first line names the item's id, kind, name, expiry and days left (scripts read it); then
    /// its detail, and what to do when it is expiring or expired. Or the item's JSON.
    func signingAdded(_ status: SigningItemStatus, alreadyTracked: Bool, json: Bool) -> String {
        if json { return status.json + "\n" }
        let item = status.item
        var text =
            "Tracking signing item \(item.id) (\(item.kind.rawValue)): \"\(shown(item.name))\", "
            + "\(status.expiryClause(at: now, formatTime: time)).\n"
        text += "  Detail: \(shown(item.detail))\n"
        if alreadyTracked { text += "  It was tracked already: re-read, its history kept.\n" }
        switch status.state {
        case .expiring, .expired:
            text += "  It is \(status.state.rawValue): \(item.kind.whatToDo).\n"
        case .active, .invalid, .gone, .missing, .renewed:
            break
        }
        return text
    }

    /// `signing remove`: a sentence, or the item's JSON.
    func signingRemoved(_ status: SigningItemStatus, json: Bool) -> String {
        if json { return status.json + "\n" }
        let item = status.item
        var text =
            "Removed signing item \(item.id) (\(item.kind.rawValue)): \"\(shown(item.name))\", its history and "
            + "pending alerts.\n"
        if !item.kind.isFile, item.goneAt == nil {
            text += "  App Store Connect still listed it at the last sync: the next sync tracks it again.\n"
        }
        return text
    }

    /// `signing alerts`: the days, or `{"days": [...]}`.
    func signingAlertDays(_ days: [Int64], set: Bool, json: Bool) -> String {
        if json { return JSONText.object([("days", "[" + days.map(String.init).joined(separator: ", ") + "]")]) + "\n" }
        let list = Self.list(days.map(String.init))
        if set { return "Signing alerts set to \(list) days left.\n" }
        return "Signing alerts at \(list) days left (review signing alerts --days LIST sets them).\n"
    }

    /// "30, 14, 7 and 1".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    // MARK: status

    /// How close an item must be to its expiry for `review status` to mention it: 14 days.
    static let statusSigningDays: Int64 = 14

    /// The line `review status` ends with when an item expires within 14 days, has expired or is invalid: "Signing:
    /// 1 profile is invalid, 1 certificate expires in 6 days: review signing". Counts are per kind of thing
    /// (certificate, profile, client secret; App Store Connect's and local files' together); renewed, gone and
    /// missing items are left out. Red when something is invalid, expired or within 7 days, else yellow (`--color`).
    /// - Returns: the line with its newline, or nil when nothing qualifies.
    func signingStatusLine(_ statuses: [SigningItemStatus]) -> String? {
        let nouns = ["certificate", "profile", "client secret"]
        var invalid: [String: Int] = [:]
        var expired: [String: Int] = [:]
        var expiring: [String: [Int64]] = [:]
        for status in statuses {
            let noun = status.item.kind.noun
            switch status.state {
            case .invalid: invalid[noun, default: 0] += 1
            case .expired: expired[noun, default: 0] += 1
            case .expiring, .active:
                if status.daysLeft <= Self.statusSigningDays { expiring[noun, default: []].append(status.daysLeft) }
            case .gone, .missing, .renewed: break
            }
        }
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var clauses: [String] = []
        for noun in nouns {
            if let count = invalid[noun] {
                clauses.append(counted(count, noun) + (count == 1 ? " is" : " are") + " invalid")
            }
        }
        for noun in nouns {
            if let count = expired[noun] {
                clauses.append(counted(count, noun) + (count == 1 ? " has" : " have") + " expired")
            }
        }
        for noun in nouns {
            guard let days = expiring[noun], let soonest = days.min(), let latest = days.max() else { continue }
            let verb = days.count == 1 ? "expires" : "expire"
            let when: String
            if latest == 0 {
                when = "within a day"
            } else if soonest == latest {
                when = "in \(latest) day\(latest == 1 ? "" : "s")"
            } else if soonest == 0 {
                when = "within \(latest) days"
            } else {
                when = "in \(soonest) to \(latest) days"
            }
            clauses.append("\(counted(days.count, noun)) \(verb) \(when)")
        }
        guard !clauses.isEmpty else { return nil }
        let urgent = !invalid.isEmpty || !expired.isEmpty || expiring.values.contains { $0.contains { $0 <= 7 } }
        let line = "Signing: " + clauses.joined(separator: ", ") + ": review signing"
        return Terminal.styled(line, urgent ? .red : .yellow, enabled: color) + "\n"
    }
}
