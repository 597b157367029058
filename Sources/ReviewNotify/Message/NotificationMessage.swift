import GatehouseCore
import JWT
public import ReviewLog

/// What a notification says, worked out from the store's events: the app, version and platform, the state entered,
/// how long the previous state lasted, the cycle's time so far, and for a long wait how it compares with the user's
/// own cycles and Apple's claim (`OpenCycleComparison`). Every channel renders the same message.
public struct NotificationMessage: Sendable, Hashable {
    /// A state change, a reminder, or a test.
    public enum Kind: String, Sendable {
        /// The version entered the event's state.
        case stateChange = "state-change"
        /// The cycle is still waiting or in review past the user's own 90th percentile.
        case reminderOwnP90 = "reminder-p90"
        /// The cycle is still waiting or in review past 48 hours.
        case reminderLongWait = "reminder-48h"
        /// `review notify test`: a sample, not a real change.
        case test
    }

    /// What it is.
    public var kind: Kind
    /// A unique id for receivers to deduplicate by: the event's id for a state change, with the reminder's
    /// threshold after it for a reminder ("42-reminder-48h").
    public var id: String
    /// The event it is about.
    public var event: ReviewEvent
    /// The state before, if any.
    public var previousState: ReviewState?
    /// How long the previous state lasted, when known.
    public var previousStateSeconds: Int64?
    /// How well `previousStateSeconds` is known.
    public var previousPrecision: DurationPrecision
    /// Seconds since the cycle entered Waiting for Review, up to the event (or, for a reminder, up to now).
    public var cycleSeconds: Int64?
    /// How well `cycleSeconds` is known: approximate when an end of it was observed by a poll (a decision first seen
    /// by a sync), as the previous state's is, so that both are shown alike ("~1m").
    public var cyclePrecision: DurationPrecision
    /// The open cycle against the user's own decided cycles and Apple's claim, when the cycle is open with a known
    /// start.
    public var comparison: OpenCycleComparison?

    /// Creates a message from its parts.
    /// - Parameters:
    ///   - kind: what it is.
    ///   - id: the id receivers deduplicate by.
    ///   - event: the event it is about (for a reminder, the cycle's current event).
    ///   - previousState: the state before.
    ///   - previousStateSeconds: how long that lasted.
    ///   - previousPrecision: how well that is known.
    ///   - cycleSeconds: the cycle's time so far.
    ///   - cyclePrecision: how well that is known; default exact.
    ///   - comparison: the open cycle's comparison.
    public init(
        kind: Kind, id: String, event: ReviewEvent, previousState: ReviewState? = nil,
        previousStateSeconds: Int64? = nil, previousPrecision: DurationPrecision = .unknown,
        cycleSeconds: Int64? = nil, cyclePrecision: DurationPrecision = .exact, comparison: OpenCycleComparison? = nil
    ) {
        self.cyclePrecision = cyclePrecision
        self.kind = kind
        self.id = id
        self.event = event
        self.previousState = previousState
        self.previousStateSeconds = previousStateSeconds
        self.previousPrecision = previousPrecision
        self.cycleSeconds = cycleSeconds
        self.comparison = comparison
    }

    /// Works out the message of an outbox notification from the store's events.
    /// - Parameters:
    ///   - kind: what it is.
    ///   - eventID: the event (for a reminder, the cycle's current event).
    ///   - events: the store's events (every app's: the user's own 90th percentile is over all decided cycles).
    ///   - now: the current time (a reminder's wait runs to it; a state change is told as of its own time).
    /// - Returns: the message, or `nil` when the event is not among `events`.
    public init?(kind: Kind, eventID: Int64, events: [ReviewEvent], now: Timestamp) {
        self.init(kind: kind, eventID: eventID, appEvents: events, now: now, everyEvent: { events })
    }

