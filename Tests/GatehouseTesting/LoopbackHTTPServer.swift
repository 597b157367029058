import Foundation
import GatehouseCore
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (or `::1`) with an ephemeral port, for tests: handlers per path, a log of
/// every request and a count of every connection, and responses that can be slow, cut short or reset (see
/// `LoopbackResponse.Delivery`).
///
/// One thread accepts, one thread serves each connection, one request per connection (`Connection: close`).
/// It only ever listens on 127.0.0.1 (or `::1`). It stops when `stop()` is called, when the value is released, or by
/// itself after `lifetime`, whichever is first; stopping closes the listener and wakes every open connection.
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// server.route("/keys") { _ in .json(#"{"keys":[]}"#) }
/// let response = try await client.send(.get(server.url("/keys")))
/// #expect(server.requestCount(path: "/keys") == 1)
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// Answers one request. Called on the connection's thread; it may block (that delays only its own answer).
    public typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse

    /// The port on 127.0.0.1 (or `::1`).
    public let port: UInt16
    /// Whether the server listens on `::1` rather than 127.0.0.1.
    public let isIPv6: Bool

    private let listener: LoopbackSocket
    private let state = Mutex(State())

    /// The answer for a path without a route.
    private static let noRoute: Handler = { request in .text("no route for \(request.path)", status: 404) }

    /// What the accept and connection threads share.
    private struct State {
        var routes: [String: Handler] = [:]
        var log: [LoopbackRequest] = []
        var connections: [ObjectIdentifier: LoopbackSocket] = [:]
        var stopped = false
        var inFlight = 0
        var maxInFlight = 0
        /// Connections accepted, whether or not a request was read from them.
        var accepted = 0
        /// The handler for paths without a route (`routeUnmatched`), if set.
        var fallback: Handler?
    }

    /// Starts a server.
    /// - Parameters:
    ///   - lifetime: the longest the server runs before it stops by itself (default 600 s: a safety net for a server
    ///     a test leaks, never a bound a test meets; at 120 s, tests slowed by a loaded 2-core machine found their
    ///     server gone and every connection refused).
    ///   - ipv6: listen on `::1` instead of 127.0.0.1 (see `isIPv6LoopbackAvailable`).
    /// - Throws: `LoopbackServerError` when no socket can be bound on 127.0.0.1 (or `::1`).
    public init(lifetime: Duration = .seconds(600), ipv6: Bool = false) throws {
        (listener, port) = try LoopbackSocket.listenOnLoopback(ipv6: ipv6)
        isIPv6 = ipv6
        let deadline = ContinuousClock.now + lifetime
        let listener = listener
        // The accept thread alone closes the listening descriptor, so its number cannot be reused by another
        // socket while this thread still polls it.
        let thread = Thread { [weak self] in
            while ContinuousClock.now < deadline {
                guard let server = self, !server.isStopped else { break }
                if let connection = listener.accept(timeoutMilliseconds: 100) {
                    server.startServing(connection)
                }
            }
            self?.stop()
            listener.close()
        }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    deinit { stop() }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed at once): a connection to it is refused.
    /// - Returns: the port.
    /// - Throws: `LoopbackServerError` when no socket can be bound.
    public static func unusedPort() throws -> UInt16 { try LoopbackSocket.closedPort() }

    /// A port just free on 127.0.0.1 (listened on at port 0, then closed), for another program's server to take
    /// (the throwaway PostgreSQL server); another process may take it first, so the caller tries again on failure.
    /// - Throws: `LoopbackServerError` when no socket can be bound.
    public static func freePort() throws -> UInt16 {
        let (socket, port) = try LoopbackSocket.listenOnLoopback()
        socket.close()
        return port
    }

    /// Whether this machine has an IPv6 loopback interface (`::1` can be bound): containers with IPv6 turned off
    /// do not.
    public static let isIPv6LoopbackAvailable: Bool = (try? LoopbackSocket.listenOnLoopback(ipv6: true)) != nil

    /// `http://127.0.0.1:<port>` (or `http://[::1]:<port>`).
    public var baseURL: String { isIPv6 ? "http://[::1]:\(port)" : "http://127.0.0.1:\(port)" }

    /// An absolute URL on this server.
    /// - Parameter path: the path (with a leading "/"), optionally with a query.
    /// - Returns: the URL.
    public func url(_ path: String) -> String { baseURL + path }

    /// Sets the handler for a path (the query is ignored when routing), replacing any earlier one.
    /// - Parameters:
    ///   - path: the exact path, such as "/auth/keys".
    ///   - handler: answers each request for the path.
    public func route(_ path: String, _ handler: @escaping Handler) {
        state.withLockVisibleToTSan { $0.routes[path] = handler }
    }

    /// Answers every request for a path with the same response.
    /// - Parameters:
    ///   - path: the exact path.
    ///   - response: the response.
    public func route(_ path: String, respond response: LoopbackResponse) {
        route(path) { _ in response }
    }

    /// Answers successive requests for a path with successive responses, starting again after the last (for
    /// flapping between good and bad answers).
    /// - Parameters:
    ///   - path: the exact path.
    ///   - responses: the responses in order; must not be empty.
    public func route(_ path: String, cycling responses: [LoopbackResponse]) {
        precondition(!responses.isEmpty, "route(_:cycling:) needs at least one response")
        let counter = LoopbackCounter()
        route(path) { _ in responses[counter.next() % responses.count] }
    }

    /// Sets the handler for every path without a route of its own (a whole API served by one router).
    /// - Parameter handler: answers each such request.
    public func routeUnmatched(_ handler: @escaping Handler) {
        state.withLockVisibleToTSan { $0.fallback = handler }
    }

    /// How many requests arrived for a path (counted when the request was read, before it was answered).
    /// - Parameter path: the exact path.
    /// - Returns: the count.
    public func requestCount(path: String) -> Int {
        state.withLockVisibleToTSan { $0.log.filter { $0.path == path }.count }
    }

    /// The requests that arrived for a path, in order.
    /// - Parameter path: the exact path.
    /// - Returns: the requests.
    public func requests(path: String) -> [LoopbackRequest] {
        state.withLockVisibleToTSan { $0.log.filter { $0.path == path } }
    }

    /// How many TCP connections were accepted, whether or not a request was read from them (a TLS ClientHello, a
    /// connection closed at once): zero proves that a client never connected.
    public var connectionCount: Int { state.withLockVisibleToTSan { $0.accepted } }

    /// The most requests that were being answered at the same moment (read, and their response not yet delivered).
    public var maxConcurrentRequests: Int { state.withLockVisibleToTSan { $0.maxInFlight } }

    /// Every request that arrived, in order.
    public var allRequests: [LoopbackRequest] { state.withLockVisibleToTSan { $0.log } }

    /// Whether the server has stopped.
    public var isStopped: Bool { state.withLockVisibleToTSan { $0.stopped } }

    /// Stops accepting (new connections are refused at once) and wakes every open connection. Safe to call more
    /// than once.
    public func stop() {
        let open = state.withLockVisibleToTSan { state in
            state.stopped = true
            return Array(state.connections.values)
        }
        // On Linux, shutdown() takes a listening socket out of LISTEN at once: new connections are refused.
        listener.shutdown()
        for connection in open { connection.shutdown() }
    }

    /// A thread-safe counter for `route(_:cycling:)`.
    private final class LoopbackCounter: Sendable {
        private let value = Mutex(0)

        func next() -> Int {
            value.withLockVisibleToTSan { value in
                defer { value += 1 }
                return value
            }
        }
    }

    private func startServing(_ connection: LoopbackSocket) {
        let registered = state.withLockVisibleToTSan { state in
            state.accepted += 1
            guard !state.stopped else { return false }
            state.connections[ObjectIdentifier(connection)] = connection
            return true
        }
        guard registered else {
            connection.close()
            return
        }
        let thread = Thread { [self] in
            serve(connection)
            _ = state.withLockVisibleToTSan { $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
            connection.close()
        }
        thread.name = "LoopbackHTTPServer.connection"
        thread.start()
    }

    private func serve(_ connection: LoopbackSocket) {
        guard let request = readRequest(connection) else { return }
        let handler = state.withLockVisibleToTSan { state in
            state.log.append(request)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            return state.routes[request.path] ?? state.fallback ?? Self.noRoute
        }
        deliver(handler(request), on: connection)
        state.withLockVisibleToTSan { $0.inFlight -= 1 }
    }

    private func readRequest(_ connection: LoopbackSocket) -> LoopbackRequest? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var buffer: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            guard buffer.count <= 65536, let chunk = connection.read() else { return nil }
            buffer += chunk
            headEnd = Self.find(separator, in: buffer)
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffer[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let header = { (name: String) in headers.first { $0.name.lowercased() == name }?.value }
        let length = Int(header("content-length") ?? "0") ?? 0
        guard length >= 0, length <= 16 << 20 else { return nil }
        var body = Array(buffer[(headEnd + separator.count)...])
        if body.count < length, header("expect")?.lowercased() == "100-continue" {
            connection.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            guard let chunk = connection.read() else { return nil }
            body += chunk
        }
        let target = String(requestLine[1])
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return LoopbackRequest(
            method: String(requestLine[0]), target: target, path: String(parts[0]),
            query: parts.count > 1 ? String(parts[1]) : "", headers: headers, body: Array(body.prefix(length)))
    }

    private func deliver(_ response: LoopbackResponse, on connection: LoopbackSocket) {
        guard pause(response.delay) else { return }
        if response.delivery == .resetBeforeResponse {
            connection.resetAndClose()
            return
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reasonPhrase(response.status))\r\n"
        let names = Set(response.headers.map { $0.name.lowercased() })
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        if !names.contains("content-length") && response.delivery != .untilClose {
            head += "Content-Length: \(response.body.count)\r\n"
        }
        if !names.contains("connection") { head += "Connection: close\r\n" }
        head += "\r\n"
        switch response.delivery {
        case .whole, .untilClose, .resetBeforeResponse:
            connection.write(Array(head.utf8) + response.body)
        case .drip(let interval):
            guard connection.write(Array(head.utf8)) else { return }
            for byte in response.body {
                guard pause(interval), connection.write([byte]) else { return }
            }
        case .truncate(let count):
            connection.write(Array(head.utf8) + response.body.prefix(max(0, count)))
        case .reset(let count):
            connection.write(Array(head.utf8) + response.body.prefix(max(0, count)))
            Thread.sleep(forTimeInterval: 0.05)  // let the bytes leave before the reset discards them
            connection.resetAndClose()
        }
    }

    /// Sleeps in short slices; returns `false` as soon as the server stops.
    private func pause(_ duration: Duration) -> Bool {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            if isStopped { return false }
            let left = end - ContinuousClock.now
            Thread.sleep(
                forTimeInterval: min(0.05, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
            )
        }
        return !isStopped
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
