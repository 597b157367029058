import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

/// The signing tracker's side of the store (issue 22), on both stores: App Store Connect listings recorded exactly
/// (nothing written for an unchanged pass, gone kept with its last sight, an unreadable list leaving its items), a
/// profile expiring with its certificates, renewals, local files re-read, the alert days and the alert rule.
@Suite("signing items in the store")
struct SigningStoreTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static let source = "app-store-connect:team"
    static let day: Int64 = 86_400
    static let start = Timestamp(secondsSince1970: 1_800_000_000)

    static func at(days: Int64) -> Timestamp { Timestamp(secondsSince1970: start.secondsSince1970 + days * day) }

    static func certificate(_ id: String, expiresInDays days: Int64, type: String = "DISTRIBUTION") -> SigningSighting {
        SigningSighting(
            kind: .certificate, reference: id, name: "Apple Distribution: Example (\(id))",
            detail: "\(type), IOS, serial \(id)", ownExpires: at(days: days), renewalGroup: type)
    }

    static func profile(
        _ id: String, expiresInDays days: Int64, certificates: [(String, Int64)], invalid: Bool = false,
        name: String = "Fokus App Store"
    ) -> SigningSighting {
        SigningSighting(
            kind: .profile, reference: id, name: name, detail: "IOS_APP_STORE, UUID \(id)", ownExpires: at(days: days),
            isInvalid: invalid, renewalGroup: name,
            includedCertificates: certificates.map { .init(reference: $0.0, expires: at(days: $0.1)) })
    }

    static func observationCount(_ store: RelationalReviewStore) throws -> Int {
        try store.database.read { (session: any SQLSession) throws(ReviewError) -> Int in
            try session.with("SELECT count(*) FROM signing_observations") {
                (statement: any SQLStatement) throws(ReviewError) -> Int in
                try statement.bind([])
                _ = try statement.step()
                return Int(statement.int64(0))
            }
        }
    }

    @Test("a listing adds its items; the same listing again changes and writes nothing", arguments: StoreKind.allCases)
    func idempotent(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let listing = SigningListing(
            source: Self.source, at: Self.start,
            certificates: [Self.certificate("c1", expiresInDays: 200)],
            profiles: [Self.profile("p1", expiresInDays: 300, certificates: [("c1", 200)])])
        let first = try store.applySigningListing(listing)
        #expect(first.map(\.kind) == [.added, .added])
        let observations = try Self.observationCount(store)
        var again = listing
        again.at = Self.at(days: 1)
        #expect(try store.applySigningListing(again).isEmpty)
        #expect(try Self.observationCount(store) == observations)
        let items = try store.signingItems()
        #expect(items.map(\.reference) == ["c1", "p1"])
        #expect(items.allSatisfy { $0.firstSeen == Self.start && $0.lastSeen == nil && $0.generation == 1 })
    }

    @Test(
        "a profile expires with its first certificate, named by its item id; its own date otherwise",
        arguments: StoreKind.allCases)
    func profileExpiry(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        _ = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.start,
                certificates: [Self.certificate("c1", expiresInDays: 20), Self.certificate("c2", expiresInDays: 400)],
                profiles: [
                    Self.profile("p1", expiresInDays: 300, certificates: [("c2", 400), ("c1", 20)]),
                    Self.profile("p2", expiresInDays: 100, certificates: [("c2", 400)], name: "Other"),
                ]))
        let items = try store.signingItems()
        let c1 = try #require(items.first { $0.reference == "c1" })
        let p1 = try #require(items.first { $0.reference == "p1" })
        let p2 = try #require(items.first { $0.reference == "p2" })
        #expect(p1.expires == Self.at(days: 20) && p1.ownExpires == Self.at(days: 300))
        #expect(p1.decidedBy == String(c1.id))
        #expect(p2.expires == Self.at(days: 100) && p2.decidedBy == nil)
        let status = SigningItemStatus.of(items, at: Self.start, expiringWithin: 30)
        #expect(status.map(\.item.reference) == ["c1", "p1", "p2", "c2"], "soonest effective expiry first")
        #expect(status.first { $0.item.id == p1.id }?.json.contains("\"decidedBy\": \"\(c1.id)\"") == true)
    }

    @Test(
        "a revoked certificate is gone with its last sight; its profile turns invalid; an unread list leaves its items",
        arguments: StoreKind.allCases)
    func goneAndUnreadable(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        _ = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.start,
                certificates: [Self.certificate("c1", expiresInDays: 200), Self.certificate("c2", expiresInDays: 300)],
                profiles: [Self.profile("p1", expiresInDays: 300, certificates: [("c1", 200)])]))
        // The certificates' list could not be read: nothing of them changes, the profiles' list is recorded.
        let unread = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.at(days: 1), certificates: nil,
                profiles: [Self.profile("p1", expiresInDays: 300, certificates: [("c1", 200)])]))
        #expect(unread.isEmpty)
        let revoked = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.at(days: 2), certificates: [Self.certificate("c2", expiresInDays: 300)],
                profiles: [Self.profile("p1", expiresInDays: 300, certificates: [], invalid: true)]))
        #expect(revoked.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.changed, .gone])
        let items = try store.signingItems()
        let c1 = try #require(items.first { $0.reference == "c1" })
        #expect(c1.goneAt == Self.at(days: 2))
        #expect(c1.lastSeen == Self.start, "the last complete pass before it went (the unread one does not count)")
        let p1 = try #require(items.first { $0.reference == "p1" })
        #expect(p1.isInvalid && p1.expires == Self.at(days: 300) && p1.decidedBy == nil)
        let states = SigningItemStatus.of(items, at: Self.at(days: 2), expiringWithin: 30)
        #expect(states.first { $0.item.id == c1.id }?.state == .gone)
        #expect(states.first { $0.item.id == p1.id }?.state == .invalid)
        // Gone once: the next pass writes nothing more of it.
        #expect(
            try store.applySigningListing(
                SigningListing(
                    source: Self.source, at: Self.at(days: 3),
                    certificates: [Self.certificate("c2", expiresInDays: 300)],
                    profiles: [Self.profile("p1", expiresInDays: 300, certificates: [], invalid: true)])
            ).isEmpty)
    }

    @Test(
        "a newer certificate of the same type renews the older, a profile made again its namesake",
        arguments: StoreKind.allCases)
    func renewals(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        _ = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.start,
                certificates: [
                    Self.certificate("old", expiresInDays: 10), Self.certificate("new", expiresInDays: 375),
                    Self.certificate("dev", expiresInDays: 5, type: "DEVELOPMENT"),
                ],
                profiles: [
                    Self.profile("p-old", expiresInDays: 10, certificates: []),
                    Self.profile("p-new", expiresInDays: 365, certificates: []),
                ]))
        let items = try store.signingItems()
        let renewed = SigningItem.renewed(among: items)
        #expect(Set(items.filter { renewed.contains($0.id) }.map(\.reference)) == ["old", "p-old"])
        let states = SigningItemStatus.of(items, at: Self.start, expiringWithin: 30)
        #expect(states.first { $0.item.reference == "dev" }?.state == .expiring)
        #expect(states.first { $0.item.reference == "old" }?.state == .renewed)
        #expect(try store.recordSigningAlerts(now: Self.start) == 1, "only the development certificate alerts")
    }

    @Test(
        "a tracked file: re-read with a new date starts a new generation; missing once; back again",
        arguments: StoreKind.allCases)
    func files(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let path = "/srv/keys/client-secret.jwt"
        let secret = SigningSighting(
            kind: .clientSecret, reference: path, name: "com.example.web", detail: "client secret",
            ownExpires: Self.at(days: 10))
        let item = try store.trackSigningFile(secret, name: "Web login", at: Self.start)
        #expect(item.name == "Web login" && item.readName == "com.example.web" && item.source == path)
        #expect(try store.recordSigningFileRead(id: item.id, secret, at: Self.at(days: 1)) == nil)
        var renewed = secret
        renewed.ownExpires = Self.at(days: 180)
        let change = try #require(try store.recordSigningFileRead(id: item.id, renewed, at: Self.at(days: 2)))
        #expect(change.kind == .changed && change.item.generation == 2 && change.item.expires == Self.at(days: 180))
        let missing = try #require(try store.recordSigningFileRead(id: item.id, nil, at: Self.at(days: 3)))
        #expect(missing.kind == .missing && missing.item.lastSeen == Self.at(days: 2))
        #expect(try store.recordSigningFileRead(id: item.id, nil, at: Self.at(days: 4)) == nil, "missing once")
        let back = try #require(try store.recordSigningFileRead(id: item.id, renewed, at: Self.at(days: 5)))
        #expect(back.kind == .back && back.item.missingSince == nil && back.item.lastSeen == nil)
        #expect(try store.signingItems().map(\.customName) == ["Web login"])
        #expect(throws: ReviewError(.signingItemNotFound)) {
            try store.recordSigningFileRead(id: 999, nil, at: Self.start)
        }
        #expect(try store.removeSigningItem(id: item.id).id == item.id)
        #expect(try store.signingItems().isEmpty)
        #expect(throws: ReviewError(.signingItemNotFound)) { try store.removeSigningItem(id: item.id) }
    }

    @Test("the alert days: 30, 14, 7, 1 until set; set largest first; nonsense refused", arguments: StoreKind.allCases)
    func alertDays(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        #expect(try store.signingAlertDays() == [30, 14, 7, 1])
        #expect(try store.setSigningAlertDays([3, 21, 3]) == [21, 3])
        #expect(try store.signingAlertDays() == [21, 3])
        for bad: [Int64] in [[], [0], [400], Array(1...11)] {
            #expect(throws: ReviewError(.invalidValue)) { try store.setSigningAlertDays(bad) }
        }
        #expect(try store.signingAlertDays() == [21, 3])
    }

    @Test(
        "alerts: each threshold once as it is crossed, then expired; the outbox has one row per signing channel",
        arguments: StoreKind.allCases)
    func thresholdsOneByOne(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let slack = try store.addChannel(NotificationChannel(kind: .slack, url: "https://hooks.slack.com/x"))
        _ = try store.addChannel(
            NotificationChannel(kind: .webhook, url: "https://hooks.example.com/y", takesSigningAlerts: false))
        _ = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.start, certificates: [Self.certificate("c1", expiresInDays: 40)],
                profiles: []))
        var sent: [Int] = []
        for day: Int64 in [0, 5, 10, 11, 25, 26, 30, 33, 38, 39, 40, 41] {
            sent.append(try store.recordSigningAlerts(now: Self.at(days: day)))
        }
        // 40 days left: nothing; 30 at day 10, 14 at day 26, 7 at day 33, 1 at day 39, expired at day 40.
        #expect(sent == [0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0])
        let alerts = try store.signingAlerts(statuses: [])
        #expect(alerts.allSatisfy { $0.channel.id == slack.id })
        let itemID = try #require(alerts.first?.item.id)
        #expect(
            alerts.map { $0.alert.id(itemID: itemID) } == [
                "signing-\(itemID)-expiring-30", "signing-\(itemID)-expiring-14", "signing-\(itemID)-expiring-7",
                "signing-\(itemID)-expiring-1", "signing-\(itemID)-expired",
            ])
    }

    @Test(
        "alerts: several thresholds reached at once send the smallest; an invalid profile alerts when first seen",
        arguments: StoreKind.allCases)
    func severalAtOnce(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        _ = try store.addChannel(NotificationChannel(kind: .discord, url: "https://discord.com/api/webhooks/1/x"))
        _ = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.start, certificates: [Self.certificate("c1", expiresInDays: 3)],
                profiles: [Self.profile("p1", expiresInDays: 200, certificates: [], invalid: true)]))
        #expect(try store.recordSigningAlerts(now: Self.start) == 2)
        #expect(try store.recordSigningAlerts(now: Self.start) == 0)
        let alerts = try store.signingAlerts(statuses: [.pending]).map(\.alert)
        #expect(alerts.contains(SigningAlert(kind: .expiring, threshold: 7)))
        #expect(alerts.contains(SigningAlert(kind: .invalid)))
        #expect(alerts.count == 2)
        // The 1-day threshold is still ahead.
        #expect(try store.recordSigningAlerts(now: Self.at(days: 2)) == 1)
    }

    @Test("a file's new date starts its alerts again; gone and missing alert once", arguments: StoreKind.allCases)
    func generationsAndGone(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        _ = try store.addChannel(NotificationChannel(kind: .webhook, url: "https://hooks.example.com/z"))
        let path = "/srv/keys/apns.pem"
        let file = SigningSighting(
            kind: .certificateFile, reference: path, name: "Apple Push Services: com.example", detail: "APNs",
            ownExpires: Self.at(days: 5))
        let item = try store.trackSigningFile(file, name: nil, at: Self.start)
        #expect(try store.recordSigningAlerts(now: Self.start) == 1)
        var renewed = file
        renewed.ownExpires = Self.at(days: 13)
        _ = try store.recordSigningFileRead(id: item.id, renewed, at: Self.at(days: 1))
        #expect(try store.recordSigningAlerts(now: Self.at(days: 1)) == 1, "the 14-day alert of the new date")
        _ = try store.recordSigningFileRead(id: item.id, nil, at: Self.at(days: 2))
        #expect(try store.recordSigningAlerts(now: Self.at(days: 2)) == 1)
        #expect(try store.recordSigningAlerts(now: Self.at(days: 3)) == 0)
        // The 7-day alert of the first date, still pending, was dropped when the new date came: it no longer applies.
        let ids = try store.signingAlerts(statuses: []).map { $0.alert.id(itemID: item.id) }
        #expect(ids == ["signing-\(item.id)-r2-expiring-14", "signing-\(item.id)-r2-missing"])
        _ = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.start, certificates: [Self.certificate("c1", expiresInDays: 300)],
                profiles: []))
        _ = try store.applySigningListing(
            SigningListing(source: Self.source, at: Self.at(days: 4), certificates: [], profiles: []))
        #expect(try store.recordSigningAlerts(now: Self.at(days: 4)) == 1)
        #expect(try store.recordSigningAlerts(now: Self.at(days: 5)) == 0)
    }
}

