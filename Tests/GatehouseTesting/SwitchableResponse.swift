import GatehouseCore
import Synchronization

/// What a `LoopbackHTTPServer` route answers, changed by the test as it goes (a key set that rotates, an endpoint
/// that fails and recovers).
///
/// ```swift
/// let keys = SwitchableResponse(.json(oneKey))
/// server.route("/auth/keys", keys.handler)
/// keys.set(.text("down", status: 503))
/// ```
public final class SwitchableResponse: Sendable {
    private let response: Mutex<LoopbackResponse>

    /// Creates the switch.
    /// - Parameter response: what the route answers until `set(_:)`.
    public init(_ response: LoopbackResponse) { self.response = Mutex(response) }

    /// Changes what the route answers from the next request on.
    /// - Parameter response: the new answer.
    public func set(_ response: LoopbackResponse) { self.response.withLockVisibleToTSan { $0 = response } }

    /// The handler to route: it answers the current response.
    public var handler: LoopbackHTTPServer.Handler { { [self] _ in response.withLockVisibleToTSan { $0 } } }
}
