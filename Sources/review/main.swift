// review: App Review timelines. Parsing, the store, the arithmetic and the App Store Connect sync live in ReviewCLI,
// ReviewLog and ReviewSync.
import CommandLineKit
import GatehouseCore
import ReviewCLI
import ReviewLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var variables: [String: String] = [:]
for name in [
    "REVIEW_DB", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "ASC_KEY_ID", "ASC_ISSUER_ID", "ASC_PRIVATE_KEY_PATH",
    "ASC_API_BASE_URL", "NO_COLOR", "ASC_WEBHOOK_SECRET",
] + TestHooks.variableNames {
    if let value = getenv(name) { variables[name] = String(cString: value) }
}
var environment = ReviewEnvironment(now: Timestamp(secondsSince1970: WallClock.now()), variables: variables)
environment.standardOutputIsTerminal = isatty(1) == 1
// The command line is parsed once; a network command runs asynchronously, every other synchronously (no
// concurrency threads started: `review log`'s start-up).
let invocation = CommandInvocation<ReviewCommand>(Array(CommandLine.arguments.dropFirst()))
if invocation.execution != .synchronous {
    // `watch` and `serve` run until stopped: the runner installs SIGINT and SIGTERM (TerminationSignals) to trigger
    // their shutdown; `watch` stops between apps and during the waits between passes, `serve` stops accepting,
    // finishes the requests, resolutions and delivery round in flight, and exits 0. `sync` and `auth check` keep the
    // default action, so Ctrl-C ends them at once instead of after the pass and its retries: each app's look is
    // recorded in one transaction, so the store stays whole.
    environment.emit = { Terminal.standardOutput.write($0) }
    environment.emitError = { Terminal.standardError.write($0) }
    CommandRunner.finish(await invocation.perform(in: environment))
}
CommandRunner.finish(invocation.run(in: environment))
