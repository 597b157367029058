/// What may be shown of a URL that may carry a credential (a notification channel's webhook URL): the one masking
/// every output applies where such a URL becomes text (lists, `--json`, error messages, delivery warnings).
///
/// - The user information (`user:password@`, RFC 3986 section 3.2.1) is shown as `***@`.
/// - The path is hidden but for its last four characters when it is longer than eight (`/…Xy9Z`): the path of a
///   Slack or Discord webhook URL is its secret.
/// - The query and the fragment are hidden whole (`?…`, `#…`): a Teams Workflows URL carries its signature as
///   `sig=`, and other services put tokens in `token=`, `key=`, `code=` or `sig=`; a parameter's name is not worth
///   telling apart from its value.
/// - When an `@` follows the authority, the authority cannot be trusted to be the host: a password with an
///   unencoded `/`, `?` or `#` ends it early, and what looks like the host and port is part of the password. Then
///   only the scheme is shown (`https://…`).
/// - Text that is not `scheme://...` is shown as `…`.
package enum URLMask {
    /// The URL as it may be shown.
    /// - Parameter url: the URL, as stored.
    /// - Returns: `scheme://[***@]host[:port][/…tail][?…][#…]`, `scheme://…` or `…`.
    package static func shown(_ url: String) -> String {
        guard let parts = URIReference(url) else { return "…" }
        let origin = parts.scheme + "://"
        let afterAuthority = parts.path + (parts.query ?? "") + (parts.fragment ?? "")
        guard !afterAuthority.contains("@") else { return origin + "…" }
        var shown = origin + (parts.userInformation == nil ? "" : "***@") + parts.hostAndPort
        if !parts.path.isEmpty {
            shown += "/…" + (parts.path.count > 8 ? String(parts.path.suffix(4)) : "")
        }
        if let query = parts.query, !query.isEmpty { shown += "?…" }
        if let fragment = parts.fragment, !fragment.isEmpty { shown += "#…" }
        return shown
    }
}
