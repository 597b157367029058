import GatehouseCore
import Testing

/// Issue 20 item 5: the one writer for terminals and logs (`TerminalText`) and the one JSON string writer
/// (`JSONString`).
@Suite("TerminalText and JSONString")
struct TerminalTextTests {
    @Test(
        "output keeps line feeds, tabs and the palette's colours, and escapes every other C0, DEL and C1",
        arguments: [
            ("a\u{1B}[2Jb", #"a\u001b[2Jb"#), ("a\u{9B}31mb", #"a\u009b31mb"#), ("a\rb", #"a\u000db"#),
            ("a\u{07}b\u{7F}", #"a\u0007b\u007f"#), ("\u{1B}[8mhidden", #"\u001b[8mhidden"#),
            ("\u{1B}[31mred\u{1B}[0m\n\tx", "\u{1B}[31mred\u{1B}[0m\n\tx"), ("\u{1B}[", #"\u001b["#),
            ("\u{1B}[32", #"\u001b[32"#), ("\u{1B}[1;31m", #"\u001b[1;31m"#),
            ("\u{85}\u{9F}\u{80}", #"\u0085\u009f\u0080"#),
            ("plain <&> é", "plain <&> é"),
        ])
    func output(_ input: String, _ expected: String) {
        #expect(TerminalText.output(input) == expected)
        #expect(TerminalText.output(expected) == expected, "escaping twice changes nothing")
    }

    @Test("value escapes line breaks and tabs too, and every C0, DEL and C1")
    func value() {
        #expect(TerminalText.value("a\nb\tc\u{1B}\u{9B}\u{7F}") == #"a\u000ab\u0009c\u001b\u009b\u007f"#)
        #expect(TerminalText.value(nil, or: "-") == "-")
    }

    @Test("JSON strings: C0 (short escapes where JSON has them), DEL and C1 as \\u00XX; everything else as it is")
    func json() {
        #expect(JSONString.quoted("a\"\\\n\r\t\u{08}\u{0C}") == #""a\"\\\n\r\t\b\f""#)
        #expect(
            JSONString.quoted("\u{1B}[2J\u{7F}\u{80}\u{9B}\u{9F}\u{A0}é") == #""\u001b[2J\u007f\u0080\u009b\u009f"#
                + "\u{A0}é\"")
        for scalar in (0...0xA0).compactMap(Unicode.Scalar.init) {
            let quoted = JSONString.quoted(String(scalar))
            let raw = quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            #expect(!raw, "U+\(String(scalar.value, radix: 16)) written raw")
        }
    }
}
