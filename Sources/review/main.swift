// review: App Review timelines. Parsing, the store, the arithmetic and the App Store Connect sync live in ReviewCLI,
// ReviewLog and ReviewSync.
import CommandLineKit
import ReviewCLI
import ReviewLog
import ReviewSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var variables: [String: String] = [:]
for name in [
    "REVIEW_DB", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "ASC_KEY_ID", "ASC_ISSUER_ID", "ASC_PRIVATE_KEY_PATH",
    "ASC_API_BASE_URL",
] {
    if let value = getenv(name) { variables[name] = String(cString: value) }
}
let arguments = Array(CommandLine.arguments.dropFirst())
var environment = ReviewEnvironment(now: Timestamp(secondsSince1970: WallClock.now()), variables: variables)
if ReviewCLI.needsNetwork(arguments, now: environment.now) {
    // SIGINT and SIGTERM stop `watch` between requests (the flag is checked between apps and during waits).
    let stop = StopSignals.flag
    environment.stop = stop
    signal(SIGINT) { _ in StopSignals.flag.set() }
    signal(SIGTERM) { _ in StopSignals.flag.set() }
    environment.emit = { Terminal.standardOutput.write($0) }
    environment.emitError = { Terminal.standardError.write($0) }
    CommandRunner.finish(await ReviewCLI.perform(arguments: arguments, environment: environment))
}
CommandRunner.finish(ReviewCLI.main(arguments: arguments, environment: environment))

/// The flag the signal handlers set (a C handler captures nothing, so it lives here).
enum StopSignals {
    static let flag = StopFlag()
}
