import CommandLineKit
import ReviewLog

/// `--color auto|always|never` of `status` and `timeline`.
package enum ColorChoice: String, Sendable, Equatable, CaseIterable {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty (no-color.org).
    case auto
    /// Always colour (a command-line argument overrides `NO_COLOR`, as no-color.org asks).
    case always
    /// Never colour.
    case never

    /// Whether to colour, given the facts of the terminal.
    /// - Parameters:
    ///   - variables: the environment variables (`NO_COLOR`).
    ///   - isTerminal: whether standard output is a terminal.
    /// - Returns: whether to write colour escapes.
    package func usesColor(variables: [String: String], isTerminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: Terminal.usesColor(noColor: variables["NO_COLOR"], isTerminal: isTerminal)
        }
    }
}

/// `--by month|quarter` of `stats`: a row per calendar period of the cycle starts (local time, or UTC with `--utc`).
package enum StatisticsPeriod: String, Sendable, Equatable, CaseIterable {
    /// `2025-06`.
    case month
    /// `2025-Q2`.
    case quarter

    /// The label of the period an instant falls in.
    /// - Parameters:
    ///   - utc: whether to read the calendar in UTC instead of the local time zone.
    /// - Returns: `2025-06` or `2025-Q2`.
    package func label(of instant: Timestamp, utc: Bool) -> String {
        let (year, month) = WallClock.calendarMonth(instant.secondsSince1970, utc: utc)
        let yearText = String(year)
        switch self {
        case .month: return yearText + "-" + (month < 10 ? "0" : "") + String(month)
        case .quarter: return yearText + "-Q" + String((month - 1) / 3 + 1)
        }
    }
}

/// `review status [APP] [--platform P] [--all] [--color WHEN]`.
package struct StatusQuery: Sendable, Equatable {
    /// Only this app.
    package var app: String?
    /// Only this platform.
    package var platform: Platform?
    /// Every version, not only the latest and the open ones per app and platform.
    package var all = false
    /// When to colour.
    package var color = ColorChoice.auto
    /// `--track`, if given (nil: the App Store track, with outputs as before tracks: no `track` member).
    package var track: TrackSelection?
}

/// `review timeline APP [--version V | --all] [--platform P] [--color WHEN]`.
package struct TimelineQuery: Sendable, Equatable {
    /// The app.
    package var app: String
    /// The version (default: the version of the app's latest event).
    package var version: String?
    /// The platform.
    package var platform: Platform?
    /// Every version of the app, oldest first.
    package var all = false
    /// When to colour.
    package var color = ColorChoice.auto
    /// `--track`, if given (nil: the App Store track, with outputs as before tracks: no `track` member).
    package var track: TrackSelection?
}

/// `review stats [APP] [--platform P] [--since DATE] [--until DATE] [--by month|quarter] [--include-open]`.
package struct StatisticsQuery: Sendable, Equatable {
    /// Only this app.
    package var app: String?
    /// Only this platform.
    package var platform: Platform?
    /// Only cycles starting at or after this.
    package var since: Timestamp?
    /// Only cycles starting before this.
    package var until: Timestamp?
    /// A row per period.
    package var period: StatisticsPeriod?
    /// Count open cycles as censored data.
    package var includeOpen = false
    /// `--track`, if given (nil: the App Store track, with outputs as before tracks: no `track` member).
    package var track: TrackSelection?
}
