/// The history of one app version on one platform, split into submission cycles.
public struct VersionTimeline: Sendable, Hashable {
    /// The version.
    public var key: VersionKey
    /// The cycles in order.
    public var cycles: [SubmissionCycle]

    /// Builds the timeline of one version.
    /// - Parameters:
    ///   - key: the version.
    ///   - events: its events, in any order (they are sorted by time, then id).
    ///   - now: the instant the current state's duration runs to (injected, so tests pin it).
    public init(key: VersionKey, events: [ReviewEvent], now: Timestamp) {
        self.key = key
        let inOrder: (ReviewEvent, ReviewEvent) -> Bool = { ($0.at, $0.id) < ($1.at, $1.id) }
        // Events usually arrive in order (a store reads them by id); checking is cheaper than sorting a copy.
        let isSorted = zip(events, events.dropFirst()).allSatisfy { !inOrder($1, $0) }
        let sorted = isSorted ? events : events.sorted(by: inOrder)
        guard key.track == .testFlight else {
            cycles = Self.cycles(of: sorted, firstNumber: 1, decisionWithoutStart: false, now: now)
            return
        }
        // TestFlight: each build is a cycle of its own (Beta App Review reviews a build), in the order the builds'
        // first events came; a build first seen decided (approved without a review, or a review seen only once
        // decided) is a cycle with a decision and no start.
        var builds: [String: Int] = [:]
        var groups: [[ReviewEvent]] = []
        for event in sorted {
            let build = event.build ?? ""
            if let slot = builds[build] {
                groups[slot].append(event)
            } else {
                builds[build] = groups.count
                groups.append([event])
            }
        }
        var cycles: [SubmissionCycle] = []
        for group in groups {
            cycles += Self.cycles(of: group, firstNumber: cycles.count + 1, decisionWithoutStart: true, now: now)
        }
        self.cycles = cycles
    }

    /// The cycles of events in time order: a cycle starts at Waiting for Review and takes the first review outcome as
    /// its decision (or ends withdrawn); a Waiting for Review after a decision or a withdrawal starts the next.
    /// - Parameters:
    ///   - sorted: the events, by time then id.
    ///   - firstNumber: the first cycle's number.
    ///   - decisionWithoutStart: whether an outcome before any Waiting for Review is the cycle's decision (a TestFlight
    ///     build first seen decided); on the App Store such a cycle has no decision.
    ///   - now: where the last state's span ends.
    private static func cycles(
        of sorted: [ReviewEvent], firstNumber: Int, decisionWithoutStart: Bool, now: Timestamp
    ) -> [SubmissionCycle] {
        var cycles: [SubmissionCycle] = []
        var current = SubmissionCycle(
            number: firstNumber, spans: [], start: nil, inReviewAt: nil, decision: nil, isWithdrawn: false)
        for (index, event) in sorted.enumerated() {
            let next = index + 1 < sorted.count ? sorted[index + 1] : nil
            let end = next?.at
            let seconds = max(0, event.at.seconds(until: end ?? now))
            let span = StateSpan(
                event: event, end: end, seconds: seconds,
                precision: DurationPrecision(from: event.timing, to: next?.timing))
            if event.state == .waitingForReview, current.start != nil || decisionWithoutStart,
                current.decision != nil || current.isWithdrawn
            {
                cycles.append(current)
                current = SubmissionCycle(
                    number: current.number + 1, spans: [], start: nil, inReviewAt: nil, decision: nil,
                    isWithdrawn: false)
            }
            current.spans.append(span)
            if current.start == nil, current.decision == nil, !current.isWithdrawn {
                if event.state == .waitingForReview {
                    current.start = event.at
                    current.startTiming = event.timing
                } else if decisionWithoutStart {
                    if event.state == .inReview, current.inReviewAt == nil {
                        current.inReviewAt = event.at
                        current.inReviewTiming = event.timing
                    } else if event.state.isReviewOutcome {
                        current.decision = event
                    }
                }
            } else if current.start != nil, current.decision == nil, !current.isWithdrawn {
                if event.state == .inReview, current.inReviewAt == nil {
                    current.inReviewAt = event.at
                    current.inReviewTiming = event.timing
                } else if event.state.isReviewOutcome {
                    current.decision = event
                } else if event.state.stage == .withdrawn {
                    current.isWithdrawn = true
                }
            }
        }
        if !current.spans.isEmpty { cycles.append(current) }
        return cycles
    }