extension SigningStoreTests {
    @Test(
        "export holds the items, their history and alerts; an unchanged pass leaves it byte-identical; import restores it",
        arguments: StoreKind.allCases)
    func exportImport(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        _ = try store.addChannel(NotificationChannel(kind: .slack, url: "https://hooks.slack.com/x"))
        _ = try store.record(LogRequest(app: "Fokus", version: "1.0", state: .waitingForReview, at: Self.start))
        let listing = SigningListing(
            source: Self.source, at: Self.start,
            certificates: [Self.certificate("c1", expiresInDays: 10), Self.certificate("c2", expiresInDays: 300)],
            profiles: [Self.profile("p1", expiresInDays: 300, certificates: [("c1", 10)])])
        _ = try store.applySigningListing(listing)
        _ = try store.applySigningListing(
            SigningListing(
                source: Self.source, at: Self.at(days: 1), certificates: [Self.certificate("c1", expiresInDays: 10)],
                profiles: [Self.profile("p1", expiresInDays: 300, certificates: [("c1", 10)])]))
        let secret = try store.trackSigningFile(
            SigningSighting(
                kind: .clientSecret, reference: "/srv/secret.jwt", name: "com.example.web", detail: "ES256",
                ownExpires: Self.at(days: 90)), name: "Web \"login\"", at: Self.start)
        // c1 and p1 (which c1 decides) at 9 days left, c2 gone.
        #expect(try store.recordSigningAlerts(now: Self.at(days: 1)) == 3)

        func export(_ store: RelationalReviewStore) throws -> String {
            EventInterchange.json(try store.events(app: nil), signing: try store.signingRecords())
        }
        let exported = try export(store)
        #expect(exported.contains("\"signing\": [\n  {\"id\": 1, \"kind\": \"certificate\""), "\(exported)")
        #expect(
            !exported.contains("last_complete")
                && !exported.contains(Self.at(days: 1).iso8601 + "\", \"what\": \"first"))
        // A pass that sees nothing new, later: the same bytes.
        var unchanged = listing
        unchanged.at = Self.at(days: 2)
        unchanged.certificates = [Self.certificate("c1", expiresInDays: 10)]
        _ = try store.applySigningListing(unchanged)
        _ = try store.recordSigningFileRead(
            id: secret.id,
            SigningSighting(
                kind: .clientSecret, reference: "/srv/secret.jwt", name: "com.example.web", detail: "ES256",
                ownExpires: Self.at(days: 90)), at: Self.at(days: 2))
        #expect(try export(store) == exported)

