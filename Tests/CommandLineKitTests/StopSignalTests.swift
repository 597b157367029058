import Synchronization
import Testing

@testable import CommandLineKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite("StopSignal")
struct StopSignalTests {
    @Test("wait returns once the stop is requested, at once when it was; callbacks run once")
    func request() async {
        let stop = StopSignal()
        let calls = Counter()
        stop.onRequest { calls.add() }
        async let waited: Void = stop.wait()
        #expect(!stop.isRequested)
        stop.request()
        stop.request()
        await waited
        await stop.wait()
        #expect(stop.isRequested)
        stop.onRequest { calls.add() }
        #expect(calls.value == 2)
    }

    @Test("a cancelled wait returns without a request")
    func cancellation() async {
        let stop = StopSignal()
        let task = Task { await stop.wait() }
        task.cancel()
        await task.value
        #expect(!stop.isRequested)
    }

    @Test("a signal it was made for requests it, through a dispatch source, and then no longer ends the process")
    func signal() async throws {
        // Ignored until the source is registered (asynchronously): its default action would end the test process.
        Glibc.signal(SIGUSR2, SIG_IGN)
        let stop = StopSignal.onTerminationSignals([SIGUSR2])
        for _ in 0..<500 where !stop.isRequested {
            // To the process, as `kill` sends SIGTERM: `raise` would aim at this thread, a dispatch worker that
            // blocks signals.
            kill(getpid(), SIGUSR2)
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(stop.isRequested)
    }
}

/// A count that callbacks on any thread add to.
private final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
