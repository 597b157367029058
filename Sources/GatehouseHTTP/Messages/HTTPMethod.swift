/// The request methods this client sends.
public enum HTTPMethod: String, Sendable, Hashable, CustomStringConvertible {
    /// `GET` (RFC 9110 section 9.3.1): no request body.
    case get = "GET"
    /// `POST` (RFC 9110 section 9.3.3): the request body is sent.
    case post = "POST"

    public var description: String { rawValue }
}
