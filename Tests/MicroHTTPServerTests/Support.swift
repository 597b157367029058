import Foundation
import MicroHTTPServer
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A `MicroHTTPServer` on a free loopback port that answers every complete request 200 with the size of its body,
/// and keeps its log.
final class EchoServer: Sendable {
    struct Handler: HTTPServerHandler {
        var maximumBodyBytes: Int { 4096 }
        func admit(_ head: HTTPServerRequest) -> HTTPServerResponse? { nil }
        func bodyTooLarge(_ head: HTTPServerRequest) -> HTTPServerResponse {
            .text(413, "too large", closesConnection: true)
        }
        func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
            .text(200, "read \(request.body.count) bytes")
        }
    }

    let server: MicroHTTPServer

    /// Starts the server.
    /// - Parameter configuration: its limits (the tests shorten the deadlines).
    init(_ configuration: MicroHTTPServerConfiguration = MicroHTTPServerConfiguration()) throws {
        let records = Records()
        server = try MicroHTTPServer(
            address: try ListenAddress(parsing: "127.0.0.1:0"), configuration: configuration, handler: Handler(),
            log: { record in records.append(record) })
        self.shared = records
    }

    private let shared: Records

    var port: UInt16 { server.address.port }

    /// The log records so far.
    var log: [HTTPRequestRecord] { shared.all }

    /// Whether a record matching `wanted` is logged within 5 s (the server logs from its own threads, after the
    /// client has seen the answer).
    func logs(_ wanted: (HTTPRequestRecord) -> Bool) -> Bool {
        for _ in 0..<500 {
            if shared.all.contains(where: wanted) { return true }
            usleep(10_000)
        }
        return false
    }

    deinit { server.stop() }
}

/// Log records under a lock (the server logs from its connections' threads).
final class Records: Sendable {
    private let records = Mutex<[HTTPRequestRecord]>([])
    func append(_ record: HTTPRequestRecord) { records.withLock { $0.append(record) } }
    var all: [HTTPRequestRecord] { records.withLock { $0 } }
}

/// Runs a test's blocking socket work on a thread of its own: the server's handler runs on Swift's concurrency pool,
/// which blocked test functions would otherwise exhaust (2 threads on 2 cores), and the server could never answer.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: body)) }.start()
    }
}
