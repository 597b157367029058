import CommandLineKit
internal import GatehouseCore
import GatehouseFoundation
import JWT

/// The human rendering of a token's header and claims, shared by `token` and `decode`.
///
/// Everything shown here comes from the token, so it is untrusted twice over: names and values are printed with
/// control characters escaped (`ControlCharacters`: a claim named "x\nVerdict: VALID" stays on its own line), and a
/// number shown as a time is range-checked (`NumericDate`) before any date arithmetic, so no value can trap.
/// `--json` output does not come through here: it stays exact.
enum ClaimsReport {
    /// NumericDate claims shown with their ISO 8601 time and how long ago or ahead they are.
    static let timeClaims: Set<ExactString> = ["exp", "nbf", "iat", "auth_time"]

    /// "Header" section lines.
    static func header(_ header: JSONObject) -> String {
        section("Header", header, now: nil)
    }

    /// "Claims" section lines, times decorated relative to `now`.
    static func claims(_ claims: JSONObject, now: Int64, title: String = "Claims") -> String {
        section(title, claims, now: now)
    }

    /// `text` from a token or key set, as it may be printed: control characters escaped.
    static func shown(_ text: String) -> String { ControlCharacters.escaped(text) }

    /// The decoration of a time claim: "(2026-11-29T12:00:00Z, expires in 2 hours)", or the range it is outside.
    static func timeNote(_ name: String, _ value: JSONValue, now: Int64) -> String? {
        guard case .number(let number) = value else { return nil }
        guard let seconds = NumericDate.seconds(number) else {
            return "(out of range: a NumericDate is \(NumericDate.rangeDescription))"
        }
        return "(\(WallClock.iso8601UTC(seconds)), \(describeTime(name, seconds, now: now)))"
    }

    /// An instant from a token as ISO 8601 UTC, or its seconds and "out of range" (never a trap).
    static func instant(_ date: Date) -> String {
        guard let seconds = NumericDate.seconds(date.timeIntervalSince1970) else {
            return "\(date.timeIntervalSince1970) s since 1970 (out of range)"
        }
        return WallClock.iso8601UTC(seconds)
    }

    /// "expired 2 hours ago", "expires in 1 day", "30 minutes ago". Both instants are inside the NumericDate range
    /// (or `--now`'s), so their difference cannot overflow.
    static func describeTime(_ name: String, _ seconds: Int64, now: Int64) -> String {
        switch ExactString(name) {
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

    private static func section(_ title: String, _ object: JSONObject, now: Int64?) -> String {
        var text = "\(title)\n"
        let names = object.members.map { shown($0.name) }
        let width = names.map(\.count).max() ?? 0
        for (member, name) in zip(object.members, names) {
            text += "  \(padded(name, width))  \(shown(member.value.description))"
            if let now, timeClaims.contains(ExactString(member.name)),
                let note = timeNote(member.name, member.value, now: now)
            {
                text += "  \(note)"
            }
            text += "\n"
        }
        return text
    }
}
