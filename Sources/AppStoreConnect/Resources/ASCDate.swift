internal import GatehouseCore
import GatehouseFoundation

/// The date-time texts App Store Connect sends (RFC 3339: `2025-04-16T05:00:52.745Z`,
/// `2021-03-08T17:08:33-08:00`) and the `Retry-After` HTTP-date (RFC 9110 section 5.6.7), read without a formatter
/// or locale; and UTC text for messages.
enum ASCDate {
    /// Reads an RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or `±HH:MM` (`±HHMM` too).
    /// - Returns: the instant, or nil when the text is not such a date-time or names an impossible date.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("Tt "), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2)
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > start, index - start <= 9,
                let value = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
            else { return nil }
            fraction = value
        }
        var offset = 0
        if expect("Zz") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(":")
            guard let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count, let days = daysSince1970(year: year, month: month, day: day), hour <= 23,
            minute <= 59, second <= 60
        else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// Reads an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the HTTP-date form senders must use.
    /// - Returns: the instant, or nil.
    static func parseHTTPDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", let day = Int(parts[1]),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]), parts[1].count == 2,
            parts[3].count == 4
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, time.allSatisfy({ $0.count == 2 }), let hour = Int(time[0]), let minute = Int(time[1]),
            let second = Int(time[2]), hour <= 23, minute <= 59, second <= 60,
            let days = daysSince1970(year: year, month: month + 1, day: day)
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// `2024-04-04T12:00:00Z` (whole seconds, rounded down).
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e13 else { return "\(interval) s since 1970" }
        return CivilTime.iso8601(Int64(interval.rounded(.down)))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days from 1970-01-01 to a civil date (`CivilTime`), nil for an impossible date.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, day <= CivilTime.daysIn(month: Int64(month), year: Int64(year))
        else { return nil }
        return Int(CivilTime.days(year: Int64(year), month: Int64(month), day: Int64(day)))
    }
}
