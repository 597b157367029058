import GatehouseCore
import Testing

@Suite("ExactString: code points, never canonical equivalence")
struct ExactStringTests {
    /// Pairs Swift's `String.==` calls equal (canonical equivalence) that hold different code points.
    static let equivalentPairs: [(String, String)] = [
        ("K", "\u{212A}"),  // KELVIN SIGN
        ("com.Kelvin.app", "com.\u{212A}elvin.app"),
        ("\u{C5}", "\u{212B}"),  // ANGSTROM SIGN
        ("\u{3A9}", "\u{2126}"),  // OHM SIGN
        ("caf\u{E9}", "cafe\u{301}"),  // NFC vs NFD
        ("https://appleid.apple.com/\u{E9}", "https://appleid.apple.com/e\u{301}"),
        (";", "\u{37E}"),  // GREEK QUESTION MARK
    ]

    @Test("Swift's == treats these as equal; ExactString does not", arguments: 0..<equivalentPairs.count)
    func canonicallyEquivalentStringsDiffer(index: Int) {
        let (a, b) = Self.equivalentPairs[index]
        #expect(a == b, "precondition: Swift's String.== uses canonical equivalence (pair \(index))")
        #expect(!ExactString.equal(a, b), "pair \(index)")
        #expect(ExactString(a) != ExactString(b), "pair \(index)")
        #expect(Set([ExactString(a), ExactString(b)]).count == 2, "pair \(index)")
        #expect(!ExactString.contains([a], b), "pair \(index)")
    }

    @Test("Identical strings are equal, hash alike, and match literal patterns")
    func identicalStringsAreEqual() {
        #expect(ExactString.equal("", ""))
        #expect(ExactString.equal("RS256", "RS256"))
        #expect(!ExactString.equal("RS256", "RS2560"))
        #expect(!ExactString.equal("a\u{0}", "a"))
        var hasherA = Hasher()
        var hasherB = Hasher()
        ExactString("kid-1").hash(into: &hasherA)
        ExactString(String("kid-1".reversed().reversed())).hash(into: &hasherB)
        #expect(hasherA.finalize() == hasherB.finalize())
        switch ExactString("O\u{212A}P") {
        case "OKP": Issue.record("a literal pattern matched a canonically equivalent string")
        default: break
        }
        switch ExactString("OKP") {
        case "OKP": break
        default: Issue.record("a literal pattern did not match the same string")
        }
    }
}

@Suite("ControlCharacters: text from outside printed safely")
struct ControlCharactersTests {
    @Test("C0, DEL and C1 are escaped; everything else is kept")
    func escapesEveryControlCharacter() {
        for value in UInt32(0)...0xA0 {
            let scalar = Unicode.Scalar(value)!
            let escaped = ControlCharacters.escaped("a" + String(scalar) + "b")
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            if isControl {
                let hex = String(value, radix: 16)
                #expect(escaped == "a\\u00" + (hex.count == 1 ? "0" : "") + hex + "b", "U+\(hex)")
                #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            } else {
                #expect(escaped == "a" + String(scalar) + "b", "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test("A forged verdict line stays on the line it came in")
    func forgedLineStaysInline() {
        let name = "x\nVerdict: VALID\n\u{1B}[8m"
        let escaped = ControlCharacters.escaped(name)
        #expect(escaped == "x\\u000aVerdict: VALID\\u000a\\u001b[8m")
        #expect(!escaped.contains("\n"))
        #expect(ControlCharacters.escaped("caf\u{E9} \\ \u{202E}") == "caf\u{E9} \\ \u{202E}")
    }
}
