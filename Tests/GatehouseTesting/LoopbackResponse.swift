import Foundation

/// What `LoopbackHTTPServer` answers, and how it delivers it: all at once, slowly, cut short, or reset.
///
/// `Content-Length` (the full body length, also when the delivery cuts the body short) and `Connection: close`
/// are added unless the headers already have them or the delivery is `.untilClose`.
public struct LoopbackResponse: Sendable {
    /// How the bytes go out.
    public enum Delivery: Sendable, Equatable {
        /// Status, headers and body at once.
        case whole
        /// Status and headers at once, then the body one byte per interval.
        case drip(interval: Duration)
        /// Status, headers and only this many body bytes, then an orderly close (a truncated body).
        case truncate(afterBodyBytes: Int)
        /// Status, headers and only this many body bytes, then a TCP reset.
        case reset(afterBodyBytes: Int)
        /// Nothing at all: the connection is reset as soon as the request was read.
        case resetBeforeResponse
        /// No `Content-Length`: the body ends when the connection closes (HTTP/1.1 close-delimited).
        case untilClose
    }

    /// The status code.
    public var status: Int
    /// The header fields, in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]
    /// A pause before anything is sent.
    public var delay: Duration
    /// How the bytes go out.
    public var delivery: Delivery

    /// Creates a response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the header fields.
    ///   - body: the body.
    ///   - delay: a pause before anything is sent.
    ///   - delivery: how the bytes go out.
    public init(
        status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        delay: Duration = .zero, delivery: Delivery = .whole
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.delivery = delivery
    }

    /// A text body.
    /// - Parameters:
    ///   - text: the body.
    ///   - status: the status code.
    ///   - headers: further header fields.
    /// - Returns: the response.
    public static func text(
        _ text: String, status: Int = 200, headers: [(name: String, value: String)] = []
    ) -> LoopbackResponse {
        LoopbackResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Array(text.utf8))
    }

    /// A JSON body.
    /// - Parameters:
    ///   - json: the body.
    ///   - status: the status code.
    ///   - headers: further header fields (`Cache-Control`, `ETag`).
    /// - Returns: the response.
    public static func json(
        _ json: String, status: Int = 200, headers: [(name: String, value: String)] = []
    ) -> LoopbackResponse {
        LoopbackResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(json.utf8))
    }

    /// A redirect.
    /// - Parameters:
    ///   - location: the `Location` value (absolute or relative).
    ///   - status: 301, 302, 303, 307 or 308.
    /// - Returns: the response.
    public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [("Location", location)])
    }

    /// `response` with an `ETag`, or `304 Not Modified` when the request's `If-None-Match` names that tag
    /// (RFC 9110 section 13.1.2).
    /// - Parameters:
    ///   - response: the full response.
    ///   - etag: the entity tag, quotes included (`"v1"`).
    ///   - request: the request being answered.
    /// - Returns: the response to send.
    public static func conditional(
        _ response: LoopbackResponse, etag: String, for request: LoopbackRequest
    ) -> LoopbackResponse {
        let tags = request.headerValues("If-None-Match").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if tags.contains(etag) || tags.contains("*") {
            return LoopbackResponse(status: 304, headers: [("ETag", etag)])
        }
        var full = response
        full.headers.append(("ETag", etag))
        return full
    }
}
