/// CSV cells that a spreadsheet cannot run as formulas, read back exactly by `review import`.
///
/// OWASP's CSV injection rule: a cell starting with `=`, `+`, `-`, `@`, tab or carriage return is a formula to Excel,
/// LibreOffice and Google Sheets (`=HYPERLINK(...)`, `@SUM(...)`, `+cmd|...`), also after leading spaces; a leading `'`
/// makes it text (https://owasp.org/www-community/attacks/CSV_Injection). Export writes such a cell with a `'` in
/// front, and also a cell whose own first character is `'`, so that import can remove exactly one leading `'` from
/// every cell: the round trip is exact for every string. Line feeds and the full-width `＝＋－＠` (which some
/// spreadsheets also read as formula signs) are treated like the rest.
package enum CSVCell {
    /// The cell as export writes it: `'` + value when the value starts (after spaces) with a formula character, or
    /// starts with `'`; the value itself otherwise.
    package static func neutralized(_ value: String) -> String {
        value.unicodeScalars.first == "'" || isFormula(value) ? "'" + value : value
    }

    /// Whether a spreadsheet would run the cell: it starts, after blanks, with a formula character.
    package static func isFormula(_ cell: String) -> Bool {
        for scalar in cell.unicodeScalars {
            if formulaStarts.contains(scalar) { return true }
            if !leadingBlanks.contains(scalar) { return false }
        }
        return false
    }

    /// A cell as import reads it: one leading `'` removed (`neutralized`'s inverse).
    package static func restored(_ cell: String) -> String {
        cell.unicodeScalars.first == "'" ? String(cell.unicodeScalars.dropFirst()) : cell
    }

    /// The characters that make a cell a formula when it starts with one.
    package static let formulaStarts: Set<Unicode.Scalar> = [
        "=", "+", "-", "@", "\t", "\r", "\n", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}",
    ]

    /// The blanks a spreadsheet skips before a formula sign: spaces, the no-break and the ideographic space.
    package static let leadingBlanks: Set<Unicode.Scalar> = [" ", "\u{A0}", "\u{3000}"]
}
