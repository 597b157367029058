/// An event id as an import file spells it (a JSON number's text, a CSV cell), read by its exact value, whatever the
/// spelling: `7`, `7.0` and `0.7e1` are 7; `9.2e18` is refused as over the bound, never rounded through a `Double`.
///
/// Ids from outside are data, not the store's numbering: one is accepted only when it is a whole number from 1 to
/// `ReviewLimits.maximumImportedID` (2^53 - 1), so that no row can push the store's own numbering to the end of the
/// 64-bit id space (where SQLite picks random rowids and PostgreSQL's `max(id) + 1` overflows).
enum ImportedID {
    /// The id a number's text stands for.
    /// - Parameters:
    ///   - text: the number as written: the JSON number grammar of RFC 8259 section 6 (`-`, digits, an optional
    ///     fraction and exponent), the same for a CSV cell.
    ///   - place: the file and row, for the message.
    /// - Returns: the id, 1 through `ReviewLimits.maximumImportedID`.
    /// - Throws: `ReviewError.malformedImport` naming `place`, the text and the accepted range.
    static func value(of text: String, at place: String) throws(ReviewError) -> Int64 {
        let shown = "\"\(text.count > 40 ? String(text.prefix(40)) + "..." : text)\""
        guard let number = DecimalText(text) else {
            throw ReviewError(
                .malformedImport, "\(place): id \(shown) is not a positive integer; \(rangeHint)")
        }
        guard !number.isNegative, !number.isZero, number.isWhole else {
            throw ReviewError(
                .malformedImport, "\(place): id \(shown) is not a positive integer; \(rangeHint)")
        }
        guard let value = number.integer, value <= ReviewLimits.maximumImportedID else {
            throw ReviewError(
                .malformedImport,
                "\(place): id \(shown) is above the largest id an import accepts; \(rangeHint)")
        }
        return value
    }

    /// The accepted range and what to do, in every refusal.
    static let rangeHint =
        "an imported id is a whole number from 1 to \(ReviewLimits.maximumImportedID) (2^53 - 1); leave the id out "
        + "to have the store number the event"

    /// A number's exact decimal value: significant digits times a power of ten.
    private struct DecimalText {
        var isNegative = false
        /// The significant digits, without leading or trailing zeros (empty for zero).
        var digits: [UInt8] = []
        /// The power of ten the digits are multiplied by.
        var exponent = 0

        var isZero: Bool { digits.isEmpty }
        var isWhole: Bool { exponent >= 0 }

        /// The value as an integer, when it is whole and has at most 18 digits (nil otherwise: too large here).
        var integer: Int64? {
            guard isWhole, digits.count + exponent <= 18 else { return nil }
            var value: Int64 = 0
            for digit in digits { value = value * 10 + Int64(digit) }
            for _ in 0..<exponent { value *= 10 }
            return value
        }

        /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (RFC 8259 section 6); nil for anything else.
        init?(_ text: String) {
            let bytes = Array(text.utf8)
            var index = 0
            func digitRun() -> ArraySlice<UInt8> {
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                return bytes[start..<index]
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                isNegative = true
                index += 1
            }
            let whole = digitRun()
            guard !whole.isEmpty, whole.count == 1 || whole.first != UInt8(ascii: "0") else { return nil }
            var fraction: ArraySlice<UInt8> = []
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                fraction = digitRun()
                guard !fraction.isEmpty else { return nil }
            }
            var power = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                var negativePower = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    negativePower = bytes[index] == UInt8(ascii: "-")
                    index += 1
                }
                let run = digitRun().drop { $0 == UInt8(ascii: "0") }
                guard index > 0, bytes[index - 1] >= 0x30, bytes[index - 1] <= 0x39 else { return nil }
                // An exponent of more than 6 digits is far outside any id either way; 10^6 keeps the sums in range.
                var magnitude = 0
                for digit in run.prefix(7) { magnitude = magnitude * 10 + Int(digit - 0x30) }
                power = negativePower ? -magnitude : magnitude
            }
            guard index == bytes.count else { return nil }
            var all = Array((whole + fraction).map { $0 - 0x30 }.drop { $0 == 0 })
            var trailing = 0
            while all.last == 0 {
                all.removeLast()
                trailing += 1
            }
            digits = all
            exponent = all.isEmpty ? 0 : power - fraction.count + trailing
        }
    }
}
