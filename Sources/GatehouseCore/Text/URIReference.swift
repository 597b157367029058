/// A URL split into its parts by RFC 3986's generic syntax, as far as Gatehouse reads URLs itself (a store location,
/// what may be shown of a channel URL): `scheme://authority path ?query #fragment` (RFC 3986, section 3 and the
/// regular expression of Appendix B), the authority into user information, host and port (section 3.2).
///
/// Only splitting is done here; percent-escapes stay as written (`percentDecoded(_:)` decodes a part), and each
/// caller decides what it accepts.
package struct URIReference: Sendable, Hashable {
    /// The scheme, lower-cased (schemes are case-insensitive, RFC 3986 section 3.1).
    package var scheme: String
    /// What follows `//` up to the first `/`, `?` or `#`.
    package var authority: Substring
    /// The path: empty, or beginning with `/`.
    package var path: Substring
    /// What follows the first `?` up to the first `#`, when there is a `?`.
    package var query: Substring?
    /// What follows the first `#`, when there is one.
    package var fragment: Substring?

    /// The authority's user information: what precedes its last `@`, when it has one (RFC 3986, section 3.2.1).
    package var userInformation: Substring? {
        authority.lastIndex(of: "@").map { authority[..<$0] }
    }

    /// The authority without its user information: `host[:port]` (RFC 3986, section 3.2.2 and 3.2.3).
    package var hostAndPort: Substring {
        authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
    }

    /// Splits `text` when it begins with `scheme://`; nil otherwise (a path, or a URL without an authority).
    /// - Parameter text: the URL.
    package init?(_ text: String) {
        guard let scheme = Self.scheme(of: text) else { return nil }
        let afterSlashes = text.utf8.index(text.startIndex, offsetBy: scheme.utf8.count + 3)
        let rest = text[afterSlashes...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        self.scheme = scheme
        authority = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]
        let fragmentStart = afterAuthority.firstIndex(of: "#")
        fragment = fragmentStart.map { afterAuthority[afterAuthority.index(after: $0)...] }
        let beforeFragment = afterAuthority[..<(fragmentStart ?? afterAuthority.endIndex)]
        let queryStart = beforeFragment.firstIndex(of: "?")
        query = queryStart.map { beforeFragment[beforeFragment.index(after: $0)...] }
        path = beforeFragment[..<(queryStart ?? beforeFragment.endIndex)]
    }

    /// The scheme of `text`, lower-cased, when `text` begins with `scheme://`: `ALPHA *( ALPHA / DIGIT / "+" / "-" /
    /// "." )` (RFC 3986, section 3.1), then `://`. Anything that looks like a URL with an authority, whatever its
    /// scheme or the scheme's case, so that a caller can refuse a scheme it does not know instead of taking the text
    /// for a file name.
    /// - Parameter text: a URL or a path.
    /// - Returns: the scheme in lower case, or nil.
    package static func scheme(of text: String) -> String? {
        let bytes = text.utf8
        guard let first = bytes.first, isLetter(first) else { return nil }
        guard
            let end = bytes.firstIndex(where: {
                !(isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E)
            })
        else { return nil }
        guard bytes[end...].starts(with: "://".utf8) else { return nil }
        return String(decoding: bytes[..<end], as: UTF8.self).lowercased()
    }

    /// `%XX` escapes decoded (RFC 3986, section 2.1).
    /// - Parameter text: a part of a URL.
    /// - Returns: the decoded bytes as UTF-8 text (invalid UTF-8 replaced), or nil when a `%` is not followed by two
    ///   hexadecimal digits.
    package static func percentDecoded(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
                let low = hexValue(utf8[utf8.startIndex + 1])
            else { return nil }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every byte but RFC 3986's unreserved characters (`ALPHA / DIGIT / "-" / "." / "_" / "~"`, section
    /// 2.3) percent-encoded, so that it stands for itself in any part of a URL.
    /// - Parameter text: a decoded part.
    /// - Returns: the encoded part.
    package static func percentEncoded(_ text: some StringProtocol) -> String {
        var result = ""
        for byte in text.utf8 {
            if isLetter(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return result
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        if isDigit(byte) { return byte - 0x30 }
        let lower = byte | 0x20
        return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : nil
    }
}
