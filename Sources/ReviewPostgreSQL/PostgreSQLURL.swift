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
        (redacted, secrets) = Self.redact(text)
    }

    /// The secrets in the URL: the password of the user part and of any `password` parameter, as written and
    /// percent-decoded (what libpq would quote back in an error).
    let secrets: [String]

    private static func redact(_ text: String) -> (shown: String, secrets: [String]) {
        guard let schemeEnd = text.firstRange(of: "://") else { return (text, []) }
        let scheme = text[..<schemeEnd.upperBound]
        var rest = Substring(text[schemeEnd.upperBound...])
        var secrets: [String] = []
        // The user part ends at the last "@" of the whole URL: a password with an unencoded "@", "/" or "?" must not
        // end it early (and a later "@" hides more than needed, never less).
        if let at = rest.lastIndex(of: "@") {
            let user = rest[..<at]
            if let colon = user.firstIndex(of: ":") {
                let password = String(user[user.index(after: colon)...])
                secrets += [password, percentDecoded(password)]
                rest = Substring(String(user[..<colon]) + ":***" + String(rest[at...]))
            }
        }
        var result = String(scheme)
        if let mark = rest.firstIndex(of: "?") {
            result += rest[..<mark]
            let parameters = rest[rest.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
                .map { parameter -> String in
                    let key = parameter.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                    guard percentDecoded(key).lowercased() == "password" else { return String(parameter) }
                    let value = String(parameter.dropFirst(key.count + 1))
                    secrets += [value, percentDecoded(value)]
                    return key + "=***"
                }
            result += "?" + parameters.joined(separator: "&")
        } else {
            result += rest
        }
        return (result, secrets.filter { !$0.isEmpty })
    }

    /// `%XX` escapes decoded (RFC 3986, section 2.1); a malformed escape is kept as it is.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A message (libpq's, say) with every secret of the URL, and the URL itself, replaced by what may be shown.
    /// - Parameter message: the text.
    /// - Returns: the text without the password.
    package func scrubbed(_ message: String) -> String {
        var result = message.replacing(connectionString, with: redacted)
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            result = result.replacing(secret, with: "***")
        }
        return result
    }
}
