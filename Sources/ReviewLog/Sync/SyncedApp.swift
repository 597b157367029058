/// What one look at App Store Connect saw for one app: handed to `ReviewStore.applySync(_:)`, which records it
/// atomically.
public struct SyncedApp: Sendable, Hashable {
    /// The App Store Connect app id.
    public var ascID: String
    /// The app's App Store Connect `name`.
    public var name: String
    /// The bundle ID.
    public var bundleID: String
    /// The credentials profile it was seen through, if named.
    public var profile: String?
    /// When the look was made (the time of every state it observed).
    public var fetchedAt: Timestamp
    /// Its versions.
    public var versions: [SyncedVersion]
    /// Its TestFlight builds, when the look read them (nil: not read, as with `--no-testflight` or a key that cannot
    /// reach them; what the store has of them is left as it was).
    public var testFlight: SyncedTestFlight?

    /// Creates a look.
    /// - Parameters:
    ///   - ascID: the App Store Connect app id.
    ///   - name: the app's name in App Store Connect.
    ///   - bundleID: the bundle ID App Store Connect has for it.
    ///   - profile: the profile, if any.
    ///   - fetchedAt: when it was made.
    ///   - versions: the versions seen.
    ///   - testFlight: the TestFlight builds seen, nil when they were not read.
    public init(
        ascID: String, name: String, bundleID: String, profile: String? = nil, fetchedAt: Timestamp,
        versions: [SyncedVersion], testFlight: SyncedTestFlight? = nil
    ) {
        self.testFlight = testFlight
        self.ascID = ascID
        self.name = name
        self.bundleID = bundleID
        self.profile = profile
        self.fetchedAt = fetchedAt
        self.versions = versions
    }
}

/// One App Store Connect version as a look saw it.
public struct SyncedVersion: Sendable, Hashable {
    /// The version's App Store Connect id.
    public var ascID: String
    /// The platform.
    public var platform: Platform
    /// The version string.
    public var version: String
    /// The build's version (build number), if one is attached.
    public var build: String?
    /// The state as App Store Connect wrote it (`appVersionState`, else the deprecated `appStoreState`); a value
    /// this review does not know is kept as written.
    public var state: String
    /// The latest review submission for this version that has a `submittedDate`: the exact time it entered
    /// Waiting for Review.
    public var submission: SyncedSubmission?

    /// Creates a version.
    /// - Parameters:
    ///   - ascID: the App Store Connect version id.
    ///   - platform: the version's platform.
    ///   - version: the version string.
    ///   - build: the build number, if any.
    ///   - state: the API state string.
    ///   - submission: the latest submitted review submission, if any.
    public init(
        ascID: String, platform: Platform, version: String, build: String? = nil, state: String,
        submission: SyncedSubmission? = nil
    ) {
        self.ascID = ascID
        self.platform = platform
        self.version = version
        self.build = build
        self.state = state
        self.submission = submission
    }

    /// The state as a known review state (older API spellings included), or nil for a value this review does not
    /// know (kept and shown, never recorded as an event).
    public var reviewState: ReviewState? { ReviewState(apiString: state) }
}

/// A review submission's id and the time it was submitted.
public struct SyncedSubmission: Sendable, Hashable {
    /// The submission's App Store Connect id.
    public var ascID: String
    /// Its `submittedDate`.
    public var submittedAt: Timestamp

    /// Creates a submission.
    /// - Parameters:
    ///   - ascID: the submission id.
    ///   - submittedAt: its `submittedDate`.
    public init(ascID: String, submittedAt: Timestamp) {
        self.ascID = ascID
        self.submittedAt = submittedAt
    }
}

/// A state change a sync recorded (or saw and could not record, for a state this review does not know).
public struct SyncChange: Sendable, Hashable {
    /// The version.
    public var key: VersionKey
    /// The state before, as App Store Connect wrote it, or nil for a version seen for the first time.
    public var from: String?
    /// The state now, as App Store Connect wrote it.
    public var to: String
    /// The event recorded, or nil when nothing was (a state already logged by hand, or an unknown state).
    public var event: ReviewEvent?
    /// How long the previous state lasted, when known.
    public var previousSeconds: Int64?
    /// How well `previousSeconds` is known.
    public var previousPrecision: DurationPrecision
    /// The build, for a TestFlight build's change (`key.track` is TestFlight; `key.version` its pre-release
    /// version).
    public var build: String? = nil
    /// The submission's `submittedDate` when it was not used: Waiting for Review recorded at this look's time
    /// instead, because App Store Connect's date is before the version's last recorded event (a date that would put
    /// the wait before what is already known). Nil when the date was used, or there was none.
    public var ignoredSubmittedAt: Timestamp? = nil

    /// Creates a change.
    /// - Parameters:
    ///   - key: the version.
    ///   - from: the previous state string.
    ///   - to: the new state string.
    ///   - event: the event recorded, if any.
    ///   - previousSeconds: how long the previous state lasted.
    ///   - previousPrecision: how well that is known.
    public init(
        key: VersionKey, from: String?, to: String, event: ReviewEvent?, previousSeconds: Int64?,
        previousPrecision: DurationPrecision
    ) {
        self.key = key
        self.from = from
        self.to = to
        self.event = event
        self.previousSeconds = previousSeconds
        self.previousPrecision = previousPrecision
    }
}
