internal import GatehouseCore

/// Text made safe for HTML: every string that came from the store (app names, versions, builds, notes) goes through
/// `escaped(_:)` before it is written into the report, in element content and in attribute values alike.
///
/// The five characters HTML gives meaning to are written as character references (HTML Living Standard, 13.1.4
/// "Character references"; `'` as `&#39;`, since `&apos;` is not an HTML 4 entity), so a name such as
/// `<script>alert(1)</script>` or `" onmouseover="x` stays text. Control characters, which HTML forbids in a
/// document (13.2.5 "Tokenization": control-character-in-input-stream), are first written as visible `\u00XX`
/// escapes, as the terminal output does (`ControlCharacters`).
package enum HTMLText {
    /// The characters HTML gives meaning to, and the references written for them.
    private static let references: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    /// `text` escaped for element content and for attribute values in double or single quotes.
    /// - Parameter text: any text.
    /// - Returns: the escaped text.
    package static func escaped(_ text: String) -> String {
        let visible = ControlCharacters.escaped(text)
        guard visible.unicodeScalars.contains(where: { references[$0] != nil }) else { return visible }
        var out = ""
        out.reserveCapacity(visible.utf8.count + 16)
        for scalar in visible.unicodeScalars {
            if let reference = references[scalar] { out += reference } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// A number for SVG coordinates: at most two decimals, no exponent, no trailing zeros.
    /// - Parameter value: the number.
    /// - Returns: its text.
    package static func number(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