    /// Builds the timeline of every version among `events`, ordered by app, platform and version.
    /// - Parameters:
    ///   - events: events of any versions.
    ///   - now: the instant current states run to.
    /// - Returns: one timeline per version.
    public static func timelines(of events: [ReviewEvent], now: Timestamp) -> [VersionTimeline] {
        // Indices, not copies, are grouped: an event is copied once, into its timeline. Consecutive events of one
        // version (the usual order) skip the hash lookup.
        var slots: [VersionKey: Int] = [:]
        var keys: [VersionKey] = []
        var groups: [[Int]] = []
        var last: (key: VersionKey, slot: Int)?
        for (index, event) in events.enumerated() {
            let key = event.versionKey
            if let last, last.key == key {
                groups[last.slot].append(index)
                continue
            }
            let slot: Int
            if let existing = slots[key] {
                slot = existing
            } else {
                slot = keys.count
                slots[key] = slot
                keys.append(key)
                groups.append([])
            }
            groups[slot].append(index)
            last = (key, slot)
        }
        // VersionKey's order, with each app name lowercased once rather than in every comparison (100,000 versions
        // took 3.4 million lowercased() calls).
        let ordered = keys.indices.map { (folded: keys[$0].app.lowercased(), slot: $0) }.sorted { lhs, rhs in
            (lhs.folded, keys[lhs.slot].platform.rawValue, keys[lhs.slot].version, keys[lhs.slot].track)
                < (rhs.folded, keys[rhs.slot].platform.rawValue, keys[rhs.slot].version, keys[rhs.slot].track)
        }
        return ordered.map {
            VersionTimeline(key: keys[$0.slot], events: groups[$0.slot].map { events[$0] }, now: now)
        }
    }

    /// The time of the version's latest event (ties broken by event id), or `nil` without events.
    public var latestActivity: (at: Timestamp, id: Int64)? {
        cycles.last?.spans.last.map { ($0.start, $0.event.id) }
    }

    /// Whether the version's last cycle is open: submitted and waiting for a decision.
    public var isOpen: Bool { cycles.last?.isOpen ?? false }

    /// The versions `review status` shows: per app and platform, the one with the latest event, and every version
    /// whose cycle is open (or all of them, with `all`); grouped by app and platform in `VersionKey` order, most
    /// recent first within a group.
    /// - Parameters:
    ///   - timelines: the versions, as `timelines(of:now:)` gives them.
    ///   - all: whether to keep every version.
    /// - Returns: the versions to show.
    public static func statusSelection(of timelines: [VersionTimeline], all: Bool = false) -> [VersionTimeline] {
        var groups: [[VersionTimeline]] = []
        var slots: [String: Int] = [:]
        for timeline in timelines where timeline.latestActivity != nil {
            let group = timeline.key.app.lowercased() + "\u{0}" + timeline.key.platform.rawValue
            if let slot = slots[group] {
                groups[slot].append(timeline)
            } else {
                slots[group] = groups.count
                groups.append([timeline])
            }
        }
        return groups.flatMap { group in
            let recentFirst = group.sorted { lhs, rhs in
                guard let left = lhs.latestActivity, let right = rhs.latestActivity else { return false }
                return (left.at, left.id) > (right.at, right.id)
            }
            return recentFirst.enumerated().filter { all || $0.offset == 0 || $0.element.isOpen }.map(\.element)
        }
    }

    /// The current state: the last span of the last cycle.
    public var current: StateSpan? { cycles.last?.spans.last }

    /// Seconds from the first Waiting for Review to the first Ready for Distribution, when released.
    public var totalToReleaseSeconds: Int64? {
        guard let start = cycles.first(where: { $0.start != nil })?.start else { return nil }
        let release = cycles.lazy.flatMap(\.spans).first { $0.state == .readyForDistribution && $0.start >= start }
        return release.map { start.seconds(until: $0.start) }
    }
}
