import CommandLineKit
import ReviewLog

/// The work of `review status`, `timeline` and `stats`: the store read and turned into timelines, comparisons and
/// statistics.
enum ReadingSupport {
    /// `review status`, ending with the signing line when an item needs attention (`Renderer.signingStatusLine`;
    /// human output only: the JSON keeps its shape).
    static func status(
        _ query: StatusQuery, json: Bool, store: any ReviewStore, signing: [SigningItemStatus] = [],
        renderer: Renderer, environment: ReviewEnvironment
    ) throws -> CommandOutput {
        let (app, everything) = try load(query.app, store: store, now: environment.now)
        let selection = query.track ?? .all
        let chosen = everything.filter { timeline in
            (app.map { timeline.key.app.lowercased() == $0.lowercased() } ?? true)
                && (query.platform.map { timeline.key.platform == $0 } ?? true)
        }
        let appStore = selection.includes(.appStore) ? chosen.filter { $0.key.track == .appStore } : []
        let shown = VersionTimeline.statusSelection(of: appStore, all: query.all)
        let rows = rows(shown, comparingWith: everything, now: environment.now)
        let notShown = appStore.count { $0.current != nil } - shown.count
        var renderer = renderer
        renderer.color = query.color.usesColor(
            variables: environment.variables, isTerminal: environment.standardOutputIsTerminal)
        let builds =
            selection.includes(.testFlight)
            ? TestFlightStatusRow.selection(of: chosen.filter { $0.key.track == .testFlight }, all: query.all) : []
        // Without --track and without TestFlight history, the output is what it was before tracks.
        let testFlight: [TestFlightStatusRow]? = query.track == nil && builds.isEmpty ? nil : builds
        var text = renderer.status(
            rows, notShown: notShown, json: json, testFlight: testFlight,
            appStoreShown: selection.includes(.appStore))
        if !json, let line = renderer.signingStatusLine(signing) { text += "\n" + line }
        return CommandOutput(standardOutput: text)
    }

    /// `review timeline`.
    static func timeline(
        _ query: TimelineQuery, json: Bool, store: any ReviewStore, renderer: Renderer, environment: ReviewEnvironment
    ) throws -> CommandOutput {
        let (name, everything) = try load(query.app, store: store, now: environment.now)
        let app = name ?? query.app
        var renderer = renderer
        renderer.color = query.color.usesColor(
            variables: environment.variables, isTerminal: environment.standardOutputIsTerminal)
        let selection = query.track ?? .only(.appStore)
        let ofApp = everything.filter { $0.key.app.lowercased() == app.lowercased() }
        if case .only(let track) = selection {
            let rows = try timelineRows(
                query, app: app, track: track, ofApp: ofApp, everything: everything, now: environment.now)
            return CommandOutput(
                standardOutput: renderer.timeline(
                    rows, app: app, all: query.all, json: json, showsTrack: query.track != nil))
        }
        // Both tracks, each on its own; one without events is shown empty, unless neither has any.
        var sections: [(track: ReviewTrack, rows: [StatusRow])] = []
        var failure: (any Error)?
        for track in selection.tracks {
            do {
                sections.append(
                    (
                        track,
                        try timelineRows(
                            query, app: app, track: track, ofApp: ofApp, everything: everything, now: environment.now)
                    ))
            } catch {
                failure = failure ?? error
                sections.append((track, []))
            }
        }
        if let failure, sections.allSatisfy({ $0.rows.isEmpty }) { throw failure }
        return CommandOutput(
            standardOutput: renderer.timeline(byTrack: sections, app: app, all: query.all, json: json))
    }

    /// The rows `timeline` shows of one track: every version of the app there (`--all`, oldest first) or the one
    /// asked for (default: the version of the app's latest event on the track), each open cycle compared with the
    /// decided cycles of the same track.
    private static func timelineRows(
        _ query: TimelineQuery, app: String, track: ReviewTrack, ofApp: [VersionTimeline],
        everything: [VersionTimeline], now: Timestamp
    ) throws -> [StatusRow] {
        let ofApp = ofApp.filter { $0.key.track == track }
        let chosen: [VersionTimeline]
        if query.all {
            let onPlatform = ofApp.filter { timeline in query.platform.map { timeline.key.platform == $0 } ?? true }
            chosen = onPlatform.sorted { lhs, rhs in
                let left = lhs.cycles.first?.spans.first
                let right = rhs.cycles.first?.spans.first
                return (left?.start ?? .init(secondsSince1970: 0), left?.event.id ?? 0)
                    < (right?.start ?? .init(secondsSince1970: 0), right?.event.id ?? 0)
            }
            if chosen.isEmpty {
                throw notFound(app: app, timelines: ofApp, version: nil, platform: query.platform, track: track)
            }
        } else {
            chosen = [
                try versionTimeline(
                    app: app, timelines: ofApp, version: query.version, platform: query.platform, track: track)
            ]
        }
        return rows(chosen, comparingWith: everything.filter { $0.key.track == track }, now: now)
    }

