import Foundation

/// A fresh directory under the system's temporary folder, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    /// - Throws: when it cannot be created.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    /// - Parameter name: the file name.
    /// - Returns: its URL.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
