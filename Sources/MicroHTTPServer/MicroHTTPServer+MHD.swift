internal import CMicroHTTPD
import Dispatch
internal import GatehouseCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The libmicrohttpd daemon: its one owner, stopped once.
final class Daemon: Sendable {
    // The daemon pointer is only used under the lock (libmicrohttpd allows quiesce and stop from any thread).
    private struct State: @unchecked Sendable {
        var pointer: OpaquePointer?
        var quiesced = false
        /// The listening socket `MHD_quiesce_daemon` handed back, closed only after `MHD_stop_daemon`.
        var listener: Int32 = -1
    }

    private let state: Mutex<State>
    /// The port bound.
    let boundPort: UInt16
    /// Keeps the context alive as long as the daemon can call back into it.
    private let context: ServerContext
    /// Sheds the connections whose request is late (stopped before the daemon).
    private let sweeper: ConnectionSweeper

    private init(pointer: OpaquePointer, context: ServerContext) {
        state = Mutex(State(pointer: pointer))
        boundPort = gatehouse_mhd_bound_port(pointer)
        self.context = context
        sweeper = ConnectionSweeper(context.watch)
    }

    static func start(address: ListenAddress, configuration: MicroHTTPServerConfiguration, context: ServerContext)
        -> Daemon?
    {
        // Thread per connection (with its internal polling thread); ITC so that MHD_quiesce_daemon can stop
        // accepting while connections finish. No MHD_USE_ERROR_LOG: the request log is the server's own lines.
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
            | MHD_USE_ITC.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let cls = Unmanaged.passUnretained(context).toOpaque()
        let pointer = address.withSocketAddress { socketAddress in
            gatehouse_mhd_start(
                UInt32(flags), socketAddress, UInt32(configuration.connectionLimit),
                UInt32(configuration.connectionTimeoutSeconds), configuration.connectionMemoryBytes,
                { cls, connection, url, method, version, data, size, request in
                    guard let cls, let connection, let size, let request else { return MHD_Result.NO }
                    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
                    return context.access(
                        connection, path: url.map { String(cString: $0) } ?? "/",
                        method: method.map { String(cString: $0) } ?? "",
                        version: version.map { String(cString: $0) } ?? "", data: data, size: size, request: request)
                },
                { cls, connection, request, termination in
                    guard let cls, let connection, let request, let raw = request.pointee else { return }
                    request.pointee = nil
                    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
                    context.finished(
                        Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue(), on: connection,
                        completed: termination == MHD_RequestTerminationCode.REQUEST_TERMINATED_COMPLETED_OK)
                },
                { cls, connection, _, event in
                    guard let cls, let connection else { return }
                    let watch = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().watch
                    if event == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
                        watch.opened(
                            UInt(bitPattern: connection), socket: gatehouse_mhd_connection_socket(connection),
                            at: .now)
                    } else {
                        watch.closed(UInt(bitPattern: connection))
                    }
                }, cls)
        }
        guard let pointer else { return nil }
        return Daemon(pointer: pointer, context: context)
    }

    /// Closes the listening socket (MHD_quiesce_daemon hands it back to be closed).
    func quiesce() {
        state.withLock { state in
            guard let pointer = state.pointer, !state.quiesced else { return }
            state.quiesced = true
            let socket = MHD_quiesce_daemon(pointer)
            guard socket >= 0 else { return }
            // New connections are refused from now on: shutting the listening socket down takes it out of the
            // LISTEN state at once, while close() would not while MHD's polling thread still holds it (and
            // libmicrohttpd's documentation says to close it only after MHD_stop_daemon with threads).
            shutdown(socket, Int32(SHUT_RDWR))
            state.listener = socket
        }
    }

    func stop() {
        let (pointer, listener) = state.withLock { state -> (OpaquePointer?, Int32) in
            defer {
                state.pointer = nil
                state.listener = -1
            }
            return (state.pointer, state.listener)
        }
        guard let pointer else { return }
        sweeper.stop()
        MHD_stop_daemon(pointer)
        if listener >= 0 { close(listener) }
    }
}

/// One request's head, body so far and whether it was answered; owned by libmicrohttpd's per-request pointer
/// between the first call and the completion callback. Used by the connection's one thread only.
final class RequestState: @unchecked Sendable {
    var head: HTTPServerRequest
    var body: [UInt8] = []
    var answered = false
    /// Bytes received past the body limit (discarded).
    var overflow = 0
    var status = 0
    var note = ""
    let started = ContinuousClock.now

    init(head: HTTPServerRequest) { self.head = head }
}

extension ServerContext {
    /// How much of an oversized body without `Content-Length` is read (and discarded) so that its 413 can be sent.
    static let discardLimit = 1024 * 1024

