/// A JSON number, kept as the exact text of the document (RFC 8259 section 6) so that integers never lose
/// precision; typed views are derived from the text.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as written in the document (e.g. `1700000000`, `-0.5`, `1e300`).
    public let text: String

    /// Creates a number from JSON number text the parser validated.
    init(validatedText: String) {
        self.text = validatedText
    }

    /// Creates a number from an integer.
    /// - Parameter value: the integer.
    public init(_ value: Int64) {
        self.text = String(value)
    }

    /// Whether the text has no fraction and no exponent.
    public var isInteger: Bool {
        !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
    }

    /// The value as an exact 64-bit integer, or nil when it has a fraction/exponent or does not fit.
    public var int64Value: Int64? {
        // Fast path for up to 18 digits (they always fit), e.g. NumericDates: one pass over the bytes.
        if let digits = plainInteger(maximumCount: 18) { return digits }
        return isInteger ? Int64(text) : nil
    }

    /// The value as the nearest Double (may be infinite for text like `1e400`).
    public var doubleValue: Double {
        // Fast path for plain integers of up to 15 digits (exact in a Double), e.g. NumericDates.
        if let digits = plainInteger(maximumCount: 15) { return Double(digits) }
        return Double(text) ?? .nan
    }

    /// The value of a text of at most `maximumCount` bytes that is an optional minus and digits only, read in place
    /// (a parsed number's text is native, contiguous UTF-8: iterating `utf8` cost a String index step per digit);
    /// nil for any other text, which the callers read the slow way.
    @inline(__always)
    private func plainInteger(maximumCount: Int) -> Int64? {
        let utf8 = text.utf8
        guard utf8.count <= maximumCount else { return nil }
        return utf8.withContiguousStorageIfAvailable { bytes -> Int64? in
            var index = 0
            let negative = bytes.count > 0 && bytes[0] == UInt8(ascii: "-")
            if negative { index = 1 }
            guard index < bytes.count else { return nil }
            var value: Int64 = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
                index += 1
            }
            return negative ? -value : value
        } ?? nil
    }

    /// The exact text.
    public var description: String { text }
}
