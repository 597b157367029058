/// A certificate, provisioning profile or client secret the signing tracker watches, as the store holds it: what it
/// is, its effective expiry and what decides it, and its history (first seen, gone or missing since, last seen).
public struct SigningItem: Sendable, Hashable, Identifiable {
    /// The store's id (the `id` of `review signing --json`, and of `signing remove`).
    public var id: Int64
    /// What it is.
    public var kind: SigningItemKind
    /// Where it comes from: `app-store-connect:<credentials profile or key ID>`, or a local file's absolute path.
    public var source: String
    /// The App Store Connect id of a listed item, or a local file's absolute path: unique within its source.
    public var reference: String
    /// The name read from the item (the API's `name`, a profile's `Name`, a certificate's subject CN, a client
    /// secret's `sub`).
    public var readName: String
    /// The name given with `signing add --name`, if any: it is shown instead of ``readName``.
    public var customName: String?
    /// The DETAIL text (type or platform, serial or UUID, client ID).
    public var detail: String
    /// What an App Store Connect item is renewed within: a certificate's `certificateType`, a profile's name (nil
    /// for a file).
    public var renewalGroup: String?
    /// Whether App Store Connect marks the profile INVALID.
    public var isInvalid: Bool
    /// The effective expiry: for a profile, the earliest of its own date and its certificates'.
    public var expires: Timestamp
    /// The item's own expiry (a profile's `expirationDate`; the same as ``expires`` for other kinds).
    public var ownExpires: Timestamp
    /// For a profile whose expiry a certificate decides: that certificate (the store id of a listed certificate, or
    /// `serial:<serial number>` of a local profile's `DeveloperCertificates` entry); nil when its own date decides.
    public var decidedBy: String?
    /// How many expiry dates the item has had: 1, then one more each time a re-read file (or a profile's
    /// certificates) gives another. Alerts are kept per generation, so they start again for a new date.
    public var generation: Int64
    /// When it was first seen.
    public var firstSeen: Timestamp
    /// When a complete listing first lacked it (App Store Connect items).
    public var goneAt: Timestamp?
    /// When its file was first found missing (local files).
    public var missingSince: Timestamp?
    /// The last time it was seen, once it is gone or missing (while it is seen, the last pass is its source's).
    public var lastSeen: Timestamp?

    /// Creates an item as read from the store.
    public init(
        id: Int64, kind: SigningItemKind, source: String, reference: String, readName: String,
        customName: String? = nil, detail: String, renewalGroup: String? = nil, isInvalid: Bool = false,
        expires: Timestamp, ownExpires: Timestamp? = nil, decidedBy: String? = nil, generation: Int64 = 1,
        firstSeen: Timestamp, goneAt: Timestamp? = nil, missingSince: Timestamp? = nil, lastSeen: Timestamp? = nil
    ) {
        self.id = id
        self.kind = kind
        self.source = source
        self.reference = reference
        self.readName = readName
        self.customName = customName
        self.detail = detail
        self.renewalGroup = renewalGroup
        self.isInvalid = isInvalid
        self.expires = expires
        self.ownExpires = ownExpires ?? expires
        self.decidedBy = decidedBy
        self.generation = generation
        self.firstSeen = firstSeen
        self.goneAt = goneAt
        self.missingSince = missingSince
        self.lastSeen = lastSeen
    }

    /// The name shown: the one given with `--name`, else the one read.
    public var name: String { customName ?? readName }

    /// The App Store Connect id of a listed item (nil for a file).
    public var ascID: String? { kind.isFile ? nil : reference }

    /// Whole days from `now` to the effective expiry, rounded down: floor((expires − now) / 86,400 s), negative
    /// once expired (one second past is −1).
    /// - Parameter now: the current time.
    /// - Returns: the days left.
    public func daysLeft(at now: Timestamp) -> Int64 {
        let seconds = now.seconds(until: expires)
        return seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    }

    /// Where it stands: the first of gone, missing, invalid, renewed, expired, expiring, active that applies.
    /// - Parameters:
    ///   - now: the current time.
    ///   - expiringWithin: the largest alert threshold in days (30 by default): within it an item is expiring.
    ///   - isRenewed: whether a newer item replaces it (``SigningItem/renewed(among:)``).
    /// - Returns: the state.
    public func state(at now: Timestamp, expiringWithin: Int64, isRenewed: Bool) -> SigningItemState {
        if goneAt != nil { return .gone }
        if missingSince != nil { return .missing }
        if isInvalid { return .invalid }
        if isRenewed { return .renewed }
        if expires <= now { return .expired }
        if daysLeft(at: now) <= expiringWithin { return .expiring }
        return .active
    }

