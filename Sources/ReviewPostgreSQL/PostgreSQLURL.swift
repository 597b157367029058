internal import GatehouseCore
import ReviewLog

/// A PostgreSQL connection URL as `review` takes it (`--db`, `REVIEW_DB`, `migrate --to`), parsed into its parts
/// here, not by libpq: `postgresql://[user[:password]@][host][:port][,...][/database][?name=value[&...]]` (libpq's
/// documentation, "Connection URIs", section 34.1.1.2; RFC 3986 for the syntax), every part percent-decoded.
///
/// The password (of the user part, or a `password` or `sslpassword` parameter) is kept apart from everything else:
/// it goes to libpq as a keyword of its own (`connectionParameters`), and every message is built from the other
/// parts (`redacted`), never from a string that held it (issue 20: replacing a password's text in messages showed
/// where it was, and part of a password with `/` or `@` as the port). A URL whose authority does not parse is
/// refused (`ReviewError.invalidValue`, exit 64) with a message that quotes no part of it and says which characters
/// to percent-encode.
package struct PostgreSQLURL: Sendable, Hashable {
    /// The schemes libpq accepts, in lower case (a scheme is case-insensitive, RFC 3986 section 3.1).
    package static let schemes: Set<String> = ["postgres", "postgresql"]
    /// The parameters whose values are secrets: never shown, never in a message.
    static let secretKeywords: Set<String> = ["password", "sslpassword"]

    /// The scheme, lower-cased.
    let scheme: String
    /// The user of the user part, if any.
    let user: String?
    /// The password of the user part, if any: only ever handed to libpq.
    let password: String?
    /// Each host of the host list, with its port if it has one (an empty host stands for libpq's default).
    let hosts: [(host: String, port: String?)]
    /// The database of the path, if any.
    let database: String?
    /// The query's parameters, in order, decoded (`ssl=true` read as `sslmode=require`, as libpq does for JDBC URLs).
    let parameters: [(name: String, value: String)]

    /// The URL rebuilt from its parts without the password (`user:***@`, `password=***`), for messages.
    package var redacted: String {
        var shown = scheme + "://"
        if let user {
            shown += URIReference.percentEncoded(user) + (password == nil ? "" : ":***") + "@"
        }
        shown += hosts.map { endpoint in
            let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : URIReference.percentEncoded(endpoint.host)
            return host + (endpoint.port.map { ":" + $0 } ?? "")
        }.joined(separator: ",")
        if let database { shown += "/" + URIReference.percentEncoded(database) }
        if !parameters.isEmpty {
            shown +=
                "?"
                + parameters.map { parameter in
                    URIReference.percentEncoded(parameter.name) + "="
                        + (Self.secretKeywords.contains(parameter.name)
                            ? "***" : URIReference.percentEncoded(parameter.value))
                }.joined(separator: "&")
        }
        return shown
    }

    /// The keywords and values for `PQconnectdbParams` (its `expand_dbname` off: no value is read as a connection
    /// string): the user part's, then the host list's, the database's, then the parameters', so that a parameter
    /// wins over a part as it does in libpq's own reading of a URL. The password is one of them, never in a URL.
    var connectionParameters: [(String, String)] {
        var result: [(String, String)] = []
        if let user { result.append(("user", user)) }
        if let password { result.append(("password", password)) }
        if hosts.contains(where: { !$0.host.isEmpty }) {
            result.append(("host", hosts.map(\.host).joined(separator: ",")))
        }
        if hosts.contains(where: { $0.port != nil }) {
            result.append(("port", hosts.map { $0.port ?? "" }.joined(separator: ",")))
        }
        if let database { result.append(("dbname", database)) }
        return result + parameters.map { ($0.name, $0.value) }
    }

    /// Whether `text` is a PostgreSQL URL: `postgres://` or `postgresql://`, in any case.
    /// - Parameter text: a `--db` value.
    /// - Returns: whether its scheme is one of `schemes`.
    package static func isURL(_ text: String) -> Bool {
        URIReference.scheme(of: text).map(schemes.contains) ?? false
    }

    /// Parses a URL.
    /// - Parameter text: a `postgres://` or `postgresql://` URL (the scheme in any case).
    /// - Throws: `ReviewError.invalidValue` when it is not one or does not parse; the reason quotes no part of the
    ///   authority (where the password is) and names the characters to percent-encode.
    package init(parsing text: String) throws(ReviewError) {
        guard let parts = URIReference(text), Self.schemes.contains(parts.scheme) else {
            throw ReviewError(.invalidValue, "the store location is not a postgres:// or postgresql:// URL")
        }
        scheme = parts.scheme
        let afterAuthority = parts.path + (parts.query.map { "?" + $0 } ?? "") + (parts.fragment.map { "#" + $0 } ?? "")
        // RFC 3986 section 3.2: the authority ends at the first "/", "?" or "#". An "@" after it is, in practice, the
        // end of a user part whose password holds one of those characters unencoded (or an "@" of its own).
        guard !afterAuthority.contains("@") else {
            throw Self.unreadable(
                "has an @ after the end of its host part (the first /, ? or # after postgresql://): usually a "
                    + "password with an unencoded /, ?, # or @")
        }
        guard parts.fragment == nil else {
            throw Self.unreadable("has a # (a PostgreSQL URL has no fragment): usually a password with an unencoded #")
        }
        if let userInformation = parts.userInformation {
            guard !userInformation.contains("@") else {
                throw Self.unreadable("has two @ in its user part: usually a password with an unencoded @")
            }
            let colon = userInformation.firstIndex(of: ":")
            user = try Self.decoded(userInformation[..<(colon ?? userInformation.endIndex)], part: "user part")
            password = try colon.map { colon throws(ReviewError) in
                try Self.decoded(userInformation[userInformation.index(after: colon)...], part: "user part")
            }
        } else {
            user = nil
            password = nil
        }
        hosts = try Self.hosts(parts.hostAndPort)
        let path = parts.path.dropFirst()
        database = path.isEmpty ? nil : try Self.decoded(path, part: "database name")
        parameters = try Self.parameters(parts.query)
    }

    /// The host list: `host[:port]` items separated by commas; a host in brackets is an IPv6 address.
    private static func hosts(_ text: Substring) throws(ReviewError) -> [(host: String, port: String?)] {
        var result: [(host: String, port: String?)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            var host: Substring
            var rest: Substring
            if item.hasPrefix("[") {
                guard let close = item.firstIndex(of: "]") else {
                    throw unreadable("has a [ without its ] in its host part (an IPv6 address is written [::1])")
                }
                host = item[item.index(after: item.startIndex)..<close]
                rest = item[item.index(after: close)...]
                guard rest.isEmpty || rest.hasPrefix(":") else {
                    throw unreadable("has text after the ] of an IPv6 address other than :PORT")
                }
            } else {
                let colon = item.firstIndex(of: ":")
                host = item[..<(colon ?? item.endIndex)]
                rest = item[(colon ?? item.endIndex)...]
            }
            var port: String?
            if !rest.isEmpty {
                let digits = rest.dropFirst()
                guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.count <= 5,
                    let number = Int(digits), (1...65535).contains(number)
                else {
                    throw unreadable(
                        "has a port that is not a number from 1 to 65535: usually a password with an unencoded "
                            + "/, ?, # or @, which ends the user part early")
                }
                port = String(digits)
            }
            result.append((try decoded(host, part: "host part"), port))
        }
        return result
    }

    /// The query's `name=value` pairs, decoded. A pair without `=` is refused without quoting it (it may be part of a
    /// password with an unencoded `&`).
    private static func parameters(_ query: Substring?) throws(ReviewError) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        var result: [(name: String, value: String)] = []
        for (index, pair) in query.split(separator: "&", omittingEmptySubsequences: false).enumerated() {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ReviewError(
                    .invalidValue,
                    "parameter \(index + 1) of the PostgreSQL URL is not name=value; percent-encode & as %26 and = "
                        + "as %3D in a value (a password, say)")
            }
            let name = try decoded(pair[..<equals], part: "parameters")
            // libpq's message for an unknown keyword quotes it, and it may be part of a password with an unencoded
            // "&" (password=a&bc=d): refused here by its position, so that no message (nor `redacted`) shows it.
            guard PostgreSQLConnection.knownKeywords.contains(name) || name == "ssl" else {
                throw ReviewError(
                    .invalidValue,
                    "parameter \(index + 1) of the PostgreSQL URL is not a libpq connection parameter (sslmode, "
                        + "connect_timeout, application_name...: libpq's documentation, section 34.1.2); check its "
                        + "spelling, and percent-encode & as %26 and = as %3D in a value (a password, say)")
            }
            let value = try decoded(pair[pair.index(after: equals)...], part: "parameters")
            // libpq's reading of a URL: "ssl=true" is JDBC's spelling of sslmode=require (section 34.1.1.2).
            result.append(name == "ssl" && value == "true" ? ("sslmode", "require") : (name, value))
        }
        return result
    }

    private static func decoded(_ text: Substring, part: String) throws(ReviewError) -> String {
        guard let decoded = URIReference.percentDecoded(text) else {
            throw unreadable("has a % in its \(part) that is not followed by two hexadecimal digits (write % as %25)")
        }
        return decoded
    }

    /// A URL that does not parse: what is wrong, the form to write, the characters to encode; no part of the URL.
    private static func unreadable(_ problem: String) -> ReviewError {
        ReviewError(
            .invalidValue,
            "the PostgreSQL URL \(problem); write it as postgresql://USER:PASSWORD@HOST:PORT/DATABASE?NAME=VALUE, "
                + "percent-encoding in the user, the password and the database each @ (%40), : (%3A), / (%2F), "
                + "? (%3F), # (%23), & (%26) and % (%25)")
    }

    /// Two URLs are equal when libpq is given the same keywords and values (`postgres` and `postgresql` are one).
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.connectionParameters.elementsEqual(rhs.connectionParameters, by: ==)
    }

    package func hash(into hasher: inout Hasher) {
        for (keyword, value) in connectionParameters {
            hasher.combine(keyword)
            hasher.combine(value)
        }
    }
}
