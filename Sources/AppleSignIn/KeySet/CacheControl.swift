#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The parts of `Cache-Control` (RFC 9111 section 5.2.2) that decide a key set's freshness.
enum CacheControl {
    /// `max-age` in seconds, or nil when absent or not a valid delta-seconds; `no-store`/`no-cache` read as 0.
    static func maxAge(_ header: String?) -> TimeInterval? {
        guard let header else { return nil }
        var result: TimeInterval?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { trimmed($0).lowercased() }
            guard let name = parts.first else { continue }
            switch name {
            case "no-store", "no-cache":
                return 0
            case "max-age":
                guard parts.count == 2 else { continue }
                var text = Substring(parts[1])
                if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
                guard let seconds = deltaSeconds(text) else { continue }
                result = TimeInterval(seconds)
            default:
                continue
            }
        }
        return result
    }

    /// The largest delta-seconds kept: RFC 9111 section 1.2.2 has a value greater than the greatest integer a
    /// cache can represent, or any calculation with it that overflows, taken as 2^31.
    static let largestDeltaSeconds = 2_147_483_648

    /// RFC 9111 section 1.2.2: `delta-seconds = 1*DIGIT`, a non-negative integer of any length; values over 2^31
    /// are taken as 2^31, so no digit string overflows or traps.
    /// - Parameter text: the directive's argument.
    /// - Returns: the seconds, or nil when the text is not 1*DIGIT.
    static func deltaSeconds(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = min(value * 10 + Int(byte - 0x30), largestDeltaSeconds)
        }
        return value
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
