import Foundation

/// A small tmpfs mounted for one test: a disk that fills up, and a file system that can be made read-only.
/// Tests run as root, where `chmod` does not stop a write; a mount does. Unmounted (lazily) when released.
public final class TmpfsMount: @unchecked Sendable {
    /// The mount point, a fresh temporary folder.
    public let directory: TemporaryDirectory
    /// The mount point's path.
    public var path: String { directory.url.path }

    /// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, `mount` present): checked once.
    public static let isAvailable: Bool = {
        guard getuid() == 0, let probe = try? TmpfsMount(kilobytes: 64) else { return false }
        _ = probe
        return true
    }()

    /// Why tests that need a mount are skipped, for `.enabled(if:_:)`.
    public static let unavailableMessage =
        "mounting a tmpfs needs root with CAP_SYS_ADMIN; disk-full and read-only tests skipped"

    /// Mounts a tmpfs of `kilobytes` KiB on a new temporary folder.
    /// - Parameter kilobytes: the file system's size.
    /// - Throws: when `mount` fails.
    public init(kilobytes: Int) throws {
        directory = try TemporaryDirectory()
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", directory.url.path])
    }

    /// Remounts read-only or read-write.
    /// - Parameter readOnly: true for read-only.
    /// - Throws: when `mount` fails.
    public func remount(readOnly: Bool) throws {
        try Self.run("/bin/mount", ["-o", "remount," + (readOnly ? "ro" : "rw"), path])
    }

    deinit {
        try? Self.run("/bin/umount", ["-l", path])
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "\(tool) \(arguments)"])
        }
    }
}
