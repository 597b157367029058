#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client connection to a loopback HTTP server that writes exactly the bytes it is given and reads the answer
/// as it comes, for the tests of `review serve`: a body sent in parts (a request in flight), an oversized body that
/// must not be read, a connection that must be closed after the answer.
public final class RawHTTPConnection {
    /// An answer read from the connection.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// The head, as text.
        public var head: String
        /// The body.
        public var body: String

        /// The first value of a header field, its name compared case-insensitively.
        /// - Parameter name: the field name.
        /// - Returns: the value, without the whitespace around it, or nil.
        public func header(_ name: String) -> String? {
            let wanted = name.lowercased() + ":"
            for line in head.split(separator: "\r\n").dropFirst() where line.lowercased().hasPrefix(wanted) {
                return line.dropFirst(wanted.count).trimmingCharacters(in: " \t")
            }
            return nil
        }
    }

    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    /// - Parameters:
    ///   - port: the port.
    ///   - timeoutSeconds: the longest wait for any read.
    /// - Throws: `LoopbackServerError` when the connection is refused.
    public init(port: UInt16, timeoutSeconds: Int = 20) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackServerError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw LoopbackServerError("connect to 127.0.0.1:\(port): errno \(code)")
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { Glibc.close(descriptor) }

    /// Writes bytes; false when the peer closed.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Writes text.
    @discardableResult
    public func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// Reads one answer: the head, then `Content-Length` bytes of body.
    /// - Returns: the answer, or nil when the connection closed or timed out first.
    public func readAnswer() -> Answer? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        func fill() -> Bool {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { return false }
            buffer += chunk[0..<count]
            return true
        }
        var headEnd: Int?
        while headEnd == nil {
            if let range = findHeadEnd(buffer) { headEnd = range } else if !fill() { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
            let status = Int(statusLine.split(separator: " ")[1])
        else { return nil }
        var length = 0
        for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: " ")) ?? 0
        }
        while buffer.count < headEnd + 4 + length {
            if !fill() { break }
        }
        let body = String(decoding: buffer[(headEnd + 4)..<min(buffer.count, headEnd + 4 + length)], as: UTF8.self)
        return Answer(status: status, head: head, body: body)
    }

    /// What came of a trickled request.
    public struct Trickle: Sendable {
        /// The answer read, if one came before every byte was sent.
        public var answer: Answer?
        /// How many of the bytes were sent before the answer came or the connection closed.
        public var sent: Int
    }

    /// Writes `bytes` one at a time, `interval` apart, as a slow client (slowloris) does, watching for an answer
    /// between them; stops at the first answer or when the server closes the connection.
    /// - Parameters:
    ///   - bytes: the bytes (a head, a body, or both).
    ///   - interval: the pause after each byte.
    /// - Returns: the answer if one came first, and how many bytes were sent.
    public func trickle(_ bytes: [UInt8], every interval: Duration) -> Trickle {
        let milliseconds = Int32(
            interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        for (index, byte) in bytes.enumerated() {
            guard write([byte]) else { return Trickle(answer: nil, sent: index) }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&watched, 1, milliseconds) > 0 { return Trickle(answer: readAnswer(), sent: index + 1) }
        }
        return Trickle(answer: nil, sent: bytes.count)
    }

    /// Whether the server closed the connection: a read returns end of file (or a reset) within the timeout.
    public func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    private func findHeadEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// One request on a new connection, answered, the connection then closed by this side.
    /// - Parameters:
    ///   - port: the server's port.
    ///   - method: the method.
    ///   - path: the path.
    ///   - headers: extra header fields.
    ///   - body: the body.
    /// - Returns: the answer, or nil when none came.
    /// - Throws: when the connection is refused.
    public static func send(
        port: UInt16, method: String = "POST", path: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> Answer? {
        let connection = try RawHTTPConnection(port: port)
        connection.write(request(method: method, path: path, headers: headers, body: body))
        return connection.readAnswer()
    }

    /// The bytes of a request with `Content-Length` and `Connection: close`.
    public static func request(method: String, path: String, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(self.drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
