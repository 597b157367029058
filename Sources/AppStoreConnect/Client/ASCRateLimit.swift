/// The hourly request budget App Store Connect reports in every response's `X-Rate-Limit` header
/// (`user-hour-lim:3600;user-hour-rem:3521;`): per API key, over a rolling hour.
public struct ASCRateLimit: Sendable, Hashable, CustomStringConvertible {
    /// Requests allowed per rolling hour (`user-hour-lim`).
    public let limit: Int
    /// Requests left (`user-hour-rem`).
    public let remaining: Int

    /// Creates a value.
    /// - Parameters:
    ///   - limit: requests allowed per rolling hour.
    ///   - remaining: requests left.
    public init(limit: Int, remaining: Int) {
        self.limit = limit
        self.remaining = remaining
    }

    /// Reads an `X-Rate-Limit` value: `;`-separated `name:value` pairs, in any order, spaces ignored; other pairs
    /// are ignored.
    /// - Parameter headerValue: the header's value.
    /// - Returns: the budget, or nil when `user-hour-lim` or `user-hour-rem` is missing or not a non-negative
    ///   integer.
    public init?(headerValue: String) {
        var limit: Int?
        var remaining: Int?
        for pair in headerValue.split(separator: ";") {
            let parts = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
            guard parts.count == 2, let value = Int(parts[1]), value >= 0 else { continue }
            switch parts[0] {
            case "user-hour-lim": limit = value
            case "user-hour-rem": remaining = value
            default: continue
            }
        }
        guard let limit, let remaining else { return nil }
        self.init(limit: limit, remaining: remaining)
    }

    public var description: String { "\(remaining) of \(limit) requests left this hour" }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
