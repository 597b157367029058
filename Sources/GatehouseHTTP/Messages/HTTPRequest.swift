/// A request to send: method, absolute URL, header fields and body bytes.
///
/// The URL must be `https`, or `http` to a loopback host (127.0.0.0/8, ::1, `localhost`); this is checked
/// before any connection is made. The one exception is an OCSP request (`ocsp(url:body:)`, for the package's own
/// modules): OCSP responders are served over plain http, and their responses are signed. `Content-Length`,
/// `Transfer-Encoding`, `Host` and `Connection` are set by the client and refused here.
public struct HTTPRequest: Sendable, Equatable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL.
    public var url: String
    /// The header fields to send, in order.
    public var headers: HTTPHeaders
    /// The body; must be empty for GET.
    public var body: [UInt8]
    /// Whether the response's body is needed (default ``ResponseBody/required``), or only its status.
    public var responseBody: ResponseBody
    /// Whether this is an OCSP request (RFC 6960 appendix A.1), the one request that may use plain http to a host
    /// that is not loopback: its response is signed by the certificate's issuer or its delegate, and verified. Set
    /// only by `ocsp(url:body:)`; a redirect from it is held to the usual rules.
    package private(set) var isOCSP = false

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method (default GET).
    ///   - url: the absolute URL.
    ///   - headers: the header fields to send.
    ///   - body: the body bytes (empty for GET).
    ///   - responseBody: whether the response's body is needed, or only its status.
    public init(
        method: HTTPMethod = .get, url: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
        responseBody: ResponseBody = .required
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.responseBody = responseBody
    }

    /// A GET request.
    /// - Parameters:
    ///   - url: the absolute URL.
    ///   - headers: the header fields to send.
    /// - Returns: the request.
    public static func get(_ url: String, headers: HTTPHeaders = [:]) -> HTTPRequest {
        HTTPRequest(method: .get, url: url, headers: headers)
    }

    /// An OCSP request: a POST of the DER request as `application/ocsp-request` (RFC 6960 appendix A.1), which
    /// may go over plain http to the responder named in a certificate (as Apple serves OCSP).
    /// - Parameters:
    ///   - url: the responder's URL, from the certificate's Authority Information Access.
    ///   - body: the DER `OCSPRequest`.
    /// - Returns: the request.
    package static func ocsp(url: String, body: [UInt8]) -> HTTPRequest {
        var request = HTTPRequest(
            method: .post, url: url,
            headers: ["Content-Type": "application/ocsp-request", "Accept": "application/ocsp-response"], body: body)
        request.isOCSP = true
        return request
    }

    /// A POST of an HTML form: the fields serialized as `application/x-www-form-urlencoded` (WHATWG URL Standard
    /// section 5.2: alphanumerics and `*-._` kept, space as `+`, every other UTF-8 byte percent-encoded).
    /// - Parameters:
    ///   - url: the absolute URL.
    ///   - fields: the form fields in order; names may repeat.
    ///   - headers: further header fields (`Content-Type` is set to the form type).
    /// - Returns: the request.
    public static func formPost(
        url: String, fields: [(name: String, value: String)], headers: HTTPHeaders = [:]
    ) -> HTTPRequest {
        var allHeaders = headers
        allHeaders.replaceOrAdd(name: "Content-Type", value: "application/x-www-form-urlencoded")
        return HTTPRequest(
            method: .post, url: url, headers: allHeaders, body: Array(FormURLEncoding.encode(fields).utf8))
    }
}
