/// A PostgreSQL connection URL as `review` takes it (`--db`, `REVIEW_DB`), and what may be shown of it.
///
/// libpq parses the URL itself (its own rules: host, port, user, database, `sslmode` and the other parameters;
/// the password from the URL, `PGPASSWORD` or `~/.pgpass`); this type only recognizes one and removes the password
/// from anything printed (issue 14: an error names the host and the cause, never the password).
package struct PostgreSQLURL: Sendable, Hashable {
    /// The URL as given, password included: only ever handed to libpq.
    package let connectionString: String
    /// The URL without its password (in the user part or a `password` parameter), for messages.
    package let redacted: String

    /// Whether `text` is a PostgreSQL URL (`postgres://` or `postgresql://`, the schemes libpq accepts) rather than a
    /// path to a SQLite file.
    /// - Parameter text: a `--db` value.
    /// - Returns: whether it names a PostgreSQL database.
    package static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a URL.
    /// - Parameter text: a `postgres://` or `postgresql://` URL.
    /// - Returns: nil when `text` is not one.
    package init?(_ text: String) {
        guard Self.isURL(text) else { return nil }
        connectionString = text
        redacted = Self.redact(text)
    }

    private static func redact(_ text: String) -> String {
        guard let schemeEnd = text.firstRange(of: "://") else { return text }
        let scheme = text[..<schemeEnd.upperBound]
        var rest = Substring(text[schemeEnd.upperBound...])
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        // The user part ends at the last "@" before the path (a password may contain "@" when percent-encoding was
        // forgotten; everything before the last one is then user information).
        let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<pathStart]
        let path = rest[pathStart...]
        if let at = authority.lastIndex(of: "@") {
            let user = authority[..<at]
            let host = authority[authority.index(after: at)...]
            let name = user.firstIndex(of: ":").map { user[..<$0] } ?? user
            let hidden = name.count < user.count ? ":***" : ""
            authority = Substring(String(name) + hidden + "@" + String(host))
        }
        var result = String(scheme) + String(authority) + String(path)
        if let query {
            let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { parameter in
                parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
            }
            result += "?" + parameters.joined(separator: "&")
        }
        return String(result)
    }
}
