internal import JWT

/// One entry of an App Store Connect error body, `{"errors":[{"id","status","code","title","detail"}]}` (the
/// `ResponseError` schema). Act on `code`: it is hierarchical (`ENTITY_ERROR.ATTRIBUTE.INVALID`) and stable;
/// `title` and `detail` are for people.
public struct ASCResponseError: Sendable, Hashable, CustomStringConvertible {
    /// The entry's unique ID, when sent.
    public let id: String?
    /// The HTTP status as a string ("401").
    public let status: String
    /// The machine-readable code, such as `NOT_AUTHORIZED` or `FORBIDDEN_ERROR`.
    public let code: String
    /// A short summary.
    public let title: String
    /// The specific explanation, when sent.
    public let detail: String?

    /// Creates an entry (for tests and fakes).
    /// - Parameters:
    ///   - id: the entry's unique ID.
    ///   - status: the HTTP status as a string.
    ///   - code: the machine-readable code.
    ///   - title: a short summary.
    ///   - detail: the specific explanation.
    public init(id: String? = nil, status: String, code: String, title: String, detail: String? = nil) {
        self.id = id
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
    }

    /// Reads the entries of an error body; members that are absent or not strings read as empty, and a body that
    /// is not an error document gives no entries (never a throw: this runs on a failure path already).
    /// - Parameter body: the response body.
    /// - Returns: the entries, at most 20.
    static func entries(in body: [UInt8]) -> [ASCResponseError] {
        guard let document = try? JSONValue.parse(body, maxNestingDepth: 16, maxBytes: 256 << 10),
            let errors = document["errors"]?.arrayValue
        else { return [] }
        return errors.prefix(20).compactMap { entry -> ASCResponseError? in
            guard case .object = entry else { return nil }
            return ASCResponseError(
                id: entry["id"]?.stringValue, status: entry["status"]?.stringValue ?? "",
                code: entry["code"]?.stringValue ?? "", title: entry["title"]?.stringValue ?? "",
                detail: entry["detail"]?.stringValue)
        }
    }

    /// `CODE "detail"` (the title when there is no detail): the part messages quote, the server's text quoted and
    /// escaped.
    public var description: String {
        let text = detail ?? title
        return (code.isEmpty ? "(no code)" : Quoting.token(code)) + (text.isEmpty ? "" : " " + Quoting.quoted(text))
    }
}
