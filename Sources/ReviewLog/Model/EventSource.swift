/// Where an event came from.
public enum EventSource: String, Sendable, CaseIterable, Codable {
    /// Logged by a person with `review log`.
    case manual
    /// Read from an import file.
    case `import`
    /// Fetched from App Store Connect by `review sync` or `review watch`.
    case sync
    /// Pushed by an App Store Connect webhook to `review serve` (the payload's exact time).
    case webhook
}
