// review: App Review timelines. Parsing, the store and the arithmetic live in ReviewCLI and ReviewLog.
import CommandLineKit
import ReviewCLI
import ReviewLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var variables: [String: String] = [:]
for name in ["REVIEW_DB", "XDG_DATA_HOME", "HOME"] {
    if let value = getenv(name) { variables[name] = String(cString: value) }
}
let environment = ReviewEnvironment(
    now: Timestamp(secondsSince1970: WallClock.now()), variables: variables)
CommandRunner.finish(ReviewCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment))
