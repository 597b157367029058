import GatehouseTesting
import MicroHTTPServer
import Testing

/// Slowloris (issue 20 item 3): a request trickled a byte at a time is never idle, so libmicrohttpd's idle timeout
/// never fires; the server's own deadline answers 408 and closes it, and while every connection is taken the one
/// reading longest is shed so that a new client is served. Real sockets on loopback; the idle timeout is far longer
/// than the bounds tested, so only the new bounds can cut a connection.
@Suite("request deadline and shedding: slow clients cannot hold the server's connections")
struct ConnectionWatchTests {
    /// A 1 s deadline with a 60 s idle timeout.
    static var short: MicroHTTPServerConfiguration {
        var configuration = MicroHTTPServerConfiguration()
        configuration.requestDeadline = .seconds(1)
        configuration.connectionTimeoutSeconds = 60
        return configuration
    }

    /// 40 bytes a tenth of a second apart: 4 s, when the deadline is 1 s.
    static let interval = Duration.milliseconds(100)

    @Test("a head trickled a byte every 100 ms is answered 408 and closed at the 1 s deadline, and logged")
    func headTrickle() async throws {
        try await offPool {
            let echo = try EchoServer(Self.short)
            let connection = try RawHTTPConnection(port: echo.port)
            let head = Array(
                "POST /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: abcdefghijklmnopqrstuvwxyz\r\n\r\n".utf8)
            let outcome = connection.trickle(head, every: Self.interval)
            #expect(outcome.answer?.status == 408, "sent \(outcome.sent) of \(head.count) bytes")
            #expect(outcome.sent < head.count)
            #expect(connection.isClosedByPeer())
            #expect(echo.logs { $0.status == 408 && $0.note.contains("head not in within 1 s") })
        }
    }

    @Test("a body trickled a byte every 100 ms is answered 408 and closed at the 1 s deadline, and logged")
    func bodyTrickle() async throws {
        try await offPool {
            let echo = try EchoServer(Self.short)
            let connection = try RawHTTPConnection(port: echo.port)
            let body = [UInt8](repeating: 0x61, count: 40)
            #expect(connection.write("POST /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n"))
            let outcome = connection.trickle(body, every: Self.interval)
            #expect(outcome.answer?.status == 408, "sent \(outcome.sent) of \(body.count) bytes")
            #expect(outcome.sent < body.count)
            #expect(connection.isClosedByPeer())
            #expect(
                echo.logs {
                    $0.method == "POST" && $0.path == "/slow" && $0.status == 408 && $0.note.contains("body not in")
                })
        }
    }

    @Test("a request sent at once within the deadline is answered, and so is the next on the same connection")
    func promptRequests() async throws {
        try await offPool {
            let echo = try EchoServer(Self.short)
            let connection = try RawHTTPConnection(port: echo.port)
            for _ in 0..<2 {
                #expect(connection.write("POST /fast HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc"))
                #expect(connection.readAnswer()?.body == "read 3 bytes\n")
            }
        }
    }

    @Test("with every connection held by a slow client, a new client is answered: the longest reader is shed")
    func shedding() async throws {
        try await offPool {
            var configuration = MicroHTTPServerConfiguration()
            configuration.connectionLimit = 4
            configuration.requestDeadline = .seconds(60)
            configuration.sheddingAge = .milliseconds(300)
            configuration.connectionTimeoutSeconds = 60
            let echo = try EchoServer(configuration)
            // Four connections, each with half a head, hold every slot; none would be closed for a minute.
            var holders: [RawHTTPConnection] = []
            for _ in 0..<4 {
                let holder = try RawHTTPConnection(port: echo.port, timeoutSeconds: 2)
                #expect(holder.write("POST /held HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
                holders.append(holder)
            }
            // The new client waits in the backlog until a slot is freed; without shedding it would wait a minute.
            let client = try RawHTTPConnection(port: echo.port, timeoutSeconds: 10)
            #expect(client.write(RawHTTPConnection.request(method: "POST", path: "/new", headers: [], body: [1, 2])))
            #expect(client.readAnswer()?.body == "read 2 bytes\n")
            #expect(holders.first?.readAnswer()?.status == 408, "the oldest holder is the one shed")
        }
    }
}
