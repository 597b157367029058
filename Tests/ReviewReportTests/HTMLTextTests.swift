import ReviewReport
import Testing

@Suite("HTML escaping of text from the store")
struct HTMLTextTests {
    @Test(
        "markup, quotes and ampersands become character references",
        arguments: [
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("\"Evil\" & 'Co'", "&quot;Evil&quot; &amp; &#39;Co&#39;"),
            ("x\" onmouseover=\"y", "x&quot; onmouseover=&quot;y"),
            ("&amp;", "&amp;amp;"),
            ("Kanji Garden 漢字", "Kanji Garden 漢字"),
        ])
    func escapes(input: String, expected: String) {
        #expect(HTMLText.escaped(input) == expected, "input: \(input)")
    }

    @Test("control characters, forbidden in HTML, are written as visible escapes")
    func controlCharacters() {
        let escaped = HTMLText.escaped("a\u{07}b\u{1B}[31mc\u{9B}d")
        #expect(escaped == "a\\u0007b\\u001b[31mc\\u009bd")
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("SVG numbers have at most two decimals and no exponent")
    func numbers() {
        #expect(HTMLText.number(0) == "0")
        #expect(HTMLText.number(12.5) == "12.5")
        #expect(HTMLText.number(1.0 / 3.0) == "0.33")
        #expect(HTMLText.number(-2.05) == "-2.05")
        #expect(HTMLText.number(1e7) == "10000000")
    }
}
