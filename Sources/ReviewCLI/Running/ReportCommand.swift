import CommandLineKit
import GatehouseCore
import ReviewLog
import ReviewReport

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
        // Whole or not at all, never through a planted name, missing folders made 0700 (AtomicFile, FilePath).
        do { try AtomicFile.write(Array(html.utf8), to: file, mode: 0o644, creatingFolders: true) } catch {
            throw CommandFailure(
                .ioError,
                "cannot write the report to \(file): \(error.reason); check that its folder can be created and "
                    + "written, or give another --html FILE")
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
}
