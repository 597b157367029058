/// The request-framing rules of RFC 9112 section 6 that libmicrohttpd does not enforce (it takes the first of two
/// `Content-Length` fields, whatever the second says), checked on every head before any route sees it: a proxy in
/// front and this server must never disagree on where a request ends (request smuggling). Each refusal closes the
/// connection, as RFC 9112 section 6.3 requires of an unrecoverable framing error.
enum RequestFraming {
    /// The answer to a head whose framing is ambiguous or unsupported, or nil when it is sound.
    /// - Parameters:
    ///   - headers: the head's fields, duplicates included.
    ///   - version: the request's HTTP version (`HTTP/1.1`).
    /// - Returns: 400 naming the rule (501 for a transfer coding other than chunked), or nil.
    static func problem(headers: [HTTPServerHeader], version: String) -> HTTPServerResponse? {
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        let codings = headers.filter { $0.name.lowercased() == "transfer-encoding" }
            .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingSpaces.lowercased() }
        if !codings.isEmpty {
            // RFC 9112 section 6.1: Transfer-Encoding is HTTP/1.1; in a 1.0 request the framing is faulty.
            if version == "HTTP/1.0" {
                return refusal("Transfer-Encoding in an HTTP/1.0 request (RFC 9112 section 6.1)")
            }
            // RFC 9112 section 6.1: a request with both may be a smuggling attempt; refused rather than guessed.
            if !lengths.isEmpty {
                return refusal("both Content-Length and Transfer-Encoding (RFC 9112 section 6.1): send one")
            }
            // RFC 9112 section 6.3 (4): chunked must be the final coding, once (section 7), or the length is unknown.
            if codings.last != "chunked" || codings.dropLast().contains("chunked") {
                return refusal("Transfer-Encoding \"\(codings.joined(separator: ", "))\" does not end in one chunked")
            }
            // RFC 9112 section 6.1: a coding the server does not understand is 501.
            if codings.count > 1 {
                return HTTPServerResponse.text(
                    501, "only the chunked transfer coding is implemented; send the body unencoded or chunked",
                    closesConnection: true, logNote: "transfer coding not implemented")
            }
        }
        // RFC 9112 section 6.3 (5) and RFC 9110 section 8.6: one field of digits only; two fields (even equal), a
        // list ("5, 6"), a sign or any other character make the length invalid.
        if lengths.count > 1 {
            return refusal("\(lengths.count) Content-Length fields (RFC 9112 section 6.3): send one")
        }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            return refusal("a Content-Length that is not only digits (RFC 9110 section 8.6)")
        }
        return nil
    }

    private static func refusal(_ reason: String) -> HTTPServerResponse {
        .text(400, "ambiguous request framing: \(reason)", closesConnection: true, logNote: "ambiguous framing")
    }
}

extension Substring {
    /// Without the spaces and tabs around it (optional whitespace, RFC 9110 section 5.6.3).
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
