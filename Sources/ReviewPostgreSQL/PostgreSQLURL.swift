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
        let hosts = try Self.hosts(parts.hostAndPort)
        let path = parts.path.dropFirst()
        database = path.isEmpty ? nil : try Self.decoded(path, part: "database name")
        let parameters = try Self.parameters(parts.query)
        try Self.checkEndpoints(hosts: hosts, parameters: parameters)
        self.hosts = hosts
        self.parameters = parameters
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
            try LibpqValueRule.check(name, value, parameter: index + 1)
            // libpq's reading of a URL: "ssl=true" is JDBC's spelling of sslmode=require (section 34.1.1.2).
            result.append(name == "ssl" && value == "true" ? ("sslmode", "require") : (name, value))
        }
        return result
    }

    /// libpq's match of ports to hosts (section 34.1.2, `port`): one port for every host, or several, one per host.
    /// Checked here, so that a mismatch is a usage error (64) before any connection, not libpq's connection
    /// failure (69). The `host`/`hostaddr`/`port` parameters win over the URL's host list, as they do in libpq.
    private static func checkEndpoints(
        hosts: [(host: String, port: String?)], parameters: [(name: String, value: String)]
    ) throws(ReviewError) {
        func last(_ name: String) -> String? { parameters.last { $0.name == name }?.value }
        let ports =
            last("port").map { $0.split(separator: ",", omittingEmptySubsequences: false).count }
            ?? (hosts.contains { $0.port != nil } ? hosts.count : 1)
        let hostCount =
            (last("host") ?? last("hostaddr")).map { $0.split(separator: ",", omittingEmptySubsequences: false).count }
            ?? hosts.count
        let versions = LibpqValueRule.choices["ssl_min_protocol_version"] ?? []
        if let low = last("ssl_min_protocol_version").flatMap(versions.firstIndex(of:)),
            let high = last("ssl_max_protocol_version").flatMap(versions.firstIndex(of:)), low > high
        {
            throw ReviewError(
                .invalidValue,
                "the PostgreSQL URL's ssl_min_protocol_version is above its ssl_max_protocol_version; libpq refuses "
                    + "the range (section 34.1.2)")
        }
        guard ports <= 1 || ports == hostCount else {
            throw ReviewError(
                .invalidValue,
                "the PostgreSQL URL gives \(ports) ports for \(hostCount) host\(hostCount == 1 ? "" : "s"); libpq takes "
                    + "one port for all the hosts or one per host (section 34.1.2)")
        }
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

/// The values libpq itself checks before it connects (fe-connect.c's reading of the options; libpq's documentation,
/// section 34.1.2), checked the same way here so that a typo (`sslmode=requre`, `port=99999`, `connect_timeout=10s`)
/// is a usage error (`invalidValue`, 64) naming the parameter and what it takes, not a connection failure (69) that a
/// script would retry forever. The message names the parameter, never its value: a value after an unencoded `&` may
/// be the tail of a password.
enum LibpqValueRule {
    /// The parameters that take one word of a list, and the list.
    static let choices: [String: [String]] = [
        "sslmode": ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"],
        "gssencmode": ["disable", "prefer", "require"],
        "channel_binding": ["disable", "prefer", "require"],
        "target_session_attrs": ["any", "read-write", "read-only", "primary", "standby", "prefer-standby"],
        "load_balance_hosts": ["disable", "random"],
        "sslcertmode": ["disable", "allow", "require"],
        "sslnegotiation": ["postgres", "direct"],
        "ssl_min_protocol_version": ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"],
        "ssl_max_protocol_version": ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"],
    ]
    /// The parameters that take an integer (libpq's `parse_int_param`: optional white space around an optional sign
    /// and digits, within a C `int`).
    static let integers: Set<String> = [
        "connect_timeout", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
        "tcp_user_timeout",
    ]

    /// Checks one parameter's value.
    /// - Throws: `ReviewError.invalidValue` naming the parameter (by position and name) and what it takes.
    static func check(_ name: String, _ value: String, parameter position: Int) throws(ReviewError) {
        if let words = choices[name] {
            // libpq compares these exactly (strcmp), so case matters; an empty protocol version means "no bound".
            let allowed = name.hasSuffix("_protocol_version") && value.isEmpty
            guard allowed || words.contains(value) else {
                throw refused(name, position, "one of " + words.joined(separator: ", "))
            }
        } else if integers.contains(name) {
            guard integer(value) != nil else {
                throw refused(name, position, "a whole number (of seconds, or a count)")
            }
        } else if name == "ssl" {
            // libpq's URL reading knows ssl=true only (JDBC's spelling of sslmode=require); any other value is not a
            // parameter of its.
            guard value == "true" else { throw refused(name, position, "only true (JDBC's sslmode=require)") }
        } else if name == "port" {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) where !item.isEmpty {
                guard let number = integer(String(item)), (1...65535).contains(number) else {
                    throw refused(name, position, "a port number from 1 to 65535, or one per host separated by commas")
                }
            }
        }
    }

    /// The value of an integer as libpq's `parse_int_param` reads it, or nil.
    static func integer(_ text: String) -> Int? {
        let trimmed = text.trimmingASCIIWhitespace
        var digits = Substring(trimmed)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(trimmed),
            value >= Int(Int32.min), value <= Int(Int32.max)
        else { return nil }
        return value
    }

    private static func refused(_ name: String, _ position: Int, _ takes: String) -> ReviewError {
        ReviewError(
            .invalidValue,
            "parameter \(position) of the PostgreSQL URL, \(name), has a value libpq does not accept; it takes \(takes) "
                + "(libpq's documentation, section 34.1.2)")
    }
}

extension String {
    /// Without the ASCII white space (space, tab, newline, vertical tab, form feed, carriage return) at either end,
    /// what C's `isspace` skips.
    fileprivate var trimmingASCIIWhitespace: String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
