/// A request as `LoopbackHTTPServer` received it, for handlers and for assertions after the fact.
public struct LoopbackRequest: Sendable {
    /// The method, such as "GET".
    public let method: String
    /// The request target as sent, such as "/keys?x=1".
    public let target: String
    /// The path part of the target, without the query.
    public let path: String
    /// The query part of the target without "?", or "" when there is none.
    public let query: String
    /// The header fields in order, names as sent.
    public let headers: [(name: String, value: String)]
    /// The body bytes.
    public let body: [UInt8]

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The first value of a header, looked up ignoring case.
    /// - Parameter name: the field name.
    /// - Returns: the value, or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header, looked up ignoring case.
    /// - Parameter name: the field name.
    /// - Returns: the values in order.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}
