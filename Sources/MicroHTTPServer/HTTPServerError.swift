/// Why the server could not start.
package struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable code.
    package enum Code: String, Sendable {
        /// The listen address does not parse.
        case invalidAddress
        /// libmicrohttpd could not start listening (address in use, not permitted, not local).
        case cannotListen
    }

    /// The code.
    package let code: Code
    /// The cause and the fix.
    package let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - reason: the cause and the fix.
    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    package static func == (lhs: HTTPServerError, rhs: HTTPServerError) -> Bool { lhs.code == rhs.code }

    package var description: String { "HTTPServerError.\(code): \(reason)" }
}
