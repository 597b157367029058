import CommandLineKit
import GatehouseCore
import ReviewLog

/// Turns results into the text `review` prints: human output (local time or UTC) and `--json`.
///
/// `status`, `timeline` and `stats` are rendered in their own files (`StatusRendering.swift` and beside it).
struct Renderer {
    var utc: Bool
    var now: Timestamp
    /// Whether to colour states (`--color`, `NO_COLOR`, a terminal): only `status` and `timeline` set it.
    var color = false

    func time(_ instant: Timestamp) -> String { WallClock.format(instant.secondsSince1970, utc: utc) }

    /// A stored or remote value in human output (a name, version, build, note, identifier): every control
    /// character shown as `\u00XX`, line breaks included (`TerminalText.value(_:)`; issue 20 item 5). Stores from
    /// before the storage rule may hold such values, and notes keep them by design.
    func shown(_ value: String) -> String { TerminalText.value(value) }

    func label(_ key: VersionKey) -> String {
        let track = key.track == .testFlight ? " TestFlight" : ""
        return "\(shown(key.app)) \(shown(key.version)) (\(key.platform.name))\(track)"
    }

    func json(_ value: String?) -> String { JSONText.string(value) }

    /// A duration as people read it, marked "~" when an end was observed by polling, "unknown" when its start is.
    func duration(_ seconds: Int64?, _ precision: DurationPrecision) -> String {
        DurationFormat.string(seconds: seconds, precision: precision)
    }

    /// The JSON of a precision: "exact", "approximate" or "unknown".
    func precisionJSON(_ precision: DurationPrecision) -> String {
        switch precision {
        case .exact: return JSONText.string("exact")
        case .approximate: return JSONText.string("approximate")
        case .unknown: return JSONText.string("unknown")
        }
    }

    // MARK: log

    func logged(_ result: LogResult) -> String {
        let event = result.event
        var text =
            result.inserted
            ? "Logged event \(event.id): " : "Already logged as event \(event.id) (nothing changed): "
        text += "\(label(event.versionKey)) \(event.state.displayName) at \(time(event.at))\n"
        if let previous = result.previous, let seconds = result.previousStateSeconds {
            text += "\(previous.state.displayName) lasted \(DurationFormat.string(seconds: seconds)).\n"
        }
        return text
    }

    func transitionWarning(_ result: LogResult) -> String {
        let event = result.event
        if let previous = result.previous {
            return "review: warning: unusual transition for \(label(event.versionKey)): \(previous.state.displayName) "
                + "→ \(event.state.displayName); recorded anyway\n"
        }
        return "review: warning: \(label(event.versionKey)) starts at \(event.state.displayName); a version usually "
            + "starts at Prepare for Submission or Waiting for Review; recorded anyway\n"
    }
}