        let file = directory.file("export.json")
        try Data(exported.utf8).write(to: file)
        let (events, signing) = try EventInterchange.contents(ofFile: file.path)
        #expect(signing.count == 4 && events.count == 1)
        let target = try kind.open(kind.newLocation(in: directory, name: "target.sqlite3"))
        _ = try target.importEvents(events)
        #expect(try target.importSigningRecords(signing) == ImportSummary(inserted: 4, alreadyPresent: 0))
        #expect(try export(target) == exported, "an export imported into an empty store exports again byte for byte")
        #expect(try target.importSigningRecords(signing) == ImportSummary(inserted: 0, alreadyPresent: 4))
        // The recorded alerts came along: the imported store does not alert again.
        _ = try target.addChannel(NotificationChannel(kind: .slack, url: "https://hooks.slack.com/y"))
        #expect(try target.recordSigningAlerts(now: Self.at(days: 1)) == 0)

        // An export without signing items is the events' file as before.
        let empty = try kind.open(kind.newLocation(in: directory, name: "empty.sqlite3"))
        #expect(EventInterchange.json([], signing: try empty.signingRecords()) == "{\"events\": []}\n")
        // A malformed signing member imports nothing, and says where.
        let bad = directory.file("bad.json")
        try Data(
            #"{"events": [], "signing": [{"kind": "nope", "source": "s", "reference": "r", "name": "n", "expires": "2027-01-01T00:00:00Z", "firstSeen": "2026-01-01T00:00:00Z"}]}"#
                .utf8
        ).write(to: bad)
        let error = #expect(throws: ReviewError.self) { try EventInterchange.contents(ofFile: bad.path) }
        #expect(
            error?.code == .malformedImport && error?.reason.contains("signing[0]") == true,
            "\(String(describing: error))")
    }
}