    /// The same message, worked out from the events of the event's app (`NotificationOutbox.events(ofAppsOfEvents:)`,
    /// what the deliverer reads), with every app's events asked for only when the message needs them: for an open
    /// cycle's comparison, which is over all the user's decided cycles (as `recordReminders(now:)` judges them).
    /// - Parameters:
    ///   - appEvents: every event of the event's app; events of other apps may be among them, and are not read.
    ///   - everyEvent: every app's events; called at most once, and only for a cycle still open at the message's time.
    /// - Returns: the message, or `nil` when the event is not among `appEvents`.
    /// - Throws: what `everyEvent` throws.
    package init?(
        kind: Kind, eventID: Int64, appEvents: [ReviewEvent], now: Timestamp, everyEvent: () throws -> [ReviewEvent]
    ) rethrows {
        guard let draft = Draft(kind: kind, eventID: eventID, appEvents: appEvents, now: now) else { return nil }
        self = draft.message(everyEvent: draft.needsEveryEvent ? try everyEvent() : [])
    }

    /// The same, for a deliverer that reads every app's events asynchronously (on the store's own queue).
    /// - Parameters:
    ///   - appEvents: every event of the event's app; events of other apps may be among them, and are not read.
    ///   - everyEvent: every app's events; called at most once, and only for a cycle still open at the message's time.
    /// - Returns: the message, or `nil` when the event is not among `appEvents`.
    /// - Throws: what `everyEvent` throws.
    package init?(
        kind: Kind, eventID: Int64, appEvents: [ReviewEvent], now: Timestamp,
        everyEvent: () async throws -> [ReviewEvent]
    ) async rethrows {
        guard let draft = Draft(kind: kind, eventID: eventID, appEvents: appEvents, now: now) else { return nil }
        self = draft.message(everyEvent: draft.needsEveryEvent ? try await everyEvent() : [])
    }

    /// What a message says that its app's events alone tell, and whether its comparison needs every app's.
    private struct Draft {
        var kind: Kind
        var event: ReviewEvent
        var asOf: Timestamp
        var bound: Int64
        var previous: ReviewEvent?
        var cycle: SubmissionCycle?
        var cycleSeconds: Int64?
        /// Whether the cycle has a comparison, which does not depend on what it is compared with (an open cycle with
        /// a known start has one): only then are every app's decided cycles needed.
        var needsEveryEvent: Bool

        init?(kind: Kind, eventID: Int64, appEvents: [ReviewEvent], now: Timestamp) {
            guard let event = appEvents.first(where: { $0.id == eventID }) else { return nil }
            // The version's own events: its app's, so a read of the app's events is enough.
            // On TestFlight, the build's own: each build is a cycle there.
            let versionEvents = appEvents.filter {
                $0.versionKey == event.versionKey && (event.track == .appStore || $0.build == event.build)
            }
            // A state change is told as of its own time, unless it is still its version's current state: then as of
            // now, as `review status` tells it (a submission first seen by a sync 30 hours after it was made says
            // "Cycle so far: 1d 6h" and compares it, never "0s").
            let isCurrent = versionEvents.max { ($0.at, $0.id) < ($1.at, $1.id) }?.id == event.id
            let asOf = kind == .stateChange && !isCurrent ? event.at : max(now, event.at)
            let bound = kind == .stateChange && !isCurrent ? event.id : Int64.max
            self.kind = kind
            self.event = event
            self.asOf = asOf
            self.bound = bound
            let own = versionEvents.filter { ($0.at, $0.id) <= (asOf, bound) }
            previous = own.filter { ($0.at, $0.id) < (event.at, event.id) }.max { ($0.at, $0.id) < ($1.at, $1.id) }
            let timeline = VersionTimeline(key: event.versionKey, events: own, now: asOf)
            cycle = timeline.cycles.last
            if let cycle, let start = cycle.start, !cycle.startTiming.isUnknownStart {
                cycleSeconds = max(0, start.seconds(until: cycle.decision?.at ?? asOf))
            }
            // An open App Store cycle is compared with the user's cycles and Apple's claim; Beta App Review has no
            // Apple figure, and its builds are not compared.
            needsEveryEvent =
                event.track == .appStore
                && (cycle.map { OpenCycleComparison(cycle: $0, now: asOf, decidedSeconds: []) != nil } ?? false)
        }

