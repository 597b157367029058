/// A cursor over ASCII bytes for the fixed-width date forms.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Exactly `count` decimal digits.
    mutating func number(_ count: Int) -> Int64? {
        guard index + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + count] {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int64(byte - 48)
        }
        index += count
        return value
    }

    /// Skips any run of digits and returns its length.
    mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
        return index - start
    }

    /// `Z`, `+hh:mm`, `+hhmm` or `+hh` (and `-`), as seconds east of UTC; `nil` when absent or malformed.
    mutating func offset() -> Int64? {
        if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
        let sign: Int64
        if take(UInt8(ascii: "+")) {
            sign = 1
        } else if take(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(2), hours <= 23 else { return nil }
        var minutes: Int64 = 0
        if take(UInt8(ascii: ":")) {
            guard let value = number(2) else { return nil }
            minutes = value
        } else if !atEnd {
            guard let value = number(2) else { return nil }
            minutes = value
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