/// The alert rule and the days-left arithmetic, without a store.
@Suite("signing alert rule")
struct SigningAlertRuleTests {
    static func status(daysLeft: Int64, invalid: Bool = false, state: SigningItemState? = nil) -> SigningItemStatus {
        let now = Timestamp(secondsSince1970: 1_800_000_000)
        let item = SigningItem(
            id: 1, kind: .certificate, source: "s", reference: "r", readName: "n", detail: "d", isInvalid: invalid,
            expires: Timestamp(secondsSince1970: now.secondsSince1970 + daysLeft * 86_400 + 60), firstSeen: now)
        return SigningItemStatus(
            item: item, state: state ?? item.state(at: now, expiringWithin: 30, isRenewed: false),
            daysLeft: item.daysLeft(at: now))
    }

    @Test("days left round down, and are negative from the first second past the expiry")
    func daysLeft() {
        let expires = Timestamp(secondsSince1970: 1_800_000_000)
        let item = SigningItem(
            id: 1, kind: .clientSecret, source: "s", reference: "r", readName: "n", detail: "d", expires: expires,
            firstSeen: expires)
        #expect(item.daysLeft(at: Timestamp(secondsSince1970: expires.secondsSince1970 - 86_401)) == 1)
        #expect(item.daysLeft(at: Timestamp(secondsSince1970: expires.secondsSince1970 - 1)) == 0)
        #expect(item.daysLeft(at: expires) == 0)
        #expect(item.daysLeft(at: Timestamp(secondsSince1970: expires.secondsSince1970 + 1)) == -1)
        #expect(item.daysLeft(at: Timestamp(secondsSince1970: expires.secondsSince1970 + 86_401)) == -2)
        #expect(item.state(at: expires, expiringWithin: 30, isRenewed: false) == .expired)
    }

