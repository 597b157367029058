public import ReviewLog
public import ReviewSigning

/// What a ``SyncRun`` did, as a value: the webhook deliveries it resolved, each pass's outcome in the order of the
/// passes, the apps asked for that no key sees, and the events recorded (whose notifications are due now).
public struct SyncRunResult: Sendable {
    /// How one key's pass ended.
    public enum PassOutcome: Sendable {
        /// The pass ran: its changes, warnings and the apps it could not read.
        case completed(SyncReport)
        /// The pass failed as a whole (credentials refused, the app list unreadable, an app not found, the store).
        case failed(profile: String?, SyncError)
    }

    /// The first thing that went wrong, in the order the run met it: what a command line's exit status is made from.
    public enum Failure: Sendable {
        /// A pass ran but could not read these apps (after the client's retries); the others were recorded.
        case appsUnreadable(profile: String?, [SyncError])
        /// A pass failed as a whole.
        case passFailed(profile: String?, SyncError)
        /// No key sees these apps asked for (several keys only).
        case appsUnseen([String])
    }

    /// The events recorded for webhook deliveries that had been pending, oldest delivery first.
    public var resolvedDeliveries: [ReviewEvent] = []
    /// The deliveries that stay pending, each as its id and why (the next sync or serve tries again).
    public var stillPendingDeliveries: [String] = []
    /// Each pass's outcome, in the order of the passes.
    public var passes: [PassOutcome] = []
    /// Apps asked for that no pass that ran sees, sorted; always empty with one pass (its key's miss fails it).
    public var unseenApps: [String] = []
    /// The ids of the events recorded, the resolved deliveries' first: their notifications were queued with them.
    public var recordedEventIDs: [Int64] = []
    /// The re-read of the tracked local signing files, when the run recorded signing items.
    public var signingFiles: SigningFilePass.Report?

    /// An empty result.
    public init() {}

    /// The run's first failure: the passes' in their order (a pass with unreadable apps, or one that failed), then
    /// the apps no key sees; nil when everything asked for was synced.
    public var firstFailure: Failure? {
        for outcome in passes {
            switch outcome {
            case .completed(let report) where !report.failures.isEmpty:
                return .appsUnreadable(profile: report.profile, report.failures)
            case .failed(let profile, let error):
                return .passFailed(profile: profile, error)
            case .completed:
                continue
            }
        }
        return unseenApps.isEmpty ? nil : .appsUnseen(unseenApps)
    }
}
