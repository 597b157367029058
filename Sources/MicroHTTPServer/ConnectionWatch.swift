import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounds the time each request takes to arrive, which libmicrohttpd does not: its timeout counts only idle time, so
/// 64 connections each trickling a byte every 3 s held every slot for ever (slowloris, issue 20 item 3). Every
/// connection is tracked from its acceptance; a request's head and body must be in within `requestDeadline` of that
/// moment (or of the end of the previous request on the connection), and while every slot is taken the connection
/// reading longest is shed once it has been reading for `sheddingAge`. A connection past its bound is answered 408
/// (RFC 9110 section 15.5.9) and shut down, which wakes its thread in libmicrohttpd with the end of its input: the
/// thread closes the connection and the slot is free.
///
/// The C callbacks (connection opened and closed, head in, answer begun, request ended) and the sweeping thread
/// meet under one lock. libmicrohttpd reports a connection closed before it closes its socket, so a socket shut down
/// under the lock is always the tracked connection's own, never a reused descriptor.
final class ConnectionWatch: Sendable {
    /// Where a connection's current request stands.
    enum Phase: Sendable {
        /// Reading the head (or waiting for the next request on a kept-alive connection).
        case head
        /// The head is in; reading the body.
        case body
        /// The request is in: the handler runs or the answer is being sent (not bounded here).
        case answering
    }

    private struct Tracked {
        var socket: Int32
        var phase = Phase.head
        var readingSince: ContinuousClock.Instant
        /// Answered 408 and shut down by the sweep.
        var shed = false
    }

    private let table = Mutex<[UInt: Tracked]>([:])
    let deadline: Duration
    private let sheddingAge: Duration
    private let limit: Int
    private let log: @Sendable (HTTPRequestRecord) -> Void

    /// How often the sweeping thread looks: a tenth of the shorter bound, between 20 and 250 ms.
    let interval: Duration

    init(configuration: MicroHTTPServerConfiguration, log: @escaping @Sendable (HTTPRequestRecord) -> Void) {
        deadline = configuration.requestDeadline
        sheddingAge = configuration.sheddingAge
        limit = configuration.connectionLimit
        self.log = log
        interval = min(max(min(deadline, sheddingAge) / 10, .milliseconds(20)), .milliseconds(250))
    }

    /// A connection was accepted: its first request's time starts now.
    func opened(_ connection: UInt, socket: Int32, at now: ContinuousClock.Instant) {
        table.withLock { $0[connection] = Tracked(socket: socket, readingSince: now) }
    }

    /// libmicrohttpd is about to close the connection's socket.
    func closed(_ connection: UInt) {
        _ = table.withLock { $0.removeValue(forKey: connection) }
    }

    /// Moves a request on to `phase`.
    /// - Returns: false when the connection was shed: the caller must refuse (MHD_NO), neither reading nor answering.
    func advance(_ connection: UInt, to phase: Phase) -> Bool {
        table.withLock { table in
            guard var tracked = table[connection] else { return true }
            if tracked.shed { return false }
            tracked.phase = phase
            table[connection] = tracked
            return true
        }
    }

    /// Whether the connection was shed (its body is no longer read).
    func isShed(_ connection: UInt) -> Bool { table.withLock { $0[connection]?.shed ?? false } }

    /// A request ended: the next one on the connection is timed from now.
    /// - Returns: whether it ended because it was shed.
    func requestEnded(_ connection: UInt, at now: ContinuousClock.Instant) -> Bool {
        table.withLock { table in
            guard var tracked = table[connection] else { return false }
            let wasShed = tracked.shed
            tracked.phase = .head
            tracked.readingSince = now
            table[connection] = tracked
            return wasShed
        }
    }

    /// Sheds every connection past the deadline and, while every slot is taken, the one reading longest once it
    /// has been reading for `sheddingAge`; logs a record for each shed before its head was in (a request whose head
    /// was in is logged when libmicrohttpd ends it).
    func sweep(at now: ContinuousClock.Instant) {
        let headsShed = table.withLock { table -> Int in
            var victims = table.filter { !$0.value.shed && $0.value.phase != .answering }
                .filter { now - $0.value.readingSince >= deadline }.map(\.key)
            let open = table.values.count { !$0.shed }
            if victims.isEmpty, open >= limit,
                let longest = table.filter({ !$0.value.shed && $0.value.phase != .answering })
                    .min(by: { $0.value.readingSince < $1.value.readingSince }),
                now - longest.value.readingSince >= sheddingAge
            {
                victims = [longest.key]
            }
            var heads = 0
            for key in victims {
                guard var tracked = table[key] else { continue }
                if tracked.phase == .head { heads += 1 }
                tracked.shed = true
                table[key] = tracked
                Self.timeOut(tracked.socket, deadline: deadline)
            }
            return heads
        }
        for _ in 0..<headsShed {
            log(
                HTTPRequestRecord(
                    method: "-", path: "-", status: 408, note: Self.note(.head, deadline: deadline), answerSent: true,
                    milliseconds: Double(deadline.components.seconds) * 1000))
        }
    }

    /// What the log line says of a request shed in `phase`.
    static func note(_ phase: Phase, deadline: Duration) -> String {
        "\(phase == .head ? "head" : "body") not in within \(seconds(deadline)) or shed at the connection limit: closed"
    }

    /// `10 s`, `0.25 s`.
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Answers 408 on the socket without waiting (the client is reading nothing else: no answer was begun) and shuts
    /// it down both ways: the peer reads the answer and the end of the stream; libmicrohttpd's thread reads the end
    /// of its input and closes the connection.
    private static func timeOut(_ socket: Int32, deadline: Duration) {
        let body =
            "the request took too long to arrive (at most \(seconds(deadline)) from its first byte, less while every "
            + "connection is taken); send it at once\n"
        let answer = Array(
            ("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        _ = answer.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        shutdown(socket, Int32(SHUT_RDWR))
    }
}

/// The thread that calls `ConnectionWatch.sweep` every `interval` until stopped: a thread of its own, never one of
/// Dispatch's pool, which busy handlers could exhaust just when the sweep is needed.
final class ConnectionSweeper: Sendable {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let stopping = DispatchSemaphore(value: 0)
    private let thread: pthread_t?

    init(_ watch: ConnectionWatch) {
        let stopping = stopping
        let interval = watch.interval
        let nanoseconds =
            Int(interval.components.seconds) * 1_000_000_000
            + Int(interval.components.attoseconds / 1_000_000_000)
        let body = Unmanaged.passRetained(
            Body {
                while stopping.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
                    watch.sweep(at: .now)
                }
            })
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, body.toOpaque())
        if started != 0 { body.release() }
        self.thread = started == 0 ? thread : nil
    }

    /// Stops the thread and waits for it (called once).
    func stop() {
        stopping.signal()
        if let thread { pthread_join(thread, nil) }
    }
}
