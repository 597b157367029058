package import ReviewLog

/// One tile of the report's grid: an app on one platform, shown by the version that matters now.
///
/// The version is the one whose cycle is open (the most recently submitted, when several are), else the version
/// whose current state began last: what `review status` puts first.
package struct AppTile: Sendable {
    /// The version shown.
    package var timeline: VersionTimeline
    /// Its current state.
    package var current: StateSpan
    /// The build of the version's latest event that names one.
    package var build: String?
    /// How the open cycle compares with the user's decided cycles, when the version has one with a known start.
    package var comparison: OpenCycleComparison?

    /// The stage of the current state.
    package var stage: ReportStage { ReportStage(current.state) }

    /// Whether the tile shows work still open: Waiting for Review, In Review, or a rejection to answer.
    package var isOpenWork: Bool { stage == .waiting || stage == .inReview || stage == .rejected }

    /// One tile per app and platform: open work first (waiting, in review, rejected: the tile a user opens the report
    /// for is at the top, on a phone too), then the rest; each group by last change, the latest first (then by app
    /// and platform, the tracks' order). Issue 25 item 17.
    /// - Parameters:
    ///   - tracks: every app and platform (`ReportTrack.tracks(of:)`).
    ///   - now: the instant open cycles run to.
    ///   - decidedSeconds: the times to decision open cycles are compared with.
    /// - Returns: the tiles.
    package static func tiles(of tracks: [ReportTrack], now: Timestamp, decidedSeconds: [Int64]) -> [AppTile] {
        var tiles: [AppTile] = []
        for track in tracks {
            let open = track.versions.filter { $0.cycles.last?.isOpen == true }
            let chosen =
                open.max { ($0.cycles.last?.start ?? $0.current!.start) < ($1.cycles.last?.start ?? $1.current!.start) }
                ?? track.latest
            guard let current = chosen.current, let cycle = chosen.cycles.last else { continue }
            let build = chosen.cycles.reversed().lazy.flatMap { $0.spans.reversed() }.first { $0.event.build != nil }
            tiles.append(
                AppTile(
                    timeline: chosen, current: current, build: build?.event.build,
                    comparison: OpenCycleComparison(cycle: cycle, now: now, decidedSeconds: decidedSeconds)))
        }
        let order = tiles.indices.sorted { lhs, rhs in
            let (left, right) = (tiles[lhs], tiles[rhs])
            if left.isOpenWork != right.isOpenWork { return left.isOpenWork }
            if left.current.start != right.current.start { return left.current.start > right.current.start }
            return lhs < rhs
        }
        return order.map { tiles[$0] }
    }
}

/// The versions of one app on one platform, as the report's tiles and timeline bars group them.
package struct ReportTrack: Sendable {
    /// The app's name.
    package var app: String
    /// The platform.
    package var platform: Platform
    /// Its versions, in the timelines' order.
    package var versions: [VersionTimeline]

    /// The version whose current state began last.
    package var latest: VersionTimeline {
        versions.max { lhs, rhs in
            (lhs.current?.start ?? Timestamp(secondsSince1970: .min))
                < (rhs.current?.start ?? .init(secondsSince1970: .min))
        }!
    }

    /// How many tracks `tracks(of:)` makes of `timelines`, without making them.
    /// - Parameter timelines: the versions, ordered as `VersionTimeline.timelines` orders them.
    /// - Returns: the number of apps and platforms with a version that has spans.
    package static func count(of timelines: [VersionTimeline]) -> Int {
        var count = 0
        var last: (app: String, platform: Platform)?
        for timeline in timelines where timeline.current != nil {
            if let last, last.app == timeline.key.app, last.platform == timeline.key.platform { continue }
            count += 1
            last = (timeline.key.app, timeline.key.platform)
        }
        return count
    }

    /// Groups timelines ordered by app and platform into tracks; a timeline without spans is left out.
    /// - Parameter timelines: the versions, ordered as `VersionTimeline.timelines` orders them.
    /// - Returns: one track per app and platform, in that order.
    package static func tracks(of timelines: [VersionTimeline]) -> [ReportTrack] {
        var tracks: [ReportTrack] = []
        for timeline in timelines where timeline.current != nil {
            if let last = tracks.last, last.app == timeline.key.app, last.platform == timeline.key.platform {
                tracks[tracks.count - 1].versions.append(timeline)
            } else {
                tracks.append(ReportTrack(app: timeline.key.app, platform: timeline.key.platform, versions: [timeline]))
            }
        }
        return tracks
    }
}
