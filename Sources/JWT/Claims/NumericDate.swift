/// The NumericDate range this package accepts, and the one way to turn an untrusted number into seconds.
///
/// RFC 7519 section 2 defines a NumericDate as seconds since 1970-01-01T00:00:00Z, possibly fractional. Numbers from
/// a token or a notification can be anything JSON allows (`-9223372036854775808`, `1e300`, `1e22`): converting one to
/// an integer or doing date arithmetic with it before checking its range traps the process. Every time taken from
/// outside is read through `seconds(_:)` first: inside 1970 ... 9999-12-31T23:59:59Z it is a whole number of seconds
/// that any later arithmetic (differences, offsets of a day) cannot overflow; outside, it is nil and the caller
/// refuses it or shows it "out of range".
public enum NumericDate {
    /// The earliest NumericDate accepted: 0 (1970-01-01T00:00:00Z).
    public static let earliest: Int64 = 0
    /// The latest NumericDate accepted: 253402300799 (9999-12-31T23:59:59Z).
    public static let latest: Int64 = 253_402_300_799

    /// `value` in whole seconds (rounded down) when it is finite and inside `earliest ... latest`, else nil.
    /// - Parameter value: seconds since 1970.
    @inline(__always)
    public static func seconds(_ value: Double) -> Int64? {
        guard value.isFinite, value >= Double(earliest), value <= Double(latest) else { return nil }
        return Int64(value.rounded(.down))
    }

    /// `number` in whole seconds when it is inside the accepted range, else nil (see `seconds(_:)`).
    /// - Parameter number: a JSON number from a token.
    public static func seconds(_ number: JSONNumber) -> Int64? {
        if let exact = number.int64Value { return exact >= earliest && exact <= latest ? exact : nil }
        return seconds(number.doubleValue)
    }

    /// "the range accepted: 0 ... 253402300799, 1970 to 9999 (RFC 7519 section 2)", for messages.
    public static let rangeDescription = "0 ... \(latest), 1970 to 9999 (RFC 7519 section 2)"
}
