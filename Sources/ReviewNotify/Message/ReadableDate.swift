import GatehouseCore
import ReviewLog

/// A time as a person reads it in a chat message, in UTC and in English whatever the machine's locale (the message
/// goes to a team, not to this machine's user): "Saturday 5 December 2026, 12:00 UTC". Signing alerts show it beside
/// the ISO 8601 form, which stays the exact one.
enum ReadableDate {
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The readable form of `time`.
    /// - Returns: weekday, day, month, year, hours and minutes, "UTC".
    static func string(_ time: Timestamp) -> String {
        let (days, secondOfDay) = CivilTime.split(time.secondsSince1970)
        let (year, month, day) = CivilTime.date(fromDays: days)
        // 1970-01-01 was a Thursday (weekday 4, counted from Sunday).
        var weekday = (days + 4) % 7
        if weekday < 0 { weekday += 7 }
        let hour = secondOfDay / 3600
        let minute = secondOfDay / 60 % 60
        return "\(weekdays[Int(weekday)]) \(day) \(months[Int(month - 1)]) \(year), "
            + "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute) UTC"
    }
}
