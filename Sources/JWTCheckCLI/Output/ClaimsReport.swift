import CommandLineKit
import JWT

/// The human rendering of a token's header and claims, shared by `token` and `decode`.
enum ClaimsReport {
    /// NumericDate claims shown with their ISO 8601 time and how long ago or ahead they are.
    static let timeClaims: Set<String> = ["exp", "nbf", "iat", "auth_time"]

    /// "Header" section lines.
    static func header(_ header: JWSHeader) -> String {
        section("Header", header.raw)
    }

    /// "Claims" section lines, times decorated relative to `now`.
    static func claims(_ claims: JWTClaims, now: Int64, title: String = "Claims") -> String {
        var text = "\(title)\n"
        let width = claims.raw.names.map(\.count).max() ?? 0
        for member in claims.raw {
            let name = padded(member.name, width)
            text += "  \(name)  \(member.value)"
            if timeClaims.contains(member.name), let seconds = member.value.numberValue?.int64Value {
                text += "  (\(WallClock.iso8601UTC(seconds)), \(describeTime(member.name, seconds, now: now)))"
            }
            text += "\n"
        }
        return text
    }

    /// "expired 2 hours ago", "expires in 1 day", "30 minutes ago".
    static func describeTime(_ name: String, _ seconds: Int64, now: Int64) -> String {
        switch name {
        case "exp":
            return seconds <= now
                ? "expired \(RelativeTime.amount(now - seconds)) ago"
                : "expires in \(RelativeTime.amount(seconds - now))"
        case "nbf":
            return seconds <= now
                ? "valid since \(RelativeTime.amount(now - seconds))"
                : "not valid for \(RelativeTime.amount(seconds - now))"
        default:
            return RelativeTime.phrase(seconds, now: now)
        }
    }

    /// `text` followed by spaces up to `width` characters.
    static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func section(_ title: String, _ object: JSONObject) -> String {
        var text = "\(title)\n"
        let width = object.names.map(\.count).max() ?? 0
        for member in object {
            text += "  \(padded(member.name, width))  \(member.value)\n"
        }
        return text
    }
}
