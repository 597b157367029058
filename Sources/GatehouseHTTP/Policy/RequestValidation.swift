/// Checks a request before anything is sent: header syntax (RFC 9110 section 5), headers the client owns, and
/// a GET without a body. libcurl sends header lines as given, so a CR or LF in a value would inject headers.
enum RequestValidation {
    /// Header fields libcurl computes from the request; a caller's value could contradict them.
    static let clientOwnedHeaders = ["Content-Length", "Transfer-Encoding", "Host", "Connection"]

    /// Validates a request.
    /// - Parameters:
    ///   - userAgent: the configured `User-Agent`.
    /// - Throws: `HTTPError.invalidRequest` naming the URL, the field and the rule.
    static func validate(_ request: HTTPRequest, userAgent: String) throws {
        if request.method == .get && !request.body.isEmpty {
            throw HTTPError(
                .invalidRequest,
                "GET \(request.url) has a \(request.body.count)-byte body: a GET carries no body; use POST")
        }
        for field in request.headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(isTokenByte) else {
                throw HTTPError(
                    .invalidRequest,
                    "header name '\(escaped(field.name))' for \(request.url) is not an RFC 9110 token"
                        + " (letters, digits and !#$%&'*+-.^_`|~ only)")
            }
            guard field.value.utf8.allSatisfy(isFieldValueByte) else {
                throw HTTPError(
                    .invalidRequest,
                    "header \(field.name) for \(request.url) has a control character (CR, LF or NUL) in its value"
                        + " '\(escaped(field.value))': RFC 9110 section 5.5 forbids it")
            }
            if clientOwnedHeaders.contains(where: { HTTPHeaders.sameName($0, field.name) }) {
                throw HTTPError(
                    .invalidRequest,
                    "header \(field.name) for \(request.url) is set by the client from the URL and body;"
                        + " remove it from the request")
            }
        }
        guard userAgent.utf8.allSatisfy(isFieldValueByte) else {
            throw HTTPError(
                .invalidRequest,
                "the configured userAgent '\(escaped(userAgent))' has a control character: RFC 9110 section 5.5")
        }
    }

    /// tchar (RFC 9110 section 5.6.2).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// field-content bytes: visible ASCII, space, tab and obs-text (RFC 9110 section 5.5); no other control.
    private static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    private static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { $0.isASCII && $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : "\($0)" }
            .joined()
    }
}
