import Foundation
import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Synchronization
import Testing

@testable import ReviewPostgreSQL

/// Async code's store calls (`OffloadingStore.offload(_:)`) wait for the database on the store's own queue, never on a
/// thread of the executor the calling task runs on: with more calls waiting for PostgreSQL's writers' lock than that
/// executor has threads, the rest of its async work goes on (issue 21 item 2).
///
/// The tasks run on `FixedWidthExecutor`, as many threads as Swift's cooperative pool has (one per core), rather than on
/// the pool itself: the pool is shared with every other test of the process, some of which block it for seconds (the
/// Makefile's PROCESS_HEAVY suites), so a stall there would say nothing about the store. The executor is the pool in
/// miniature, so a store call that blocked its thread would stop it the same way.
@Suite("PostgreSQL store: async calls waiting for the writers' lock hold no thread of their executor")
struct PostgreSQLOffloadTests {
    static let at = Timestamp(iso8601: "2026-03-01T10:00:00Z")!

    /// A task executor of `width` threads taking jobs from one queue (SE-0417 task executor preference): a fixed-width
    /// pool, as the cooperative pool is.
    final class FixedWidthExecutor: TaskExecutor {
        private let jobs = Mutex<[UnownedJob?]>([])
        private let available = DispatchSemaphore(value: 0)
        private let width: Int

        init(width: Int) {
            self.width = width
            for _ in 0..<width { Thread { self.work() }.start() }
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            jobs.withLock { $0.append(job) }
            available.signal()
        }

        /// Ends the threads once the jobs queued so far have run.
        func shutDown() {
            jobs.withLock { $0 += Array(repeating: nil, count: width) }
            for _ in 0..<width { available.signal() }
        }

        private func work() {
            while true {
                available.wait()
                guard let job = jobs.withLock({ $0.removeFirst() }) else { return }
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }

    /// A write transaction holding the writers' advisory lock on a thread of its own, until released (or, should the
    /// test never get to release it, until `deadline`, so that a pool blocked by the code under test ends the test
    /// with a failure rather than hanging it).
    final class LockHolder: Sendable {
        let held = Atomic<Bool>(false)
        let released = Atomic<Bool>(false)
        private let release = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)

        init(_ store: RelationalReviewStore, deadline: DispatchTime) {
            Thread { self.hold(store, until: deadline) }.start()
        }

        private func hold(_ store: RelationalReviewStore, until deadline: DispatchTime) {
            _ = try? store.database.write { (_: any SQLSession) throws(ReviewError) in
                held.store(true, ordering: .releasing)
                _ = release.wait(timeout: deadline)
                released.store(true, ordering: .releasing)
            }
            done.signal()
        }

        func releaseAndWait() {
            release.signal()
            done.wait()
        }
    }

    /// How many of the writes have finished.
    final class Count: Sendable {
        private let value = Atomic<Int>(0)
        func add() { value.add(1, ordering: .relaxed) }
        var current: Int { value.load(ordering: .relaxed) }
    }

    /// Polls `condition` (async, on the pool) every 20 ms for up to `bound`.
    static func eventually(within bound: Duration, _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + bound
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    @Test("more writes than the executor has threads wait for a held writers' lock; its other tasks run; all commit")
    func blockedWritesLeaveTheExecutorFree() async throws {
        let database = try PostgreSQLServer.sharedOrSkip().createDatabase()
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let executor = FixedWidthExecutor(width: width)
        defer { executor.shutDown() }
        // More waiting calls than the executor has threads: run on them, they would hold every one.
        let waiterCount = width + 2
        let observer = try RelationalReviewStore(postgreSQLURL: database.url)
        let waiters = try (0..<waiterCount).map { _ in try RelationalReviewStore(postgreSQLURL: database.url) }
        // Released by the test; at the latest after 25 s, within the waiters' 30 s lock timeout, so that an executor
        // stalled by the code under test fails the test rather than hanging it.
        let holder = LockHolder(try RelationalReviewStore(postgreSQLURL: database.url), deadline: .now() + .seconds(25))
        let outcome = try await Task(executorPreference: executor) {
            try await Self.scenario(holder: holder, waiters: waiters, observer: observer, on: executor)
        }.value
        #expect(outcome.allWaiting, "\(outcome.waiting) of \(waiterCount) writes waited for the writers' lock")
        #expect(outcome.lockStillHeld, "the other tasks ran only once the lock was released, after \(outcome.took)")
        #expect(outcome.finishedWhileHeld == 0, "a write finished while the lock was held")
        #expect(outcome.finished == waiterCount)
        #expect(try observer.events(app: nil).count == waiterCount / 2)
    }

    /// What the scenario saw.
    struct Outcome: Sendable {
        var allWaiting: Bool
        var waiting: Int64
        var took: Duration
        var lockStillHeld: Bool
        var finishedWhileHeld: Int
        var finished: Int
    }

    /// On the executor: the writes start and wait for the lock, other tasks run meanwhile, then the lock is released
    /// and the writes commit.
    static func scenario(
        holder: LockHolder, waiters: [RelationalReviewStore], observer: RelationalReviewStore,
        on executor: FixedWidthExecutor
    ) async throws -> Outcome {
        _ = await eventually(within: .seconds(10)) { holder.held.load(ordering: .acquiring) }
        let finished = Count()
        // An unstructured task does not inherit the executor preference (SE-0417): it is given again.
        let writes = Task(executorPreference: executor) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in waiters.enumerated() {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            // The deliverer's path: its claim is a write, through `any ReviewStore &
                            // NotificationOutbox`.
                            _ = try await NotificationDeliverer(store: store).deliverPending()
                        } else {
                            let request = LogRequest(app: "Fokus", version: "1.\(index)", state: .inReview, at: at)
                            _ = try await store.offload { () throws(ReviewError) -> LogResult in
                                try store.record(request)
                            }
                        }
                        finished.add()
                    }
                }
                try await group.waitForAll()
            }
        }
        // Every write waits for the lock on the server: PostgreSQL shows one ungranted advisory lock per waiter.
        let waiting = { () async throws -> Int64 in
            try await observer.offload { () throws(ReviewError) -> Int64 in
                try observer.database.read { (session: any SQLSession) throws(ReviewError) -> Int64 in
                    try session.integer(
                        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") ?? 0
                }
            }
        }
        let allWaiting = try await eventually(within: .seconds(10)) { try await waiting() == Int64(waiters.count) }
        let waitingNow = try await waiting()

        // Other async work, several tasks per thread, each suspending and resuming many times.
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<(4 * waiters.count) {
                group.addTask {
                    for _ in 0..<5 {
                        await Task.yield()
                        try? await Task.sleep(for: .milliseconds(2))
                    }
                }
            }
        }
        let took = ContinuousClock.now - start
        let lockStillHeld = !holder.released.load(ordering: .acquiring)
        let finishedWhileHeld = finished.current

        holder.releaseAndWait()
        try await writes.value
        return Outcome(
            allWaiting: allWaiting, waiting: waitingNow, took: took, lockStillHeld: lockStillHeld,
            finishedWhileHeld: finishedWhileHeld, finished: finished.current)
    }
}
