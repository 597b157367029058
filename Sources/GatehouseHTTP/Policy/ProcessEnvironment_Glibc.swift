#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process environment, read the way libcurl reads it (`getenv`), at the moment of each exchange.
enum ProcessEnvironment {
    /// One variable.
    /// - Parameter name: the variable.
    /// - Returns: its value, or `nil` when it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