    /// The ids of the App Store Connect items that a newer one replaces: among the items of one source still seen, a
    /// certificate of the same `certificateType` with a later expiry, a profile of the same name with a later expiry
    /// (or the same expiry and a later first sight: made again).
    /// - Parameter items: every item.
    /// - Returns: the renewed items' ids.
    public static func renewed(among items: [SigningItem]) -> Set<Int64> {
        var renewed: Set<Int64> = []
        let seen = items.filter { !$0.kind.isFile && $0.goneAt == nil && $0.renewalGroup != nil }
        let groups = Dictionary(grouping: seen) { [$0.kind.rawValue, $0.source, $0.renewalGroup ?? ""] }
        for members in groups.values where members.count > 1 {
            for item in members
            where members.contains(where: {
                $0.id != item.id
                    && ($0.ownExpires > item.ownExpires
                        || ($0.ownExpires == item.ownExpires && $0.firstSeen > item.firstSeen))
            }) {
                renewed.insert(item.id)
            }
        }
        return renewed
    }
}

/// An item with where it stands at one time: what `review signing`, `status`, the report and alerts show.
public struct SigningItemStatus: Sendable, Hashable {
    /// The item.
    public var item: SigningItem
    /// Its state.
    public var state: SigningItemState
    /// Whole days left (negative once expired).
    public var daysLeft: Int64

    /// Creates a status.
    public init(item: SigningItem, state: SigningItemState, daysLeft: Int64) {
        self.item = item
        self.state = state
        self.daysLeft = daysLeft
    }

    /// The statuses of `items` at `now`, soonest effective expiry first (then by id).
    /// - Parameters:
    ///   - items: the items.
    ///   - now: the current time.
    ///   - expiringWithin: the largest alert threshold in days.
    /// - Returns: the statuses, in table order.
    public static func of(_ items: [SigningItem], at now: Timestamp, expiringWithin: Int64) -> [SigningItemStatus] {
        let renewed = SigningItem.renewed(among: items)
        return
            items
            .sorted { ($0.expires, $0.id) < ($1.expires, $1.id) }
            .map {
                SigningItemStatus(
                    item: $0,
                    state: $0.state(at: now, expiringWithin: expiringWithin, isRenewed: renewed.contains($0.id)),
                    daysLeft: $0.daysLeft(at: now))
            }
    }

    /// The statuses of `items` at `now` under the store's alert thresholds: an item is expiring within the largest
    /// (the defaults' largest when none is set). `review signing`, `status`, `report` and `serve`'s report read it.
    /// - Parameters:
    ///   - items: the items.
    ///   - now: the current time.
    ///   - alertDays: the alert thresholds in days (`SigningStore.signingAlertDays()`).
    /// - Returns: the statuses, in table order.
    package static func of(_ items: [SigningItem], at now: Timestamp, alertDays: [Int64]) -> [SigningItemStatus] {
        of(items, at: now, expiringWithin: alertDays.max() ?? SigningAlert.defaultDays[0])
    }

    /// Whether a listing shows it by default: everything but items gone or missing for more than 30 days.
    /// - Parameter now: the current time.
    /// - Returns: true to list it without `--all`.
    public func isListedByDefault(at now: Timestamp) -> Bool {
        guard let since = item.goneAt ?? item.missingSince else { return true }
        return since.seconds(until: now) <= 30 * 86_400
    }

    /// The object `review signing --json` shows for it (and the generic webhook's `item`): `id`, `kind`, `name`,
    /// `expires`, `daysLeft`, `state`, `source`, `detail`, `firstSeen`, with `ascID` for App Store Connect items,
    /// `ownExpires` and `decidedBy` for profiles, and `goneAt`, `missingSince`, `lastSeen` when set.
    public var json: String {
        var members: [(String, String)] = [
            ("id", JSONText.number(item.id)), ("kind", JSONText.string(item.kind.rawValue)),
            ("name", JSONText.string(item.name)), ("expires", JSONText.string(item.expires.iso8601)),
            ("daysLeft", JSONText.number(daysLeft)), ("state", JSONText.string(state.rawValue)),
            ("source", JSONText.string(item.source)), ("detail", JSONText.string(item.detail)),
        ]
        if let ascID = item.ascID { members.append(("ascID", JSONText.string(ascID))) }
        if item.kind.isProfile {
            members.append(("ownExpires", JSONText.string(item.ownExpires.iso8601)))
            members.append(("decidedBy", JSONText.string(item.decidedBy ?? "profile")))
        }
        members.append(("firstSeen", JSONText.string(item.firstSeen.iso8601)))
        if let goneAt = item.goneAt { members.append(("goneAt", JSONText.string(goneAt.iso8601))) }
        if let missingSince = item.missingSince {
            members.append(("missingSince", JSONText.string(missingSince.iso8601)))
        }
        if let lastSeen = item.lastSeen { members.append(("lastSeen", JSONText.string(lastSeen.iso8601))) }
        return JSONText.object(members)
    }
}
