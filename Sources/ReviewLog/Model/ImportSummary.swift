/// What an import did.
public struct ImportSummary: Sendable, Hashable {
    /// Events added.
    public var inserted: Int
    /// Events already present (same app, platform, version, state and time), left as they were.
    public var alreadyPresent: Int

    /// Creates a summary.
    /// - Parameters:
    ///   - inserted: events added.
    ///   - alreadyPresent: events already present.
    public init(inserted: Int, alreadyPresent: Int) {
        self.inserted = inserted
        self.alreadyPresent = alreadyPresent
    }
}
