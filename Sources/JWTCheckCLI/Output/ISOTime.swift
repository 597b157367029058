#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ISO 8601 UTC text (`2024-04-04T12:00:00Z`) for Unix seconds, as printed by `jwtcheck`.
enum ISOTime {
    static func string(_ seconds: Int64) -> String {
        var value = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&value, &parts) != nil else { return "\(seconds)" }
        func pad(_ number: Int32, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))Z"
    }
}
