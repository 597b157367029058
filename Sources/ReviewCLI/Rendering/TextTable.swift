/// Left-aligned columns separated by two spaces, for human output.
struct TextTable {
    var rows: [[String]]

    func render(indent: String = "") -> String {
        guard let width = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: width)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = indent
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            return line
        }.joined(separator: "\n") + "\n"
    }
}
