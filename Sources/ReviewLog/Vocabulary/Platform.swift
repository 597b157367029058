/// An Apple platform an app version is submitted for.
public enum Platform: String, Sendable, CaseIterable, Codable {
    /// iOS (and iPadOS), the default.
    case iOS
    /// macOS.
    case macOS
    /// tvOS.
    case tvOS
    /// visionOS.
    case visionOS
    /// watchOS.
    case watchOS

    /// The platform's name as Apple writes it (`iOS`), which is also its stored and exported form.
    public var name: String { rawValue }

    /// Reads a platform case-insensitively (`ios`, `iOS`, `IOS`; also `MAC_OS`-style API spellings).
    /// - Parameter spelling: what the user or a file gave.
    /// - Returns: the platform, or `nil` when it is not one of the five.
    public init?(spelling: String) {
        let key = String(spelling.trimmingSpaces().lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
        guard let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = platform
    }
}
