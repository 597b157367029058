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

    /// The timelines of `events` at `now`.
    static func timelines(_ events: [ReviewEvent]) -> [VersionTimeline] {
        VersionTimeline.timelines(of: events, now: now)
    }
}
