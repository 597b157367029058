public import ReviewLog

/// What a pass did: the state changes it recorded or saw, the warnings, and the apps it could not read.
public struct SyncReport: Sendable {
    /// The profile the pass ran with, if named.
    public var profile: String?
    /// The apps recorded.
    public var syncedApps: [String] = []
    /// The versions whose state changed.
    public var changes: [SyncChange] = []
    /// Warnings (a key that cannot read review submissions, an unknown platform).
    public var warnings: [String] = []
    /// Apps that could not be read after the client's retries; the others were recorded.
    public var failures: [SyncError] = []
    /// Apps asked for that this key does not see (when several keys share the work).
    public var unseenApps: [String] = []
    /// The look at the key's certificates and profiles, when the pass ran one (`SigningPass`).
    public var signing: SigningPass.Report?

    /// An empty report.
    public init(profile: String?) { self.profile = profile }
}
