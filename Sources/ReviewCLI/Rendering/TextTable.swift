/// Left-aligned columns separated by two spaces, for human output; colour escapes take no width.
struct TextTable {
    var rows: [[String]]

    func render(indent: String = "") -> String {
        guard let width = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: width)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], Self.width(of: cell)) }
        }
        return rows.map { row in
            var line = indent
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 {
                    line += String(repeating: " ", count: widths[index] - Self.width(of: cell) + 2)
                }
            }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// The characters of `cell` a terminal shows: ANSI escape sequences (ESC [ ... m) take no width.
    static func width(of cell: String) -> Int {
        guard cell.contains("\u{1B}") else { return cell.count }
        var width = 0
        var inEscape = false
        for character in cell {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}
