/// A response as received: any status (a non-2xx status is not an error at this layer), the header fields of
/// the final response, the complete body and the URL that produced it after redirects.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, such as 200 or 404.
    public var status: Int
    /// The header fields of the final response, with case-insensitive lookup.
    public var headers: HTTPHeaders
    /// The complete body (never larger than the configured byte cap).
    public var body: [UInt8]
    /// The URL of the final response, after any redirects.
    public var effectiveURL: String

    /// Creates a response (for stubs and tests).
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the header fields.
    ///   - body: the body bytes.
    ///   - effectiveURL: the URL that produced it.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], effectiveURL: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
    }

    /// Whether the status is 2xx (RFC 9110 section 15.3).
    public var isSuccess: Bool { (200...299).contains(status) }
}
