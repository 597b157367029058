import GatehouseCore
import Testing

@testable import CommandLineKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite("TerminationSignals")
struct TerminationSignalsTests {
    @Test("a signal installed for calls the action through a dispatch source, and then no longer ends the process")
    func signal() async throws {
        // Ignored until the source is registered (asynchronously): its default action would end the test process.
        Glibc.signal(SIGUSR2, SIG_IGN)
        let shutdown = GracefulShutdown()
        TerminationSignals.install([SIGUSR2]) { shutdown.trigger() }
        for _ in 0..<500 where !shutdown.isTriggered {
            // To the process, as `kill` sends SIGTERM: `raise` would aim at this thread, a dispatch worker that
            // blocks signals.
            kill(getpid(), SIGUSR2)
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(shutdown.isTriggered)
    }
}
