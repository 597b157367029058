/// The drawing area of an inline SVG chart, and the pieces the histogram and the monthly chart draw with it.
///
/// A chart is as wide as the content column at every width (issue 25 item 20) and its text keeps one size: the SVG
/// has no viewBox, so nothing is scaled. Horizontal positions are fractions of the chart's width (written as
/// percentages), vertical ones CSS pixels from the top of a chart of fixed height; text is in CSS pixels
/// (`ReportStyle`: `svg.chart`), so a tick reads the same on a phone at 390 px as on a desktop. A chart scaled
/// from a viewBox (as before) either fills a desktop page with text twice the body's size or shrinks it under
/// 11 px on a phone. The y axis labels sit in the chart's left margin, outside the SVG box (`overflow: visible`).
struct ChartFrame {
    /// The chart's height, and the plot's top and bottom within it: room at the top for two rows of marker labels,
    /// at the bottom for the x axis labels.
    var height = 260.0, top = 36.0, bottom = 230.0

    /// The plot's height.
    var plotHeight: Double { bottom - top }

    /// The y of a value on a linear axis from 0 (the bottom) to `maximum` (the top).
    func y(_ value: Double, maximum: Double) -> Double { bottom - plotHeight * min(value, maximum) / maximum }

    /// A fraction of the chart's width as an SVG length: "37.5%".
    static func x(_ fraction: Double) -> String { HTMLText.number(min(max(fraction, 0), 1) * 100) + "%" }

    /// `<svg ...>` with its title and description (the chart's text alternative, read by screen readers).
    func open(id: String, title: String, description: String) -> String {
        "<svg id=\"\(id)\" class=\"chart\" width=\"100%\" height=\"\(HTMLText.number(height))\" "
            + "role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\"><title id=\"\(id)-title\">\(title)</title>"
            + "<desc id=\"\(id)-desc\">\(description)</desc>\n"
    }

    /// The axes: a baseline and a left rule.
    func axes() -> String {
        line(x1: 0, y1: bottom, x2: 1, y2: bottom, cssClass: "axis")
            + line(x1: 0, y1: top, x2: 0, y2: bottom, cssClass: "axis")
    }

    /// A horizontal grid line at `y` with its label left of the axis, in the margin.
    func yTick(_ y: Double, label: String) -> String {
        line(x1: 0, y1: y, x2: 1, y2: y, cssClass: "grid-line")
            + text(label, x: 0, dx: -5, y: y + 4, anchor: "end", cssClass: "tick")
    }

    /// A label under the baseline at a fraction of the width; near the right edge it ends there, so it stays inside
    /// the page.
    func xTick(_ x: Double, label: String) -> String {
        text(label, x: x, y: bottom + 17, anchor: x > 0.97 ? "end" : "middle", cssClass: "tick")
    }

    /// A vertical marker from the top of the plot to its baseline, labelled above it in row 0 or 1: the label
    /// starts or ends at the line as `anchor` says, turned inward near an edge, so it stays inside the page; an empty
    /// label draws the line alone.
    func marker(x: Double, label: String, row: Int, anchor: String, cssClass: String) -> String {
        let anchor = anchor == "start" && x > 0.85 ? "end" : anchor == "end" && x < 0.15 ? "start" : anchor
        let line = line(x1: x, y1: top - 4, x2: x, y2: bottom, cssClass: cssClass)
        guard !label.isEmpty else { return line }
        return line
            + text(
                label, x: x, dx: anchor == "end" ? -3 : anchor == "start" ? 3 : 0, y: 13 + 14 * Double(row),
                anchor: anchor, cssClass: cssClass + "-label")
    }

    /// A line; x values are fractions of the width, y values pixels.
    func line(x1: Double, y1: Double, x2: Double, y2: Double, cssClass: String) -> String {
        "<line class=\"\(cssClass)\" x1=\"\(Self.x(x1))\" y1=\"\(HTMLText.number(y1))\" "
            + "x2=\"\(Self.x(x2))\" y2=\"\(HTMLText.number(y2))\"/>\n"
    }

    /// Text at a fraction of the width, moved `dx` pixels; `content` must already be escaped.
    func text(_ content: String, x: Double, dx: Double = 0, y: Double, anchor: String, cssClass: String) -> String {
        "<text class=\"\(cssClass)\" x=\"\(Self.x(x))\"" + (dx == 0 ? "" : " dx=\"\(HTMLText.number(dx))\"")
            + " y=\"\(HTMLText.number(y))\" text-anchor=\"\(anchor)\">\(content)</text>\n"
    }

    /// The steps of a time axis, from an hour to four weeks.
    static let timeSteps: [Int64] = [
        3_600, 2 * 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600, 86_400, 2 * 86_400, 7 * 86_400, 14 * 86_400, 28 * 86_400,
    ]

    /// Grid values for a time axis up to `maximum` seconds: every hour, 2, 3, 6 or 12 hours, day, 2 days, week, 2
    /// or 4 weeks, at most `count` of them (the smallest step that gives no more).
    static func timeTicks(upTo maximum: Double, count: Int = 8) -> [Int64] {
        let step = timeSteps.first { Double($0) * Double(count) >= maximum } ?? timeSteps.last!
        return Array(stride(from: step, through: Int64(maximum), by: Int(step)))
    }

    /// A tick's label: "6h", "1d", "1d 12h".
    static func tickLabel(seconds: Int64) -> String {
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3_600
        if days == 0 { return "\(hours)h" }
        return hours == 0 ? "\(days)d" : "\(days)d \(hours)h"
    }
}
