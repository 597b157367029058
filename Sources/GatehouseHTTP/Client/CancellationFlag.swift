import Synchronization

/// Set by the task's cancellation handler, read by libcurl's progress callback on the transfer thread.
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether the task was cancelled.
    var isCancelled: Bool { value.load(ordering: .acquiring) }

    /// Marks the transfer cancelled.
    func cancel() { value.store(true, ordering: .releasing) }
}
