import CommandLineKit
import ReviewLog
import ReviewReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `review report [APP] --html FILE`: builds the HTML report from the store and writes it.
enum ReportCommand {
    /// Writes the report of `events` to `file` (`-`: standard output).
    /// - Parameters:
    ///   - events: the events the report covers (every app's, or one app's).
    ///   - file: the page's path, or `-`.
    ///   - json: whether to say what was written as JSON.
    ///   - renderer: the invocation's time display (local or UTC) and `now`.
    /// - Returns: the page on standard output for `-`, else a line naming the file and what it holds.
    /// - Throws: `CommandFailure` (74) when the file cannot be written, naming the path and the cause.
    static func run(events: [ReviewEvent], file: String, json: Bool, renderer: Renderer) throws -> CommandOutput {
        let timelines = VersionTimeline.timelines(of: events, now: renderer.now)
        let utc = renderer.utc
        let report = HTMLReport(
            timelines: timelines, now: renderer.now,
            formatTime: { WallClock.format($0.secondsSince1970, utc: utc) })
        let html = report.render()
        if file == "-" { return CommandOutput(standardOutput: html) }
        if let errorNumber = replaceFile(file, with: html) {
            throw CommandFailure(
                .ioError,
                "cannot write the report to \(file) (\(String(cString: strerror(errorNumber)))); check that its folder "
                    + "exists and is writable, or give another --html FILE")
        }
        let tiles = ReportTrack.count(of: timelines)
        let cycles = timelines.reduce(0) { $0 + $1.cycles.count }
        let bytes = html.utf8.count
        if json {
            return CommandOutput(
                standardOutput: JSONText.object([
                    ("file", JSONText.string(file)), ("tiles", String(tiles)), ("versions", String(timelines.count)),
                    ("cycles", String(cycles)), ("bytes", String(bytes)),
                ]) + "\n")
        }
        return CommandOutput(
            standardOutput: "Wrote the report (\(tiles) app tiles, \(timelines.count) versions, \(cycles) cycles, "
                + "\(bytes / 1024 + 1) KiB) to \(file)\n")
    }

    /// Writes `text` to a new file beside `path` and renames it over `path` (POSIX rename is atomic): a reader never
    /// sees half a page, and a failed write leaves an old page as it was.
    /// - Returns: `nil`, or the `errno` of the step that failed.
    private static func replaceFile(_ path: String, with text: String) -> Int32? {
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        var failure: Int32?
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if failure != nil { unlink(temporary) }
        return failure
    }
}
