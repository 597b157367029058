/// Waits: the one place `ASCClient` waits (rate-limit pacing, `Retry-After`, back-off between retries), injected so
/// that tests record the waits instead of sleeping.
public protocol ASCSleeper: Sendable {
    /// Waits for a duration.
    /// - Parameter duration: how long; zero or less returns at once.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(for duration: Duration) async throws
}

/// The real sleeper: `Task.sleep(for:)`.
public struct ASCTaskSleeper: ASCSleeper {
    /// Creates the sleeper.
    public init() {}

    /// Sleeps for `duration` on the task's clock.
    /// - Parameter duration: how long.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return try Task.checkCancellation() }
        try await Task.sleep(for: duration)
    }
}
