/// Where an event came from.
public enum EventSource: String, Sendable, CaseIterable, Codable {
    /// Logged by a person with `review log`.
    case manual
    /// Read from an import file.
    case `import`
    /// Fetched from App Store Connect (reserved for a later sync).
    case sync
}
