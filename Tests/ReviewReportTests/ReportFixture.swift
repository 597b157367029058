import GatehouseTesting
import ReviewLog
import Testing

/// The report's test history: the repository's samples (`Samples/review/history.csv`, three apps over two years,
/// and the real PriLingo timeline), plus an open cycle eight days into its wait, so a tile shows the comparison.
enum ReportFixture {
    /// The app tiles of the samples: (app, platform).
    static let sampleTiles = [
        ("Tideline", "iOS"), ("Tideline", "macOS"), ("Kanji Garden", "iOS"), ("Loop Timer", "watchOS"),
        ("PriLingo", "iOS"),
    ]

    /// The report's sections, by id, in order.
    static let sections = ["summary", "apps", "timelines", "distribution", "monthly", "statistics"]

    /// The sections signing items add: the one at the top, and the list at the end.
    static let signingSections = ["signing-alerts", "signing"]

    /// The report's "now": 2026-01-10T12:00:00Z, after the samples end.
    static let now = Timestamp(secondsSince1970: 1_768_046_400)

    /// The sample events, and Tideline 4.0 (build 400) on iOS Waiting for Review since eight days before `now`.
    static func sampleEvents() throws -> [ReviewEvent] {
        var events: [ReviewEvent] = []
        for file in ["review/history.csv", "review/prilingo-2020.json"] {
            events += try EventInterchange.events(
                fromFile: SharedResources.samplesDirectory.appendingPathComponent(file).path)
        }
        let tideline = try #require(events.first { $0.app.name == "Tideline" }?.app)
        events.append(
            ReviewEvent(
                id: 0, app: tideline, platform: .iOS, version: "4.0", build: "400", state: .prepareForSubmission,
                at: Timestamp(secondsSince1970: now.secondsSince1970 - 9 * 86_400)))
        events.append(
            ReviewEvent(
                id: 0, app: tideline, platform: .iOS, version: "4.0", build: "400", state: .waitingForReview,
                at: Timestamp(secondsSince1970: now.secondsSince1970 - 8 * 86_400)))
        return events
    }

    /// An app whose name, version, build and note try to break out of the page: markup, quotes, an ampersand and
    /// control characters.
    static let hostileName = "<script>document.title='pwned'</script>\"Evil\" & 'Co'\u{07}\u{1B}[31m"

    /// A rejected and then an open cycle of the hostile app.
    static func hostileEvents() -> [ReviewEvent] {
        let app = App(name: hostileName)
        let version = "1.0\"><img src=x onerror=alert(1)>"
        let base = now.secondsSince1970 - 5 * 86_400
        func event(_ state: ReviewState, _ offset: Int64, note: String? = nil) -> ReviewEvent {
            ReviewEvent(
                id: 0, app: app, platform: .macOS, version: version, build: "7</title><script>x()</script>",
                state: state, at: Timestamp(secondsSince1970: base + offset), note: note)
        }
        return [
            event(.waitingForReview, 0), event(.inReview, 3_600),
            event(.rejected, 7_200, note: "</p><script>alert('note')</script>"),
            event(.waitingForReview, 86_400),
        ]
    }

    /// Signing items at `now`, one of each urgency and kind, soonest expiry first: an INVALID App Store Connect
    /// profile (red), a certificate 5 days from its expiry (red), a profile file whose certificate decides, 20 days
    /// (amber), a client secret with 200 days left (not flagged), a certificate renewed by a newer one (never
    /// flagged), one gone for 40 days (not listed), and a hostile file whose path and name try to break out of the
    /// page, 3 days past its expiry (red).
    static func signingStatuses() -> [SigningItemStatus] {
        func at(_ days: Int64) -> Timestamp { Timestamp(secondsSince1970: now.secondsSince1970 + days * 86_400) }
        let source = "app-store-connect:team"
        let items = [
            SigningItem(
                id: 1, kind: .profile, source: source, reference: "PROF1", readName: "Ad Hoc Tideline",
                detail: "IOS_APP_ADHOC, UUID 11111111-2222-3333-4444-555555555555", renewalGroup: "Ad Hoc Tideline",
                isInvalid: true, expires: at(90), firstSeen: at(-100)),
            SigningItem(
                id: 2, kind: .certificate, source: source, reference: "CERT2", readName: "Apple Distribution: Example",
                detail: "DISTRIBUTION, serial 4D5E6F7A8B9C0D1E", renewalGroup: "DISTRIBUTION", expires: at(5),
                firstSeen: at(-300)),
            SigningItem(
                id: 3, kind: .profileFile,
                source: "/Users/ci/Library/MobileDevice/Provisioning Profiles/Tideline.mobileprovision",
                reference: "/Users/ci/Library/MobileDevice/Provisioning Profiles/Tideline.mobileprovision",
                readName: "Tideline App Store",
                detail: "iOS profile, UUID 5C9D3F1E-2B4A-4C6D-8E0F-1A2B3C4D5E6F, team ABCDE12345, aps-environment "
                    + "production, signer not chained to Apple Root CA",
                expires: at(20), ownExpires: at(300), decidedBy: "serial:1A2B3C", firstSeen: at(-10)),
            SigningItem(
                id: 4, kind: .clientSecret, source: "/etc/gatehouse/client_secret.txt",
                reference: "/etc/gatehouse/client_secret.txt", readName: "com.example.tideline.web",
                detail: "client ID com.example.tideline.web, key KEY1234567, team ABCDE12345, lifetime 180 days",
                expires: at(200), firstSeen: at(-5)),
            SigningItem(
                id: 5, kind: .certificate, source: source, reference: "CERT5", readName: "Apple Distribution: Old",
                detail: "DISTRIBUTION, serial 01", renewalGroup: "DISTRIBUTION", expires: at(2), firstSeen: at(-600)),
            SigningItem(
                id: 6, kind: .certificate, source: source, reference: "CERT6", readName: "Pass Type ID",
                detail: "PASS_TYPE_ID, serial 02", renewalGroup: "PASS_TYPE_ID", expires: at(50), firstSeen: at(-600),
                goneAt: at(-40), lastSeen: at(-41)),
            SigningItem(
                id: 7, kind: .certificateFile, source: "/tmp/<script>alert('path')</script>.pem",
                reference: "/tmp/<script>alert('path')</script>.pem", readName: hostileName,
                detail: "\"><img src=x onerror=alert(2)>", expires: at(-3), firstSeen: at(-30)),
        ]
        return SigningItemStatus.of(items, at: now, expiringWithin: 30)
    }

    /// The timelines of `events` at `now`.
    static func timelines(_ events: [ReviewEvent]) -> [VersionTimeline] {
        VersionTimeline.timelines(of: events, now: now)
    }
}
