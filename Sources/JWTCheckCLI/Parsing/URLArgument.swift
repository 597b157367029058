/// A command-line value that may be an http(s) URL rather than a file path (`--jwks`, `--endpoint`).
///
/// URL schemes are case-insensitive (RFC 3986 section 3.1): `HTTPS://`, `Https://` and `https://` begin the same
/// URL, and none of them is a file path. The canonical form is lower case, which is what the commands pass on.
enum URLArgument {
    /// Whether a value is an http or https URL: it begins with `http://` or `https://`, in any case.
    /// - Parameter value: the argument.
    /// - Returns: `true` for a URL, `false` for anything else (a file path).
    static func isHTTP(_ value: String) -> Bool { schemeLength(value) != nil }

    /// The value with its http(s) scheme in lower case, or the value unchanged when it is not an http(s) URL.
    /// - Parameter value: the argument.
    /// - Returns: the canonical form.
    static func canonical(_ value: String) -> String {
        guard let length = schemeLength(value) else { return value }
        return value.prefix(length).lowercased() + value.dropFirst(length)
    }

    /// The length of the `http://` or `https://` the value begins with (ASCII letters in any case), if any.
    private static func schemeLength(_ value: String) -> Int? {
        for prefix in ["https://", "http://"] {
            let head = value.utf8.prefix(prefix.utf8.count)
            let lowered = head.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
            if lowered.elementsEqual(prefix.utf8) { return prefix.count }
        }
        return nil
    }
}
