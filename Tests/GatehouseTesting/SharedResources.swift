import Foundation

/// Paths to the package and to the public vectors and fixtures in `../shared`, which tests read by path.
///
/// `../shared` sits beside the checkout on developer machines and in CI; a fresh clone on its own does not have
/// it, and tests that need it skip with a message that says so (use `SharedResources.isAvailable` in an
/// `.enabled(if:)` trait).
public enum SharedResources {
    /// The package's root directory (the folder holding `Package.swift`).
    public static let packageRoot: URL = {
        // This file is <root>/Tests/GatehouseTesting/SharedResources.swift.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }()

    /// `<root>/../shared`, or the folder named by `GATEHOUSE_SHARED_DIR`.
    public static let sharedDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["GATEHOUSE_SHARED_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    /// The Wycheproof vectors folder.
    public static var wycheproofDirectory: URL { sharedDirectory.appendingPathComponent("vectors/wycheproof") }

    /// The genuine Apple-signed token fixtures folder.
    public static var appleRealDirectory: URL { sharedDirectory.appendingPathComponent("fixtures/apple-real") }

    /// The repository's `Samples/` folder.
    public static var samplesDirectory: URL { packageRoot.appendingPathComponent("Samples") }

    /// The README and every `docs/*.md` page (the guide and its reference), README first, then the pages by name.
    /// - Returns: each page's path relative to the package root, and its text.
    /// - Throws: when the folder or a page cannot be read.
    public static func guidePages() throws -> [(path: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
        return try (["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }).map { path in
            (path, try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// Whether the Wycheproof vectors are present.
    public static var hasWycheproof: Bool { exists(wycheproofDirectory) }

    /// Whether the Apple fixtures are present.
    public static var hasAppleReal: Bool { exists(appleRealDirectory) }

    /// The message a skipped test gives when `../shared` is absent.
    public static let absentMessage =
        "../shared is absent (a clone without the shared vectors and fixtures): skipped; CI and developer machines have it"

    /// Reads a file's bytes; the caller has checked availability.
    /// - Parameter url: the file.
    /// - Returns: its contents.
    /// - Throws: the read error.
    public static func data(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    private static func exists(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
