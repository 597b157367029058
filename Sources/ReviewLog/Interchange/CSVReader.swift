/// RFC 4180 CSV: fields separated by commas, quoted with `"` when they hold commas, quotes or line breaks, a
/// quote inside a quoted field doubled; rows end in CRLF or LF.
package enum CSVReader {
    /// A row: the line it starts on, and its fields as written (quotes removed).
    package struct Row {
        package var line: Int
        package var fields: [String]
    }

    /// Splits text into rows, each with the line number it starts on.
    package static func rows(_ text: String, name: String) throws(ReviewError) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        var sawAnything = false
        while let scalar = next() {
            sawAnything = true
            if inQuotes {
                if scalar == "\"" {
                    let following = next()
                    if following == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        pending = following
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else {
                    throw ReviewError(
                        .malformedImport,
                        "\(name) line \(line): a quote inside an unquoted field; quote the whole field")
                }
                inQuotes = true
                fieldWasQuoted = true
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\r":
                let following = next()
                if following != "\n" { pending = following }
                fallthrough
            case "\n":
                fields.append(field)
                rows.append(Row(line: rowLine, fields: fields))
                fields = []
                field = ""
                fieldWasQuoted = false
                line += 1
                rowLine = line
            default:
                if fieldWasQuoted {
                    throw ReviewError(
                        .malformedImport, "\(name) line \(line): text after a closing quote; quote the whole field")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes {
            throw ReviewError(.malformedImport, "\(name) line \(rowLine): a quoted field is never closed")
        }
        if sawAnything, !(fields.isEmpty && field.isEmpty && !fieldWasQuoted) {
            fields.append(field)
            rows.append(Row(line: rowLine, fields: fields))
        }
        return rows
    }

    /// A field as written: quoted when it holds a comma, quote, line break or surrounding spaces.
    static func quote(_ field: String) -> String {
        let needsQuotes =
            field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || field.first == " " || field.last == " "
        guard needsQuotes else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