    static func statistics(
        _ query: StatisticsQuery, json: Bool, store: any ReviewStore, renderer: Renderer, environment: ReviewEnvironment
    ) throws -> CommandOutput {
        let events = try StoreCommandSupport.events(of: query.app, store: store)
        let timelines = VersionTimeline.timelines(of: events, now: environment.now)
        let now = query.includeOpen ? environment.now : nil
        func figures(_ track: ReviewTrack) -> TrackStatistics {
            let stats = ReviewStatistics(
                timelines: timelines, since: query.since, until: query.until, platform: query.platform,
                includingOpenAt: now, track: track)
            let periods =
                query.period.map { period in
                    ReviewStatistics.byPeriod(
                        timelines: timelines, since: query.since, until: query.until, platform: query.platform,
                        includingOpenAt: now, track: track
                    ) { period.label(of: $0, utc: renderer.utc) }
                } ?? []
            return TrackStatistics(track: track, statistics: stats, periods: periods)
        }
        let name = try query.app.map { try StoreCommandSupport.storedName(of: $0, store: store) }
        let scope = StatisticsScope(
            app: name, platform: query.platform, since: query.since, until: query.until, period: query.period,
            includeOpen: query.includeOpen)
        guard let selection = query.track else {
            let appStore = figures(.appStore)
            return CommandOutput(
                standardOutput: renderer.statistics(
                    appStore.statistics, periods: appStore.periods, scope: scope, json: json))
        }
        // The App Store figures are what TestFlight's are compared with (Apple publishes none for Beta App Review).
        let appStore = figures(.appStore)
        let sections = selection.tracks.map { $0 == .appStore ? appStore : figures($0) }
        return CommandOutput(
            standardOutput: renderer.statistics(
                tracks: sections, appStore: appStore.statistics, scope: scope, json: json,
                pooled: selection == .all))
    }

    private static func load(_ app: String?, store: any ReviewStore, now: Timestamp) throws
        -> (app: String?, timelines: [VersionTimeline])
    {
        let name = try app.map { try StoreCommandSupport.storedName(of: $0, store: store) }
        return (name, VersionTimeline.timelines(of: try store.events(app: nil), now: now))
    }

    /// The rows of `shown`, each open one compared with every decided cycle of `everything`.
    private static func rows(_ shown: [VersionTimeline], comparingWith everything: [VersionTimeline], now: Timestamp)
        -> [StatusRow]
    {
        let needed = shown.contains { $0.isOpen }
        let decided = needed ? OpenCycleComparison.decidedSeconds(in: everything) : []
        return shown.map { timeline in
            let comparison =
                timeline.isOpen
                ? timeline.cycles.last.flatMap { OpenCycleComparison(cycle: $0, now: now, decidedSeconds: decided) }
                : nil
            return StatusRow(timeline: timeline, comparison: comparison)
        }
    }

    /// The version a timeline shows: the one asked for, else the version of the app's latest event.
    private static func versionTimeline(
        app: String, timelines: [VersionTimeline], version: String?, platform: Platform?, track: ReviewTrack
    ) throws -> VersionTimeline {
        let candidates = timelines.filter { timeline in
            (version.map { timeline.key.version == $0 } ?? true)
                && (platform.map { timeline.key.platform == $0 } ?? true)
        }
        let latest = candidates.max { lhs, rhs in
            guard let left = lhs.latestActivity, let right = rhs.latestActivity else {
                return lhs.latestActivity == nil
            }
            return (left.at, left.id) < (right.at, right.id)
        }
        guard let latest else {
            throw notFound(app: app, timelines: timelines, version: version, platform: platform, track: track)
        }
        return latest
    }

    /// A version or platform the app has no events for: a negative answer (1), naming what it has.
    private static func notFound(
        app: String, timelines: [VersionTimeline], version: String?, platform: Platform?, track: ReviewTrack
    ) -> CommandFailure {
        let events = track == .appStore ? "events" : "TestFlight events"
        guard !timelines.isEmpty else { return CommandFailure(.negative, "\(app) has no \(events)") }
        let known = Set(timelines.map { "\($0.key.version) (\($0.key.platform.name))" }).sorted()
        let asked = [version.map { "version \($0)" }, platform.map { "platform \($0.name)" }].compactMap { $0 }
        return CommandFailure(
            .negative,
            "\(app) has no \(events) for \(asked.joined(separator: " on ")); it has \(known.joined(separator: ", "))")
    }
}
