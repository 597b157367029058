import Foundation

/// Debian's `chromium` in headless mode: screenshots and the DOM after load (`--dump-dom`), at a given window size.
///
/// Each run has a profile folder of its own (no state shared with another run or a desktop session) and, as root,
/// `--no-sandbox` (Chromium refuses to start its sandbox as root).
public struct HeadlessChromium {
    /// The browser, when one is installed: `$CHROMIUM`, else `chromium` or `chromium-browser` on the PATH.
    public static let executable: String? = {
        if let given = ProcessInfo.processInfo.environment["CHROMIUM"], !given.isEmpty { return given }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    public let executable: String
    let profile: URL

    /// The window: width and height in CSS pixels.
    public struct Window {
        public var width: Int
        public var height: Int

        /// A window of `width` by `height` CSS pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Errors of a run.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A browser run with a fresh profile under `directory`.
    public init(executable: String, directory: TemporaryDirectory) {
        self.executable = executable
        profile = directory.file("chromium-profile")
    }

    private func run(_ arguments: [String]) throws -> ProcessRunner.Result {
        var all = [
            "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
            // The layout test's page frames a file next to it and reads it (file URLs are otherwise unique origins).
            "--allow-file-access-from-files",
            "--user-data-dir=\(profile.path)",
        ]
        if geteuid() == 0 { all.append("--no-sandbox") }
        let result = try ProcessRunner.run(
            executableAt: URL(fileURLWithPath: executable), all + arguments, environment: ["LANG": "C.UTF-8"])
        guard result.status == 0 else {
            throw Failure(description: "chromium exited \(result.status): \(result.standardError.suffix(2000))")
        }
        return result
    }

    /// Saves a PNG of `page` as laid out in `window` (the whole window; make it tall enough for the page).
    public func screenshot(_ page: URL, window: Window, to png: URL, dark: Bool = false) throws {
        var arguments = ["--window-size=\(window.width),\(window.height)", "--screenshot=\(png.path)"]
        if dark { arguments.append("--force-dark-mode") }
        _ = try run(arguments + [page.absoluteString])
        guard FileManager.default.fileExists(atPath: png.path) else {
            throw Failure(description: "chromium wrote no screenshot at \(png.path)")
        }
    }

    /// The DOM of `page` after load, serialized.
    public func dumpDOM(_ page: URL, window: Window) throws -> String { try load(page, window: window).dom }

    /// The DOM of `page` after load, and the messages the page's console received (a Content Security Policy
    /// violation is reported there), from Chromium's log on standard error.
    public func load(_ page: URL, window: Window) throws -> (dom: String, console: [String]) {
        let result = try run([
            "--window-size=\(window.width),\(window.height)", "--enable-logging=stderr", "--v=0", "--dump-dom",
            page.absoluteString,
        ])
        let console = result.standardError.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (result.standardOutput, console)
    }
}
