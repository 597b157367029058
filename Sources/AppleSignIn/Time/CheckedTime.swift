import GatehouseFoundation
import JWT

/// The range checks every number from outside (a claim, a response header or body, a file time, a caller's
/// argument) passes before it becomes a time, an integer or a duration in this module.
///
/// Swift traps on a `Double` to integer conversion out of range, on NaN and infinity, and on integer overflow; a
/// value from outside reaches none of those conversions unchecked, so an absurd value is a named error (or, for a
/// cache lifetime, the RFC's fallback), never a crash.
enum CheckedTime {
    /// The latest NumericDate accepted, 9999-12-31T23:59:59Z: the JWT module's `NumericDate.latest`, so every
    /// time this module accepts lies in 1970...9999 like `exp` and `iat`.
    static let latestNumericDate = Double(NumericDate.latest)

    /// The accepted range, for messages.
    static let numericDateRange = NumericDate.rangeDescription

    /// Seconds since 1970 as a date, when finite and within 1970...9999.
    /// - Parameter seconds: the number of seconds.
    /// - Returns: the date, or nil outside the range (NaN and infinities included).
    static func date(secondsSince1970 seconds: Double) -> Date? {
        guard NumericDate.seconds(seconds) != nil else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Milliseconds since 1970 as a date, when finite and within 1970...9999 (up to its last millisecond).
    /// - Parameter milliseconds: the number of milliseconds.
    /// - Returns: the date, or nil outside the range.
    static func date(millisecondsSince1970 milliseconds: Double) -> Date? {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < (latestNumericDate + 1) * 1_000 else {
            return nil
        }
        return Date(timeIntervalSince1970: milliseconds / 1_000)
    }

    /// Whole seconds (rounded toward zero) as an `Int64`.
    /// - Parameter seconds: any `Double`.
    /// - Returns: the integer, or nil for NaN, infinities and values outside `Int64`.
    static func wholeSeconds(_ seconds: Double) -> Int64? {
        guard seconds.isFinite else { return nil }
        return Int64(exactly: seconds.rounded(.towardZero))
    }

    /// A number of seconds for a message: whole seconds when they fit an `Int64`, else the `Double` as printed.
    /// - Parameter seconds: any `Double`.
    /// - Returns: the text, without unit.
    static func describe(_ seconds: Double) -> String {
        wholeSeconds(seconds).map { String($0) } ?? "\(seconds)"
    }
}
