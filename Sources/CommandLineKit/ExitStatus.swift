/// The exit statuses of every Gatehouse command (sysexits.h), so scripts can rely on one table.
///
/// | status | meaning |
/// | --- | --- |
/// | 0 | success |
/// | 1 | a negative answer: a token rejected, an app or event not found |
/// | 64 | usage error (`EX_USAGE`) |
/// | 65 | bad input data (`EX_DATAERR`) |
/// | 66 | cannot open input (`EX_NOINPUT`) |
/// | 69 | service unavailable (`EX_UNAVAILABLE`) |
/// | 74 | I/O error (`EX_IOERR`) |
/// | 77 | permission denied (`EX_NOPERM`): App Store Connect refusing the credentials or the key's role |
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The command did what was asked: a token is valid, an event was logged, a report was printed.
    case success = 0
    /// A negative answer: a token was rejected (malformed ones included), an app or event was not found.
    case negative = 1
    /// An unknown flag or subcommand, a missing argument, a parameter that does not parse.
    case usage = 64
    /// Input that was read but is not what it should be: a JWKS file that is not a JWKS document.
    case dataError = 65
    /// An input file that does not exist or cannot be read.
    case noInput = 66
    /// A remote service that cannot be reached: connection failure, timeout, non-2xx status.
    case unavailable = 69
    /// The store cannot be opened or written; a foreign or corrupt database file.
    case ioError = 74
    /// App Store Connect refusing the credentials (401: the key, the issuer ID or the clock) or the key's role (403).
    case noPermission = 77
}
