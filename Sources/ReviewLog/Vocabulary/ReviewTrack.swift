/// Which review an event belongs to: App Review of an App Store version, or Beta App Review of a TestFlight build.
///
/// Every event has one track. The App Store track is everything recorded before tracks existed (schema step 8 gives
/// those events `app-store`); a TestFlight event's `version` is the build's pre-release version ("2.4") and its
/// `build` the build number ("118"), which is part of its identity there: one TestFlight submission cycle is one
/// build, from Waiting for Review to Approved or Rejected (Apple's "Beta App Review",
/// https://developer.apple.com/help/app-store-connect/test-a-beta-version/testflight-overview).
public enum ReviewTrack: String, Sendable, CaseIterable, Codable, Comparable {
    /// App Review of App Store versions.
    case appStore = "app-store"
    /// Beta App Review of external TestFlight builds.
    case testFlight = "testflight"

    /// The name people read ("App Store", "TestFlight").
    public var displayName: String {
        switch self {
        case .appStore: "App Store"
        case .testFlight: "TestFlight"
        }
    }

    /// The states an event of this track may record. On TestFlight they are `betaReviewState`'s four values (App
    /// Store Connect API, `BetaReviewState`): Waiting for Review, In Review, Rejected, Approved; every state on the
    /// App Store track.
    public var states: [ReviewState] {
        switch self {
        case .appStore: ReviewState.allCases
        case .testFlight: ReviewTrack.testFlightStates
        }
    }

    /// Whether an event of this track may record `state`.
    /// - Parameter state: the state.
    /// - Returns: true for every state on the App Store track, for the four Beta App Review states on TestFlight.
    public func allows(_ state: ReviewState) -> Bool {
        switch self {
        case .appStore: true
        case .testFlight: ReviewTrack.testFlightStates.contains(state)
        }
    }

    /// What is wrong with recording `state` of `build` on this track, if anything: a TestFlight event records one of
    /// the four Beta App Review states, of a named build.
    /// - Parameters:
    ///   - state: the state.
    ///   - build: the build number, if any.
    /// - Returns: the problem in a sentence, or nil.
    public func problem(recording state: ReviewState, build: String?) -> String? {
        guard self == .testFlight else { return nil }
        if !allows(state) {
            return "\(state.displayName) is not a Beta App Review state; a TestFlight build is "
                + ReviewTrack.testFlightStates.map(\.displayName).joined(separator: ", ")
        }
        if build?.isEmpty ?? true { return "a TestFlight event needs its build number: each build is a cycle there" }
        return nil
    }

    /// The Beta App Review states, in the order a build goes through them.
    public static let testFlightStates: [ReviewState] = [.waitingForReview, .inReview, .rejected, .approved]

    /// Reads a track as typed: `app-store` (also `appstore`, `App Store`) or `testflight` (also `TestFlight`,
    /// `test-flight`), case-insensitively.
    /// - Parameter spelling: what the user or a file gave.
    /// - Returns: the track, or nil for anything else.
    public init?(spelling: String) {
        let key = String(spelling.trimmingSpaces().lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        switch key {
        case "appstore": self = .appStore
        case "testflight": self = .testFlight
        default: return nil
        }
    }

    public static func < (lhs: ReviewTrack, rhs: ReviewTrack) -> Bool {
        (lhs == .appStore ? 0 : 1) < (rhs == .appStore ? 0 : 1)
    }
}

/// The tracks a reading command shows: one, or both (`--track all`), never pooled.
public enum TrackSelection: Sendable, Hashable {
    /// One track.
    case only(ReviewTrack)
    /// Both, each on its own.
    case all

    /// The tracks selected, App Store first.
    public var tracks: [ReviewTrack] {
        switch self {
        case .only(let track): [track]
        case .all: ReviewTrack.allCases
        }
    }

    /// Whether an event of `track` is selected.
    /// - Parameter track: the event's track.
    /// - Returns: whether it is shown.
    public func includes(_ track: ReviewTrack) -> Bool {
        switch self {
        case .only(let only): only == track
        case .all: true
        }
    }

    /// Reads `app-store`, `testflight` or `all`.
    /// - Parameter spelling: what was typed.
    /// - Returns: the selection, or nil for anything else.
    public init?(spelling: String) {
        if spelling.trimmingSpaces().lowercased() == "all" {
            self = .all
        } else if let track = ReviewTrack(spelling: spelling) {
            self = .only(track)
        } else {
            return nil
        }
    }
}
