#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic time and medians.
enum Clock {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// CPU seconds this thread has used (CLOCK_THREAD_CPUTIME_ID): time spent descheduled while other processes
    /// run is not counted, which keeps in-process ratios stable on a shared machine.
    static func threadCPUNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Thread CPU seconds `body` took; `body` must not suspend (it runs on this thread throughout).
    static func threadCPUTime(_ body: () async throws -> Void) async rethrows -> Double {
        let start = threadCPUNow()
        try await body()
        return threadCPUNow() - start
    }

    /// Seconds `body` took.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    /// Seconds `body` took.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return now() - start
    }
}

/// The median of a non-empty list.
func medianOf(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The `rank`th percentile of a list (nearest rank: the smallest value with at least `rank`% of the list at or
/// below it), or NaN for an empty list.
func percentile(_ values: [Double], _ rank: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let index = min(sorted.count - 1, max(0, Int((rank / 100 * Double(sorted.count)).rounded(.up)) - 1))
    return sorted[index]
}

/// A ratio measured interleaved: rounds of (baseline batch, subject batch), the order alternating per round, each
/// batch timed in this thread's CPU time.
struct InterleavedRatio {
    /// subject throughput / baseline throughput, per round.
    var ratios: [Double] = []
    var baselineSeconds: [Double] = []
    var subjectSeconds: [Double] = []

    var median: Double { medianOf(ratios) }
    var spread: (Double, Double) { (ratios.min() ?? 0, ratios.max() ?? 0) }

    /// Runs `rounds` rounds; each closure runs one batch of `batch` operations.
    static func measure(
        rounds: Int, batch: Int, baseline: (Int) async throws -> Void, subject: (Int) async throws -> Void
    ) async rethrows -> InterleavedRatio {
        var result = InterleavedRatio()
        try await baseline(batch / 10 + 1)  // warm-up
        try await subject(batch / 10 + 1)
        for round in 0..<rounds {
            var base = 0.0
            var subj = 0.0
            if round % 2 == 0 {
                base = try await Clock.threadCPUTime { try await baseline(batch) }
                subj = try await Clock.threadCPUTime { try await subject(batch) }
            } else {
                subj = try await Clock.threadCPUTime { try await subject(batch) }
                base = try await Clock.threadCPUTime { try await baseline(batch) }
            }
            result.baselineSeconds.append(base)
            result.subjectSeconds.append(subj)
            result.ratios.append(base / subj)
        }
        return result
    }
}