        /// The message, its comparison over `everyEvent` (read only when `needsEveryEvent`).
        func message(everyEvent: [ReviewEvent]) -> NotificationMessage {
            var comparison: OpenCycleComparison?
            if let cycle, needsEveryEvent {
                let known = everyEvent.filter { ($0.at, $0.id) <= (asOf, bound) }
                let decided = OpenCycleComparison.decidedSeconds(in: VersionTimeline.timelines(of: known, now: asOf))
                comparison = OpenCycleComparison(cycle: cycle, now: asOf, decidedSeconds: decided)
            }
            return NotificationMessage(
                kind: kind,
                id: kind == .stateChange
                    ? NotificationMessage.id(of: event) : "\(NotificationMessage.id(of: event))-\(kind.rawValue)",
                event: event,
                previousState: previous?.state,
                previousStateSeconds: previous.map { max(0, $0.at.seconds(until: event.at)) },
                previousPrecision: previous.map { DurationPrecision(from: $0.timing, to: event.timing) } ?? .unknown,
                cycleSeconds: cycleSeconds,
                // A decided cycle's time to decision is as exact as its two ends; an open one's runs to now (exact).
                cyclePrecision: cycle.map {
                    $0.decision != nil
                        ? $0.timeToDecisionPrecision : DurationPrecision(from: $0.startTiming, to: .exact)
                } ?? .exact,
                comparison: comparison)
        }
    }

    /// A state change's notification id: the event's id, then 16 hex digits of SHA-256 over what the event is (app,
    /// platform, version, state, time): "42-9f86d081884c7d65". Receivers deduplicate by it, so it must never name two
    /// events: a store reuses the id of its newest event once that event is deleted (`review undo`, `delete`) and
    /// `import` keeps a file's ids, so the id alone could repeat for another event; the digest tells them apart, while
    /// every retry of one notification carries the same id.
    /// - Returns: the id.
    public static func id(of event: ReviewEvent) -> String {
        let identity = [
            event.app.name.lowercased(), event.platform.rawValue, event.version, event.state.rawValue,
            String(event.at.secondsSince1970),
        ].joined(separator: "\u{0}")
        return "\(event.id)-" + Hex.lowercase(Digest.sha256(Array(identity.utf8)).prefix(8))
    }

    /// "Fokus 2.3 (iOS)"; a TestFlight build "Fokus 2.4 (118) TestFlight" (the pre-release version, the build).
    public var versionLabel: String {
        guard event.track == .testFlight else { return "\(event.app.name) \(event.version) (\(event.platform.name))" }
        return "\(event.app.name) \(event.version) (\(event.build ?? "no build")) TestFlight"
    }

    /// Whether the message is a rejection, which every channel makes stand out.
    public var isRejection: Bool { event.state.isRejection }

    /// Whether the message is an approval (a review outcome that is no rejection: Pending Developer Release, Ready for
    /// Distribution...), which every channel marks as it marks a rejection.
    public var isApproval: Bool { event.state.isReviewOutcome && !event.state.isRejection }

    /// The app's page in App Store Connect (`https://appstoreconnect.apple.com/apps/<id>`), when the store knows the
    /// app's App Store Connect id; nil for an id that is not all digits, which no link is ever made from.
    public var appStoreConnectURL: String? {
        guard let id = event.app.appStoreID, App.isAppStoreID(id) else { return nil }
        return "https://appstoreconnect.apple.com/apps/\(id)"
    }

