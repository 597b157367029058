/// The table the benchmark prints, and its summary line.
struct Report {
    struct Row {
        let measure: String
        let result: String
        let target: String
        /// nil when the row has no target (context only).
        let met: Bool?
        let short: String?
    }

    private(set) var rows: [Row] = []
    /// The checks that failed (not a missed performance target: a wrong result), each a line; gatehouse-bench exits
    /// 1 when there is one.
    private(set) var failures: [String] = []

    mutating func add(_ measure: String, _ result: String, target: String = "", met: Bool? = nil, short: String? = nil)
    {
        rows.append(Row(measure: measure, result: result, target: target, met: met, short: short))
        let verdict = met.map { $0 ? "met" : "NOT MET" } ?? ""
        print("  · \(measure): \(result)\(target.isEmpty ? "" : "  [target \(target): \(verdict)]")")
    }

    /// Adds a row for a check that failed: its target not met, and a failure.
    mutating func fail(_ measure: String, _ result: String, target: String, short: String) {
        add(measure, result, target: target, met: false, short: short)
        failures.append("FAILED: \(measure): \(result)")
    }

    func table() -> String {
        let header = ["Measure", "Result", "Target", "Met"]
        let cells = rows.map { [$0.measure, $0.result, $0.target, $0.met.map { $0 ? "yes" : "NO" } ?? ""] }
        var widths = header.map(\.count)
        for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ row: [String]) -> String {
            "| "
                + row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
                .joined(separator: " | ") + " |"
        }
        var lines = [
            line(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|",
        ]
        lines += cells.map(line)
        return lines.joined(separator: "\n")
    }

    func summary() -> String {
        let targeted = rows.filter { $0.met != nil }
        let met = targeted.filter { $0.met == true }.count
        let parts = rows.compactMap(\.short)
        return "SUMMARY: " + parts.joined(separator: "; ") + " -- \(met) of \(targeted.count) targets met"
    }
}

/// Formats a number with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        if digits == 0 { text = String(text[..<dot]) }
    } else if digits > 0 {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}
