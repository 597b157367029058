/// A request as the server read it: what a handler decides on.
package struct HTTPServerRequest: Sendable, Hashable {
    /// The method, as sent ("POST").
    package var method: String
    /// The path, without the query.
    package var path: String
    /// The header fields in the order received, names as sent (compare them case-insensitively, RFC 9110 section
    /// 5.1).
    package var headers: [HTTPServerHeader]
    /// The body (empty while only the head is known).
    package var body: [UInt8]

    /// Creates a request.
    /// - Parameters:
    ///   - headers: the header fields.
    package init(method: String, path: String, headers: [HTTPServerHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The first value of a header field, its name compared case-insensitively (RFC 9110 section 5.1).
    /// - Parameter name: the field name.
    /// - Returns: the value, or nil.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The `Content-Length` declared, if any and well-formed (RFC 9110 section 8.6: digits only).
    package var declaredLength: Int? {
        guard let text = header("Content-Length"), !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
        else { return nil }
        return Int(text) ?? Int.max
    }
}

/// One header field.
package struct HTTPServerHeader: Sendable, Hashable {
    /// The name, as sent.
    package var name: String
    /// The value.
    package var value: String

    /// Creates a field.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
