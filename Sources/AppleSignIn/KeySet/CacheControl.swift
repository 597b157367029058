import GatehouseHTTP

/// What a key set response's caching headers say (RFC 9111): how long it stays fresh, and whether it may be
/// written to disk.
///
/// Read strictly, failing toward staleness: anything that does not give one clear lifetime makes the response
/// stale (the provider then applies its floor, as for `max-age=0`), never the largest lifetime it mentions.
struct CacheControl: Equatable {
    /// How long the response is fresh.
    enum Freshness: Equatable {
        /// No `max-age`: the provider's default applies.
        case unspecified
        /// Fresh for this many more seconds: `max-age` less `Age`, at least 0.
        case seconds(Int)
        /// Stale at once: `no-cache`, `no-store`, several `max-age` directives, a `max-age` or `Age` that is not
        /// delta-seconds.
        case stale
    }

    /// The response's freshness.
    let freshness: Freshness
    /// `no-store` (RFC 9111 section 5.2.2.5): the response must not be written to the on-disk cache.
    let noStore: Bool

    /// Reads the `Cache-Control` and `Age` fields of a response; several field lines of either are combined first
    /// (RFC 9110 section 5.3), so a directive on a second line counts like one on the first.
    /// - Parameter headers: the response header fields.
    init(_ headers: HTTPHeaders) {
        self.init(cacheControl: headers["Cache-Control"], age: headers["Age"])
    }

    /// Reads the combined field values.
    /// - Parameters:
    ///   - cacheControl: the `Cache-Control` value, or nil.
    ///   - age: the `Age` value, or nil.
    init(cacheControl: String?, age: String? = nil) {
        var noStore = false
        var noCache = false
        // One entry per max-age directive: its delta-seconds, or nil when the argument is not delta-seconds.
        var maxAges: [Int?] = []
        // RFC 9111 section 5.2: directives are a comma-separated list of token [ "=" ( token / quoted-string ) ],
        // names compared case-insensitively.
        for directive in (cacheControl ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            guard let first = parts.first else { continue }
            switch Self.trimmed(first).lowercased() {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age":
                maxAges.append(parts.count == 2 ? Self.deltaSeconds(Self.unquoted(Self.trimmed(parts[1]))) : nil)
            default: continue
            }
        }
        self.noStore = noStore
        // RFC 9111 section 5.1: Age is delta-seconds; absent means 0. One that does not parse (or several values)
        // leaves the response's age unknown: stale.
        let currentAge = age.map { Self.deltaSeconds(Self.trimmed(Substring($0))) } ?? 0
        if noStore || noCache {
            freshness = .stale
        } else if maxAges.isEmpty {
            freshness = currentAge == nil ? .stale : .unspecified
        } else if maxAges.count == 1, let maxAge = maxAges[0], let currentAge {
            // RFC 9111 section 4.2.3, without the response delay: the lifetime left is max-age less Age.
            freshness = .seconds(max(maxAge - currentAge, 0))
        } else {
            // RFC 9111 section 4.2.1: with several max-age directives a cache either uses the first or considers
            // the response stale; stale here. It also encourages treating invalid freshness information (a
            // max-age that is not delta-seconds: negative, fractional, empty, not digits) as stale.
            freshness = .stale
        }
    }

    /// The largest delta-seconds kept: RFC 9111 section 1.2.2 has a value greater than the greatest integer a
    /// cache can represent, or any calculation with it that overflows, taken as 2^31.
    static let largestDeltaSeconds = 2_147_483_648

    /// RFC 9111 section 1.2.2: `delta-seconds = 1*DIGIT`, a non-negative integer of any length; values over 2^31
    /// are taken as 2^31, so no digit string overflows or traps.
    /// - Parameter text: the directive's argument.
    /// - Returns: the seconds, or nil when the text is not 1*DIGIT (a sign, a fraction, nothing).
    static func deltaSeconds(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = min(value * 10 + Int(byte - 0x30), largestDeltaSeconds)
        }
        return value
    }

    /// RFC 9111 section 5.2: a recipient accepts the quoted-string form of an argument too (`max-age="600"`).
    private static func unquoted(_ text: Substring) -> Substring {
        text.count >= 2 && text.first == "\"" && text.last == "\"" ? text.dropFirst().dropLast() : text
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return text[start..<end]
    }
}
