internal import GatehouseCore
package import ReviewLog

/// `review report --html FILE`: one self-contained HTML page of the store's review history.
///
/// The page loads nothing: its CSS is inline, its charts inline SVG, and it has no script, so it opens from a file,
/// offline, and prints. It follows the reader's light or dark setting (`prefers-color-scheme`) and fits a phone's
/// width. Its sections: counts per stage, a tile per app and platform (with how an open cycle compares, from
/// `OpenCycleComparison`), a timeline bar per version, the distribution of time to decision, median and 90th
/// percentile per month beside Apple's claims (`AppleReviewClaim`), and the table of `review stats`; with signing
/// items, a "Signing" section first when one needs attention (red at 7 days left or fewer, amber within 30) and their
/// whole list last.
///
/// Every string from the store is escaped (`HTMLText`), and the page's Content Security Policy
/// (`contentSecurityPolicy`) contains a future escaping slip: no script runs and nothing is loaded, whatever
/// markup a stored string might smuggle in. Charts carry a text alternative (an SVG title and
/// description) and their figures as a table. The work is linear in the number of cycles, apart from sorting the
/// durations; timeline bars are drawn for the latest `versionsPerTrack` versions of each app and platform.
package struct HTMLReport: Sendable {
    /// The versions, ordered by app, platform and version (`VersionTimeline.timelines`).
    package var timelines: [VersionTimeline]
    /// The instant the report is made at: open cycles and current states run to it.
    package var now: Timestamp
    /// How an instant is shown (the command line's local time or UTC).
    package var formatTime: @Sendable (Timestamp) -> String
    /// At most this many versions of each app and platform get a timeline bar, the latest first.
    package var versionsPerTrack = 24
    /// The signing tracker's items at `now`, soonest expiry first (`SigningItemStatus.of(_:at:expiringWithin:)`):
    /// a "Signing" section at the top when one is INVALID or expires within 30 days, and the whole list at the end.
    package var signing: [SigningItemStatus]
    /// The TestFlight versions (issue 24), a section of their own when there are any; never in the App Store
    /// figures.
    package var testFlight: [VersionTimeline] = []

    /// The page's Content Security Policy (CSP Level 3, W3C), in a `<meta http-equiv>` before anything else it
    /// governs: nothing may be loaded or run (`default-src 'none'`: no script, image, font, frame or connection),
    /// only inline styles apply (the page's one `<style>`), and no `<base>` or form can redirect a link or a submission.
    /// A page that needs more (an image, a script) must say so here; the browser tests prove the page's own content
    /// raises no violation and that an injected script does not run.
    package static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// Creates a report.
    /// - Parameters:
    ///   - timelines: the versions, ordered by app, platform and version.
    ///   - now: the instant of the report.
    ///   - signing: the signing items' statuses at `now`, soonest expiry first (none by default).
    ///   - formatTime: how to show an instant; ISO 8601 in UTC by default.
    package init(
        timelines: [VersionTimeline], now: Timestamp, signing: [SigningItemStatus] = [],
        formatTime: @escaping @Sendable (Timestamp) -> String = { $0.iso8601 }
    ) {
        self.timelines = timelines
        self.now = now
        self.signing = signing
        self.formatTime = formatTime
    }

    /// The page.
    /// - Returns: the HTML document, UTF-8 text.
    package func render() -> String {
        let tracks = ReportTrack.tracks(of: timelines)
        let decided = OpenCycleComparison.decidedSeconds(in: timelines)
        let tiles = AppTile.tiles(of: tracks, now: now, decidedSeconds: decided)
        let statistics = ReviewStatistics(timelines: timelines)
        let cycles = timelines.reduce(0) { $0 + $1.cycles.count }
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.contentSecurityPolicy)\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        html += "<title>App Review report</title>\n<style>\n\(ReportStyle.css)</style>\n</head>\n<body>\n"
        html += "<header>\n<h1>App Review report</h1>\n<p class=\"muted\">Made \(HTMLText.escaped(formatTime(now))) "
        html += "from \(count(tiles.count, "app tile", "app tiles")) (an app on one platform), "
        html +=
            "\(count(timelines.count, "version", "versions")) and \(count(cycles, "submission cycle", "submission cycles")). "
        html += "A cycle runs from Waiting for Review to its decision; durations marked ~ are approximate (observed by "
        html += "polling App Store Connect).</p>\n</header>\n<main>\n"
        html += signingAlertSection()
        html += summarySection(tiles)
        html += tileSection(tiles)
        html += timelineSection(tracks)
        html += histogramSection(decided, statistics: statistics)
        html += monthlySection(MonthlyFigures(timelines: timelines), statistics: statistics)
        html += statisticsSection(statistics)
        html += testFlightSection(appStore: statistics)
        html += signingListSection()
        html += "</main>\n<footer class=\"muted\"><p>Written by review report (Gatehouse). Apple's figures are quoted "
        html += "from its App Review page; yours are from this store's cycles.</p></footer>\n</body>\n</html>\n"
        return html
    }

    /// "1 version", "3 versions".
    func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }

    /// A duration, "~" before an approximate one.
    func duration(_ seconds: Int64, _ precision: DurationPrecision) -> String {
        (precision == .exact ? "" : "~") + DurationFormat.string(seconds: seconds)
    }

    /// "71%", of a part and a whole (whole > 0), as every output shows a share (`PercentFormat`).
    func percent(_ part: Int, of whole: Int) -> String { PercentFormat.string(part, of: whole) }

    /// A section's opening: `<section id=ID aria-labelledby=ID-title><h2 id=ID-title>TITLE</h2>`.
    func sectionStart(_ id: String, _ title: String) -> String {
        "<section id=\"\(id)\" aria-labelledby=\"\(id)-title\">\n<h2 id=\"\(id)-title\">\(title)</h2>\n"
    }
}
