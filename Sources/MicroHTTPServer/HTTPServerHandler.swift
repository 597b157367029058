/// What a `MicroHTTPServer` asks about each request.
package protocol HTTPServerHandler: Sendable {
    /// The largest body read; a larger one is answered with `bodyTooLarge(_:)` and the connection closed.
    var maximumBodyBytes: Int { get }

    /// Called once the head is in, before any of the body is read: an answer now (a declared `Content-Length` over
    /// the limit, an unknown path), or nil to read the body.
    /// - Parameter head: the request without its body.
    /// - Returns: the early answer, or nil.
    func admit(_ head: HTTPServerRequest) -> HTTPServerResponse?

    /// The answer to a body without `Content-Length` (chunked) that grew past `maximumBodyBytes`: sent when the
    /// upload ends (libmicrohttpd takes no answer in the middle of one); the excess is discarded unstored, and past
    /// 1 MiB the connection is closed without an answer.
    /// - Parameter head: the request without its body.
    /// - Returns: the answer (it should close the connection).
    func bodyTooLarge(_ head: HTTPServerRequest) -> HTTPServerResponse

    /// The answer to a complete request. Runs on the connection's own thread (the server waits for it).
    /// - Parameter request: the request with its body.
    /// - Returns: the answer.
    func respond(to request: HTTPServerRequest) async -> HTTPServerResponse
}
