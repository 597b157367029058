import Testing

@testable import ReviewSigning

@Suite("The strict XML property list reader")
struct XMLPropertyListReaderTests {
    private func read(_ text: String) throws(XMLPropertyListReader.SyntaxError) -> PropertyListValue {
        try XMLPropertyListReader.read(Array(text.utf8))
    }

    @Test("every value type, empty forms, entities, comments and the doctype")
    func values() throws {
        let value = try read(
            """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!-- before -->
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>s</key><string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#233; &#x1F600;</string>
                <key>empty</key><string/>
                <key>d</key><date>2024-02-29T23:59:59Z</date>
                <key>data</key><data>
                    AAEC
                    AwQ=
                </data>
                <key>i</key><integer>-9223372036854775808</integer>
                <key>h</key><integer>0x1F</integer>
                <key>r</key><real>1.5</real>
                <key>t</key><true/>
                <key>f</key><false></false>
                <key>a</key><array><string>x</string><dict/><array/></array>
                <key></key><string>empty key</string>
            </dict>
            </plist>
            <!-- after -->

            """)
        #expect(
            value
                == .dictionary([
                    "s": .string("a <b> & \"c\" 'd' é 😀"), "empty": .string(""), "d": .date(seconds: 1_709_251_199),
                    "data": .data([0, 1, 2, 3, 4]), "i": .integer(Int64.min), "h": .integer(31), "r": .real(1.5),
                    "t": .boolean(true), "f": .boolean(false),
                    "a": .array([.string("x"), .dictionary([:]), .array([])]), "": .string("empty key"),
                ]))
    }

    @Test("CR LF and lone CR in text read as LF (XML 1.0 section 2.11)")
    func lineEnds() throws {
        #expect(try read("<plist><string>a\r\nb\rc</string></plist>") == .string("a\nb\nc"))
    }

    @Test(
        "what is not a strict property list is refused, naming the line and the problem",
        arguments: [
            (
                "<plist><dict><key>a</key><string>1</string>\n<key>a</key><string>2</string></dict></plist>", 2,
                "\"a\" appears twice"
            ),
            ("<plist><dict><key>a</key></dict></plist>", 1, "\"a\" has no value"),
            ("<plist><dict><string>x</string></dict></plist>", 1, "expected a <key>"),
            ("<plist><key>a</key></plist>", 1, "<key> outside a dictionary"),
            ("<plist><foo/></plist>", 1, "<foo> is not a property list value"),
            ("<plist><string a=\"1\">x</string></plist>", 1, "attributes"),
            ("<plist><string>&nbsp;</string></plist>", 1, "&nbsp;"),
            ("<plist><string>a & b</string></plist>", 1, "&amp;"),
            ("<plist><string><![CDATA[x]]></string></plist>", 1, "only text and entities"),
            ("<plist><string>x</string><string>y</string></plist>", 1, "expected </plist>"),
            ("<plist><string>x</string></plist>trailing", 1, "after </plist>"),
            ("<plist>\n<date>2024-02-30T00:00:00Z</date></plist>", 2, "YYYY-MM-DDTHH:MM:SSZ"),
            ("<plist><date>2024-01-01T00:00:00+01:00</date></plist>", 1, "YYYY-MM-DDTHH:MM:SSZ"),
            ("<plist><integer>9223372036854775808</integer></plist>", 1, "64-bit integer"),
            ("<plist><integer>1.0</integer></plist>", 1, "64-bit integer"),
            ("<plist><integer></integer></plist>", 1, "64-bit integer"),
            ("<plist><data>!!</data></plist>", 1, "not base64"),
            ("<plist><true>x</true></plist>", 1, "<true/>"),
            ("<plist><real>abc</real></plist>", 1, "not a number"),
            ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist/>", 1, "only UTF-8"),
            ("<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><string>&x;</string></plist>", 1, "internal subset"),
            ("<plist version=\"1.0\" other=\"2\"><dict/></plist>", 1, "only version"),
            ("<dict/>", 1, "expected <plist>"),
            ("<plist><string>x", 1, "not closed"),
            ("<plist><string>a\u{1}b</string></plist>", 1, "U+0001"),
            ("<plist><!-- open <dict/></plist>", 1, "comment is not closed"),
        ])
    func refused(text: String, line: Int, fragment: String) {
        do {
            let value = try read(text)
            Issue.record("read \(value) from \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    @Test("invalid UTF-8 is refused, naming its line")
    func invalidUTF8() {
        do {
            _ = try XMLPropertyListReader.read(
                Array("<plist>\n<string>".utf8) + [0xFF] + Array("</string></plist>".utf8))
            Issue.record("read invalid UTF-8")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("not valid UTF-8"))
        }
    }

    @Test("nesting deeper than the limit is refused; at the limit it is read")
    func depth() throws {
        let limit = XMLPropertyListReader.maximumDepth
        let atLimit = String(repeating: "<array>", count: limit) + String(repeating: "</array>", count: limit)
        _ = try read("<plist>\(atLimit)</plist>")
        let over = "<array>" + atLimit + "</array>"
        do {
            _ = try read("<plist>\(over)</plist>")
            Issue.record("read \(limit + 1) levels")
        } catch {
            #expect(error.message.contains("deeper than \(limit)"))
        }
    }
}