    /// The links every channel shows as its own link elements, most useful first: Apple's expedited review request
    /// when the wait suggests one (`OpenCycleComparison.suggestsExpedite`, the link `review status` prints), then
    /// the app's App Store Connect page when its id is known. Made by Gatehouse only, never from the store's text.
    public var links: [(label: String, url: String)] {
        var links: [(label: String, url: String)] = []
        if isLongWait, comparison?.suggestsExpedite == true {
            links.append(("Request an expedited review", AppleReviewClaim.expediteRequestURL))
        }
        if let appStoreConnectURL { links.append(("Open in App Store Connect", appStoreConnectURL)) }
        return links
    }

    /// Whether the wait is long: a reminder, or an open cycle past Apple's 24 hours or the user's own 90th
    /// percentile. A long wait's message carries `OpenCycleComparison.summary`.
    public var isLongWait: Bool {
        guard let comparison else { return false }
        return kind == .reminderOwnP90 || kind == .reminderLongWait || comparison.isPastAppleClaim
            || comparison.isPastOwnP90
    }

    /// The headline: "Rejected: Fokus 2.3 (iOS)", "Fokus 2.3 (iOS) is In Review", "Still Waiting for Review: ...".
    public var title: String {
        switch kind {
        case .reminderOwnP90, .reminderLongWait: "Still \(event.state.displayName): \(versionLabel)"
        case .test: "Test from Gatehouse: \(versionLabel) is \(event.state.displayName)"
        case .stateChange where event.track == .testFlight:
            // "Fokus 2.4 (118) TestFlight: Approved after 6h 12m" (issue 24).
            event.state.isReviewOutcome && cycleSeconds != nil
                ? "\(versionLabel): \(event.state.displayName) after "
                    + DurationFormat.string(seconds: cycleSeconds, precision: cyclePrecision)
                : "\(versionLabel): \(event.state.displayName)"
        case .stateChange:
            isRejection
                ? "\(event.state.displayName): \(versionLabel)" : "\(versionLabel) is \(event.state.displayName)"
        }
    }

    /// The facts, as label and value pairs, in the order every channel shows them.
    public var facts: [(label: String, value: String)] {
        var facts: [(String, String)] = [
            ("App", event.app.name), ("Version", event.version + (event.build.map { " (\($0))" } ?? "")),
            ("Platform", event.platform.name),
        ]
        if event.track == .testFlight { facts.append(("Track", "TestFlight (Beta App Review)")) }
        facts += [
            ("State", event.state.displayName),
            // When the change happened, in words (UTC): a message read hours later still says when.
            (
                kind == .reminderOwnP90 || kind == .reminderLongWait ? "In this state since" : "Changed",
                ReadableDate.string(event.at)
            ),
        ]
        if let previousState {
            facts.append(
                (
                    "Previous state",
                    "\(previousState.displayName), \(DurationFormat.string(seconds: previousStateSeconds, precision: previousPrecision))"
                ))
        }
        if let cycleSeconds {
            let precision = comparison?.elapsedPrecision ?? cyclePrecision
            let label = event.state.isReviewOutcome && kind == .stateChange ? "Time to decision" : "Cycle so far"
            facts.append((label, DurationFormat.string(seconds: cycleSeconds, precision: precision)))
        }
        if isLongWait, let comparison { facts.append(("Compared", comparison.summary)) }
        if kind == .reminderOwnP90 { facts.append(("Reminder", "past your own 90th percentile")) }
        if kind == .reminderLongWait {
            // One reminder for a cycle past both thresholds at once: this one, saying both.
            let both = comparison?.isPastOwnP90 == true ? " and your own 90th percentile" : ""
            let advice = comparison?.suggestsExpedite == true ? "; an expedited review may be worth asking" : ""
            facts.append(("Reminder", "past 48 hours\(both)\(advice)"))
        }
        return facts
    }

    /// The message as plain text: the title, then one "label: value" line per fact, then one per link.
    public var text: String {
        ([title] + facts.map { "\($0.label): \($0.value)" } + links.map { "\($0.label): \($0.url)" })
            .joined(separator: "\n")
    }
}
