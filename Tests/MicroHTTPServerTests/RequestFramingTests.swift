import GatehouseTesting
import MicroHTTPServer
import Testing

/// RFC 9112 section 6: a head whose body's end is ambiguous is refused with 400 (501 for an unknown transfer coding)
/// and the connection closed, before any route sees it; libmicrohttpd took the first of two `Content-Length` fields
/// (issue 20). Raw bytes on a real socket.
@Suite("request framing: ambiguous Content-Length and Transfer-Encoding are refused before any route")
struct RequestFramingTests {
    static let echo = Result(catching: { try EchoServer() })

    /// A name, the head's framing fields, the status expected and what the answer names.
    static let cases: [(String, String, Int, String?)] = [
        // libmicrohttpd answers a Content-Length that does not parse itself (its own 400 page: nil below);
        // the server's check stands behind it.
        ("two Content-Length, different", "Content-Length: 3\r\nContent-Length: 5\r\n", 400, "2 Content-Length"),
        ("two Content-Length, equal", "Content-Length: 3\r\nContent-Length: 3\r\n", 400, "2 Content-Length"),
        ("a list", "Content-Length: 3, 5\r\n", 400, nil),
        ("an equal list", "Content-Length: 3, 3\r\n", 400, nil),
        ("a sign", "Content-Length: +3\r\n", 400, nil),
        ("not a number", "Content-Length: three\r\n", 400, nil),
        ("Content-Length and chunked", "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n", 400, "both"),
        ("chunked then Content-Length", "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n", 400, "both"),
        ("chunked not last", "Transfer-Encoding: chunked, gzip\r\n", 400, "does not end in one chunked"),
        ("chunked twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", 400, "one chunked"),
        ("another coding", "Transfer-Encoding: gzip, chunked\r\n", 501, "only the chunked"),
    ]

    @Test(
        "an ambiguous or invalid framing is refused and the connection closed",
        arguments: cases)
    func refused(_ name: String, _ fields: String, _ status: Int, _ named: String?) async throws {
        try await offPool {
            let connection = try RawHTTPConnection(port: try Self.echo.get().port)
            #expect(connection.write("POST /any HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\nabc"))
            let answer = connection.readAnswer()
            #expect(answer?.status == status, "\(name)")
            if let named {
                #expect(answer?.body.contains(named) == true, "\(name): \(answer?.body ?? "no answer")")
            }
            #expect(answer?.head.lowercased().contains("connection: close") == true, "\(name)")
            #expect(connection.isClosedByPeer(), "\(name)")
        }
    }

    @Test("Transfer-Encoding in an HTTP/1.0 request is refused")
    func transferEncodingInHTTP10() async throws {
        try await offPool {
            let connection = try RawHTTPConnection(port: try Self.echo.get().port)
            #expect(connection.write("POST /any HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"))
            #expect(connection.readAnswer()?.status == 400)
        }
    }

    @Test("one Content-Length, and chunked alone, are read as before")
    func soundFraming() async throws {
        try await offPool {
            let port = try Self.echo.get().port
            let plain = try RawHTTPConnection(port: port)
            #expect(plain.write("POST /any HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc"))
            #expect(plain.readAnswer()?.body == "read 3 bytes\n")
            let chunked = try RawHTTPConnection(port: port)
            #expect(
                chunked.write(
                    "POST /any HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"))
            #expect(chunked.readAnswer()?.body == "read 3 bytes\n")
        }
    }
}