    /// libmicrohttpd's access handler: called once with the head, then with each chunk of the body, then once with
    /// none left (the request is complete).
    /// Every call first asks the connection watch: a connection it shed (its request late) is refused, so that
    /// libmicrohttpd closes it.
    func access(
        _ connection: OpaquePointer, path: String, method: String, version: String, data: UnsafePointer<CChar>?,
        size: UnsafeMutablePointer<Int>, request: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let key = UInt(bitPattern: connection)
        guard let raw = request.pointee else {
            guard watch.advance(key, to: .body) else { return MHD_Result.NO }
            inFlight.add(1, ordering: .acquiringAndReleasing)
            let state = RequestState(
                head: HTTPServerRequest(method: method, path: path, headers: Self.headers(of: connection)))
            request.pointee = Unmanaged.passRetained(state).toOpaque()
            // The framing first, for every route: a head whose body's end is ambiguous is never read on.
            if let early = RequestFraming.problem(headers: state.head.headers, version: version)
                ?? handler.admit(state.head)
            {
                return answer(early, state: state, on: connection)
            }
            return MHD_Result.YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        if size.pointee > 0 {
            let count = size.pointee
            size.pointee = 0
            if state.answered { return MHD_Result.YES }
            if watch.isShed(key) { return MHD_Result.NO }
            if state.overflow > 0 || state.body.count + count > handler.maximumBodyBytes {
                // A body without Content-Length (chunked) that grew past the limit: libmicrohttpd takes an answer only
                // once the upload is complete, so the rest is discarded, unstored, up to `discardLimit`; past that the
                // connection is closed without an answer.
                state.body = []
                state.overflow += count
                return state.overflow <= Self.discardLimit ? MHD_Result.YES : MHD_Result.NO
            }
            if let data {
                state.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
            }
            return MHD_Result.YES
        }
        if state.answered { return MHD_Result.YES }
        guard watch.advance(key, to: .answering) else { return MHD_Result.NO }
        if state.overflow > 0 { return answer(handler.bodyTooLarge(state.head), state: state, on: connection) }
        var head = state.head
        head.body = state.body
        state.body = []
        let complete = head
        let response = Self.waitFor { [handler] in await handler.respond(to: complete) }
        return answer(response, state: state, on: connection)
    }

    /// Runs an async handler from the connection's own thread (not one of Swift's concurrency threads), waiting.
    private static func waitFor(_ body: @escaping @Sendable () async -> HTTPServerResponse) -> HTTPServerResponse {
        final class Box: @unchecked Sendable {
            var response: HTTPServerResponse?
            let done = DispatchSemaphore(value: 0)
        }
        let box = Box()
        Task {
            box.response = await body()
            box.done.signal()
        }
        box.done.wait()
        return box.response ?? .text(500, "no answer", closesConnection: true)
    }

    private func answer(_ response: HTTPServerResponse, state: RequestState, on connection: OpaquePointer)
        -> MHD_Result
    {
        // The watch no longer times the request; one it shed meanwhile (its 408 sent) gets no second answer.
        guard watch.advance(UInt(bitPattern: connection), to: .answering) else { return MHD_Result.NO }
        state.answered = true
        state.status = response.status
        state.note = response.logNote
        let queued = response.body.withUnsafeBytes { bytes -> Bool in
            guard
                let created = MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                    MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            else { return false }
            defer { MHD_destroy_response(created) }
            for header in response.headers {
                _ = MHD_add_response_header(created, header.name, header.value)
            }
            if response.closesConnection { _ = MHD_add_response_header(created, "Connection", "close") }
            return MHD_queue_response(connection, UInt32(response.status), created) == MHD_Result.YES
        }
        // A response that cannot be queued: the connection is closed without one.
        return queued ? MHD_Result.YES : MHD_Result.NO
    }

    /// The completion callback: one log record, and the request leaves the in-flight count; the connection's next
    /// request is timed from now.
    func finished(_ state: RequestState, on connection: OpaquePointer, completed: Bool) {
        let now = ContinuousClock.now
        let elapsed = now - state.started
        let shed = watch.requestEnded(UInt(bitPattern: connection), at: now)
        if shed {
            state.answered = true
            state.status = 408
            state.note = ConnectionWatch.note(.body, deadline: watch.deadline)
        }
        log(
            HTTPRequestRecord(
                method: state.head.method, path: state.head.path,
                status: state.answered ? state.status : nil, note: state.note, answerSent: completed || shed,
                milliseconds: Double(elapsed.components.seconds) * 1000
                    + Double(elapsed.components.attoseconds) / 1e15))
        idle.requestEnded(remaining: inFlight.subtract(1, ordering: .acquiringAndReleasing).newValue)
    }

    private static func headers(of connection: OpaquePointer) -> [HTTPServerHeader] {
        final class Collector {
            var headers: [HTTPServerHeader] = []
        }
        let collector = Collector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, MHD_ValueKind.HEADER_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return MHD_Result.YES }
                    let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
                    collector.headers.append(
                        HTTPServerHeader(String(cString: key), value.map { String(cString: $0) } ?? ""))
                    return MHD_Result.YES
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.headers
    }
}
