/// How a command runs, which decides the method `CommandInvocation` calls and what the signals do.
package enum CommandExecution: Sendable, Equatable {
    /// `run(in:)`, on the calling thread: no concurrency thread is started (`jwtcheck decode` and `review log`
    /// start and end sooner so).
    case synchronous
    /// `perform(in:)`: the network. SIGINT and SIGTERM keep their default action and end the process at once
    /// (`review sync` records each app's look in one transaction, so the store stays whole).
    case asynchronous
    /// `perform(in:until:)`: a long run (`review watch`, `review serve`) that SIGINT and SIGTERM ask to stop: they
    /// trigger its `GracefulShutdown` (through `TerminationSignals`), and it finishes what is in flight and returns
    /// its output.
    case untilStopped
}
