import GatehouseCore
import Testing

/// RFC 3986's split of a URL as Gatehouse reads it, and what `URLMask` shows of a URL that may carry a credential.
@Suite("URIReference and URLMask")
struct URLMaskTests {
    @Test(
        "what is shown of a URL: no user part, no query or fragment, the path but for a long one's last four characters",
        arguments: [
            ("https://hooks.slack.com/services/T00/B00/abcdefghXy9Z", "https://hooks.slack.com/…Xy9Z"),
            ("https://example.com", "https://example.com"),
            ("https://example.com/abc", "https://example.com/…"),
            ("https://user:secret@example.com/hook", "https://***@example.com/…"),
            ("https://secret@example.com:8443/hook", "https://***@example.com:8443/…"),
            ("https://example.com?token=secret", "https://example.com?…"),
            ("https://example.com/x?key=secret#secret", "https://example.com/…?…#…"),
            (
                "https://prod-1.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=secret",
                "https://prod-1.westus.logic.azure.com:443/…voke?…"
            ),
            ("https://user:se/cret@example.com/hook", "https://…"),
            ("https://user:se?cret@example.com/hook", "https://…"),
            ("https://user:12/secret@example.com", "https://…"),
            ("HTTPS://u:p@ss@example.com/x", "https://***@example.com/…"),
            ("not a url secret", "…"),
            ("mailto:secret@example.com", "…"),
        ])
    func masking(url: String, shown: String) {
        #expect(URLMask.shown(url) == shown)
        #expect(!shown.contains("secret") && !shown.contains("cret") && !shown.contains("user"))
    }

    @Test("a scheme is RFC 3986's syntax followed by ://, lower-cased; anything else is not one")
    func schemes() {
        #expect(URIReference.scheme(of: "Postgres://h/d") == "postgres")
        #expect(URIReference.scheme(of: "postgres+ssl://h") == "postgres+ssl")
        #expect(URIReference.scheme(of: "a1.-+://") == "a1.-+")
        for text in ["/var/review.sqlite3", "./pg://h", "1pg://h", "pg:/h", "pg:h", "://h", "", "p g://h", "é://h"] {
            #expect(URIReference.scheme(of: text) == nil, "\(text)")
        }
    }

    @Test("the parts of a URL; percent-escapes decoded, a broken one refused, encoding keeps only unreserved bytes")
    func parts() throws {
        let parts = try #require(URIReference("HTTP://u:p@h:1/a/b?q=1?2#f?g"))
        #expect(parts.scheme == "http" && parts.authority == "u:p@h:1" && parts.path == "/a/b")
        #expect(parts.query == "q=1?2" && parts.fragment == "f?g")
        #expect(parts.userInformation == "u:p" && parts.hostAndPort == "h:1")
        let bare = try #require(URIReference("x://h#"))
        #expect(bare.path.isEmpty && bare.query == nil && bare.fragment == "" && bare.userInformation == nil)
        #expect(URIReference.percentDecoded("a%2Fb%25%c3%A9") == "a/b%é")
        #expect(URIReference.percentDecoded("a%2") == nil && URIReference.percentDecoded("%zz") == nil)
        #expect(URIReference.percentEncoded("a/b c~é") == "a%2Fb%20c~%C3%A9")
    }
}
