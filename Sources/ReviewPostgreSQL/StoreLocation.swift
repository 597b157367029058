internal import GatehouseCore
import ReviewLog

/// What a `--db`, `REVIEW_DB` or `migrate --to` value names: the one place that decides it (issue 20).
///
/// Text that begins like a URL with an authority (`scheme://`, RFC 3986 section 3.1's scheme syntax) is a URL,
/// never a path: `postgres` and `postgresql` in any case (schemes are case-insensitive) are a PostgreSQL database,
/// and any other scheme is refused, so that `Postgres://u:pw@host/db` is never a SQLite file named after a password.
/// Anything else is the path of a SQLite file.
package enum StoreLocation: Sendable, Hashable {
    /// A SQLite store's file.
    case sqliteFile(String)
    /// A database on a PostgreSQL server.
    case postgreSQL(PostgreSQLURL)

    /// Reads a store location.
    /// - Parameter text: a `--db`, `REVIEW_DB` or `migrate --to` value.
    /// - Throws: `ReviewError.invalidValue` (exit 64) for a URL of another scheme, or a PostgreSQL URL that does
    ///   not parse; the reason quotes no part of the URL but its scheme.
    package init(_ text: String) throws(ReviewError) {
        guard let scheme = URIReference.scheme(of: text) else {
            self = .sqliteFile(text)
            return
        }
        guard PostgreSQLURL.schemes.contains(scheme) else {
            throw ReviewError(
                .invalidValue,
                "the store location is a \(scheme):// URL; a store is a postgres:// or postgresql:// URL or the path "
                    + "of a SQLite file (write ./\(scheme):... for a file whose name looks like a URL)")
        }
        self = .postgreSQL(try PostgreSQLURL(parsing: text))
    }

    /// What messages show: a PostgreSQL URL rebuilt from its parts without the password, a path as it is.
    package var displayed: String {
        switch self {
        case .sqliteFile(let path): path
        case .postgreSQL(let url): url.redacted
        }
    }

    /// What messages show of `text`: `displayed`, or, for a location that does not parse, a phrase that quotes none
    /// of it.
    /// - Parameter text: a `--db`, `REVIEW_DB` or `migrate --to` value.
    /// - Returns: the text for messages.
    package static func displayed(_ text: String) -> String {
        (try? StoreLocation(text))?.displayed ?? "(a store URL that does not parse)"
    }

}