    @Test("the rule: the smallest threshold reached, all recorded; renewed none; invalid only its own")
    func rule() {
        let days = SigningAlert.defaultDays
        let three = SigningAlert.due(for: Self.status(daysLeft: 3), days: days, recorded: [])
        #expect(three.send == [SigningAlert(kind: .expiring, threshold: 7)])
        #expect(Set(three.record.map(\.threshold)) == [30, 14, 7])
        let later = SigningAlert.due(for: Self.status(daysLeft: 3), days: days, recorded: Set(three.record))
        #expect(later.send.isEmpty && later.record.isEmpty)
        #expect(SigningAlert.due(for: Self.status(daysLeft: 3, state: .renewed), days: days, recorded: []).send.isEmpty)
        #expect(
            SigningAlert.due(for: Self.status(daysLeft: 3, invalid: true), days: days, recorded: []).send == [
                SigningAlert(kind: .invalid)
            ])
        #expect(SigningAlert.due(for: Self.status(daysLeft: 40), days: days, recorded: []).send.isEmpty)
        #expect(
            SigningAlert(kind: .expiring, threshold: 14, generation: 3).id(itemID: 12) == "signing-12-r3-expiring-14")
        #expect(SigningAlert(kind: .gone, threshold: 9).id(itemID: 12) == "signing-12-gone")
    }
}
