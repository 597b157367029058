import ReviewLog
import Synchronization

/// The `WebhookVersionResolving` stubs of the in-process receiver, resolver and service tests (ReviewWebhooksTests,
/// ReviewServeTests): one that resolves, one that throws, one that waits until it is released or cancelled. Each
/// counts the version ids it was asked about.
package final class StubVersionResolver: WebhookVersionResolving {
    package enum Behaviour: Sendable {
        /// Answers with this version.
        case resolves(WebhookVersion)
        /// Throws `StubLookupError`.
        case fails
        /// Waits on `release(with:)`, or for cancellation (a lookup bound passing), which it records.
        case waits
    }

    private struct State {
        var asked: [String] = []
        var cancelled = 0
        var waiters: [CheckedContinuation<WebhookVersion?, Never>] = []
        var released: WebhookVersion?
    }

    package let behaviour: Behaviour
    private let state = Mutex(State())

    package init(_ behaviour: Behaviour) { self.behaviour = behaviour }

    /// The version ids asked, in order.
    package var asked: [String] { state.withLock { $0.asked } }
    /// How many waiting lookups ended by cancellation.
    package var cancelled: Int { state.withLock { $0.cancelled } }

    package func resolve(versionID: String) async throws -> WebhookVersion {
        state.withLock { $0.asked.append(versionID) }
        switch behaviour {
        case .resolves(let version):
            return version
        case .fails:
            throw StubLookupError(versionID: versionID)
        case .waits:
            let released = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<WebhookVersion?, Never>) in
                    let now: WebhookVersion?? = state.withLock { state in
                        if let released = state.released { return .some(released) }
                        if Task.isCancelled { return .some(nil) }
                        state.waiters.append(continuation)
                        return .none
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                for waiter in state.withLock({ state in
                    defer { state.waiters = [] }
                    return state.waiters
                }) {
                    waiter.resume(returning: nil)
                }
            }
            guard let released else {
                state.withLock { $0.cancelled += 1 }
                throw CancellationError()
            }
            return released
        }
    }

    /// A build beta detail id is asked as a version id is (`asked` records it), and answered alike: a test gives a
    /// TestFlight `WebhookVersion` to resolve builds.
    package func resolve(buildBetaDetailID: String) async throws -> WebhookVersion {
        try await resolve(versionID: buildBetaDetailID)
    }

    /// Lets every waiting lookup, and every later one, answer `version`.
    package func release(with version: WebhookVersion) {
        let waiters = state.withLock { state in
            state.released = version
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: version) }
    }
}

/// What the failing stub throws.
package struct StubLookupError: Error, CustomStringConvertible {
    package let versionID: String
    package var description: String { "stub: App Store Connect cannot be reached for \(versionID)" }
}
