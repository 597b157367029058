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
                // RFC 9111 section 1.2.2: delta-seconds is 1*DIGIT.
                guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { continue }
                result = TimeInterval(Int64(text.prefix(12)) ?? Int64.max)
            default:
                continue
            }
        }
        return result
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
