/// An answer to a request, and the line the server logs for it.
package struct HTTPServerResponse: Sendable, Hashable {
    /// The status code.
    package var status: Int
    /// The header fields (the server adds `Content-Length`, and `Connection: close` when `closesConnection`).
    package var headers: [HTTPServerHeader]
    /// The body.
    package var body: [UInt8]
    /// Whether the connection closes after this answer (an oversized body is not read).
    package var closesConnection: Bool
    /// What the request did, for the log line (never a secret or a body).
    package var logNote: String

    /// Creates a response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: extra header fields.
    ///   - closesConnection: whether to close the connection after it.
    ///   - logNote: what the log line says about it.
    package init(
        status: Int, headers: [HTTPServerHeader] = [], body: [UInt8] = [], closesConnection: Bool = false,
        logNote: String = ""
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
        self.logNote = logNote
    }

    /// A `text/plain` response of one line.
    /// - Parameters:
    ///   - status: the status code.
    ///   - text: the line (a newline is added).
    ///   - closesConnection: whether to close the connection after it.
    ///   - logNote: what the log line says about it.
    /// - Returns: the response.
    package static func text(_ status: Int, _ text: String, closesConnection: Bool = false, logNote: String = "")
        -> HTTPServerResponse
    {
        HTTPServerResponse(
            status: status, headers: [HTTPServerHeader("Content-Type", "text/plain; charset=utf-8")],
            body: Array((text + "\n").utf8), closesConnection: closesConnection, logNote: logNote)
    }
}
