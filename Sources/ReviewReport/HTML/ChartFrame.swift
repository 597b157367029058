/// The drawing area of an inline SVG chart, in viewBox units, and the pieces both charts draw with it.
///
/// A chart is scaled to its container's width (`width: 100%` with a fixed viewBox), so text keeps its proportion
/// to the plot; the viewBox is small (480 wide) so that the labels stay readable at a phone's width.
struct ChartFrame {
    /// The viewBox's size, and the plot's edges within it: room on the left for the y axis labels, at the top for
    /// the markers' labels, at the bottom for the x axis labels.
    var width = 480.0, height = 250.0, left = 44.0, right = 470.0, top = 40.0, bottom = 214.0

    var plotWidth: Double { right - left }
    var plotHeight: Double { bottom - top }

    /// The y of a value on a linear axis from 0 (the bottom) to `maximum` (the top).
    func y(_ value: Double, maximum: Double) -> Double { bottom - plotHeight * min(value, maximum) / maximum }

    /// `<svg ...>` with its title and description (the chart's text alternative, read by screen readers).
    func open(id: String, title: String, description: String) -> String {
        "<svg id=\"\(id)\" class=\"chart\" viewBox=\"0 0 \(HTMLText.number(width)) \(HTMLText.number(height))\" "
            + "role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\"><title id=\"\(id)-title\">\(title)</title>"
            + "<desc id=\"\(id)-desc\">\(description)</desc>\n"
    }

    /// The axes: a baseline and a left rule.
    func axes() -> String {
        line(x1: left, y1: bottom, x2: right, y2: bottom, cssClass: "axis")
            + line(x1: left, y1: top, x2: left, y2: bottom, cssClass: "axis")
    }

    /// A horizontal grid line at `y` with its label left of the axis.
    func yTick(_ y: Double, label: String) -> String {
        line(x1: left, y1: y, x2: right, y2: y, cssClass: "grid-line")
            + text(label, x: left - 4, y: y + 4, anchor: "end", cssClass: "tick")
    }

    /// A label under the baseline.
    func xTick(_ x: Double, label: String) -> String {
        text(label, x: x, y: bottom + 16, anchor: "middle", cssClass: "tick")
    }

    /// A vertical marker from the top of the plot to its baseline, labelled above it.
    func marker(x: Double, label: String, row: Int, anchor: String, cssClass: String) -> String {
        line(x1: x, y1: top - 4, x2: x, y2: bottom, cssClass: cssClass)
            + text(
                label, x: x + (anchor == "end" ? -3 : anchor == "start" ? 3 : 0), y: 12 + 13 * Double(row),
                anchor: anchor, cssClass: cssClass + "-label")
    }

    func line(x1: Double, y1: Double, x2: Double, y2: Double, cssClass: String) -> String {
        "<line class=\"\(cssClass)\" x1=\"\(HTMLText.number(x1))\" y1=\"\(HTMLText.number(y1))\" "
            + "x2=\"\(HTMLText.number(x2))\" y2=\"\(HTMLText.number(y2))\"/>\n"
    }

    /// Text; `content` must already be escaped.
    func text(_ content: String, x: Double, y: Double, anchor: String, cssClass: String) -> String {
        "<text class=\"\(cssClass)\" x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" "
            + "text-anchor=\"\(anchor)\">\(content)</text>\n"
    }

    /// Grid values for a time axis up to `maximum` seconds: every 6 hours, 12 hours, day, 2 days or week, about 4
    /// to 8 of them.
    static func timeTicks(upTo maximum: Double) -> [Int64] {
        let steps: [Int64] = [6 * 3_600, 12 * 3_600, 86_400, 2 * 86_400, 7 * 86_400, 14 * 86_400, 28 * 86_400]
        let step = steps.first { Double($0) * 8 >= maximum } ?? steps.last!
        return Array(stride(from: step, through: Int64(maximum), by: Int(step)))
    }
}
