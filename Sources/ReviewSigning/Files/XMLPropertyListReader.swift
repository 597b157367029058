import GatehouseCore
import GatehouseFoundation

/// A small, strict reader of XML property lists: the content of a provisioning profile's CMS message.
///
/// Accepted: an optional UTF-8 byte order mark and `<?xml ...?>` declaration (UTF-8 only), comments, a `<!DOCTYPE>`
/// without an internal subset, then `<plist>` (only a `version` attribute) holding exactly one value: `dict`, `key`,
/// `array`, `string`, `date` (`YYYY-MM-DDTHH:MM:SSZ`), `data` (base64, whitespace allowed), `integer` (64-bit,
/// decimal or `0x` hexadecimal), `real`, `true`, `false`, each with no attributes, empty forms (`<dict/>`,
/// `<string/>`) included. Text is UTF-8 with the five predefined entities and character references. Everything else
/// is refused, naming the line: other elements or entities, CDATA, processing instructions, text between elements,
/// a repeated key in a dictionary, a key without a value, nesting deeper than `maximumDepth`.
///
/// Foundation's `PropertyListDecoder` (which FoundationEssentials has) was not used: it keeps the last of two equal
/// keys without a word, so a signed profile naming `ExpirationDate` twice would be read by whichever rule it has;
/// here that is an error, as every duplicate is in the project's JSON parser.
struct XMLPropertyListReader {
    /// The deepest nesting of dictionaries and arrays read (a profile nests four deep).
    static let maximumDepth = 64

    /// Why a property list was refused: the line and what was wrong there.
    struct SyntaxError: Error, Sendable, CustomStringConvertible {
        /// The 1-based line of the problem.
        var line: Int
        /// What is wrong.
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads a whole XML property list.
    /// - Parameter bytes: the document.
    /// - Returns: its one value.
    /// - Throws: `SyntaxError` naming the line and the problem.
    static func read(_ bytes: [UInt8]) throws(SyntaxError) -> PropertyListValue {
        var reader = XMLPropertyListReader(bytes)
        return try reader.document()
    }

    // MARK: - Document

    private mutating func document() throws(SyntaxError) -> PropertyListValue {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw fail("the property list is not valid UTF-8", at: firstInvalidUTF8())
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if starts(with: "<?xml") { try declaration() }
        try skipMisc(allowDoctype: true)
        guard take("<plist") else { throw fail("expected <plist>, found \(found())") }
        try plistAttributes()
        try skipMisc(allowDoctype: false)
        let value = try self.value(depth: 0)
        try skipMisc(allowDoctype: false)
        guard take("</plist>") else {
            throw fail("expected </plist> after the property list's one value, found \(found())")
        }
        try skipMisc(allowDoctype: false)
        guard index == bytes.count else { throw fail("unexpected \(found()) after </plist>") }
        return value
    }

    private mutating func declaration() throws(SyntaxError) {
        let start = index
        guard let end = find("?>") else { throw fail("the <?xml declaration is not closed with ?>") }
        let text = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
        index = end + 2
        if let range = text.firstRange(of: "encoding=") {
            let value = text[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
            guard value == "utf-8" else {
                throw fail("the declaration names the encoding \"\(value)\"; only UTF-8 is read", at: start)
            }
        }
    }

    private mutating func plistAttributes() throws(SyntaxError) {
        while true {
            let spaced = skipWhitespace()
            if take(">") { return }
            guard spaced, let name = name() else { throw fail("malformed <plist> tag at \(found())") }
            guard name == "version" else { throw fail("<plist> has the attribute \"\(name)\"; only version is read") }
            guard take("=") else { throw fail("the attribute version of <plist> has no value") }
            guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw fail("the attribute version of <plist> is not quoted")
            }
            index += 1
            guard let end = bytes[index...].firstIndex(of: quote) else {
                throw fail("the attribute version of <plist> is not closed")
            }
            index = end + 1
        }
    }

    /// Whitespace and comments, and before `<plist>` a doctype.
    private mutating func skipMisc(allowDoctype: Bool) throws(SyntaxError) {
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                try comment()
            } else if allowDoctype, starts(with: "<!DOCTYPE") {
                let start = index
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                    throw fail("the <!DOCTYPE is not closed")
                }
                if bytes[start..<end].contains(UInt8(ascii: "[")) {
                    throw fail("the <!DOCTYPE has an internal subset ([...]), which is not read", at: start)
                }
                index = end + 1
            } else {
                return
            }
        }
    }

    private mutating func comment() throws(SyntaxError) {
        let start = index
        index += 4
        guard let end = find("-->") else { throw fail("a comment is not closed with -->", at: start) }
        index = end + 3
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(SyntaxError) -> PropertyListValue {
        guard depth < Self.maximumDepth else {
            throw fail("dictionaries and arrays nest deeper than \(Self.maximumDepth) levels")
        }
        let start = index
        guard take("<"), let name = name() else { throw fail("expected a value, found \(found(at: start))", at: start) }
        skipWhitespace()
        let empty: Bool
        if take("/>") {
            empty = true
        } else if take(">") {
            empty = false
        } else {
            throw fail("the element <\(name)> has attributes or a malformed tag; property list values have none")
        }
        switch name {
        case "dict": return .dictionary(empty ? [:] : try dictionary(depth: depth))
        case "array": return .array(empty ? [] : try array(depth: depth))
        case "string": return .string(empty ? "" : try text(closing: name))
        case "true", "false":
            if !empty {
                guard take("</\(name)>") else { throw fail("<\(name)> holds something; write <\(name)/>") }
            }
            return .boolean(name == "true")
        case "date": return .date(seconds: try date(empty ? "" : try text(closing: name)))
        case "data": return .data(try data(empty ? "" : try text(closing: name)))
        case "integer": return .integer(try integer(empty ? "" : try text(closing: name)))
        case "real": return .real(try real(empty ? "" : try text(closing: name)))
        case "key": throw fail("a <key> outside a dictionary", at: start)
        default: throw fail("the element <\(name)> is not a property list value", at: start)
        }
    }

    private mutating func dictionary(depth: Int) throws(SyntaxError) -> [String: PropertyListValue] {
        var entries: [String: PropertyListValue] = [:]
        while true {
            try skipMisc(allowDoctype: false)
            if take("</dict>") { return entries }
            let keyStart = index
            let key: String
            if take("<key/>") {
                key = ""
            } else if take("<key>") {
                key = try text(closing: "key")
            } else {
                throw fail("expected a <key> or </dict> in a dictionary, found \(found())")
            }
            try skipMisc(allowDoctype: false)
            if starts(with: "</dict>") || starts(with: "<key") {
                throw fail("the key \"\(key)\" has no value", at: keyStart)
            }
            let value = try self.value(depth: depth + 1)
            guard entries.updateValue(value, forKey: key) == nil else {
                throw fail("the key \"\(key)\" appears twice in one dictionary", at: keyStart)
            }
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> [PropertyListValue] {
        var elements: [PropertyListValue] = []
        while true {
            try skipMisc(allowDoctype: false)
            if take("</array>") { return elements }
            elements.append(try value(depth: depth + 1))
        }
    }

    /// Character data up to `</name>`, entities decoded and line ends normalized to LF (XML 1.0 section 2.11).
    private mutating func text(closing name: String) throws(SyntaxError) -> String {
        var out: [UInt8] = []
        while let byte = current {
            switch byte {
            case UInt8(ascii: "<"):
                guard take("</\(name)>") else {
                    throw fail("<\(name)> holds \(found()); only text and entities are read there")
                }
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "&"):
                try entity(into: &out)
            case UInt8(ascii: "\r"):
                out.append(UInt8(ascii: "\n"))
                index += 1
                if current == UInt8(ascii: "\n") { index += 1 }
            case 0x00..<0x20 where byte != 0x09 && byte != 0x0A:
                throw fail("<\(name)> holds the control character U+\(Self.hex(UInt32(byte), width: 4))")
            default:
                out.append(byte)
                index += 1
            }
        }
        throw fail("<\(name)> is not closed")
    }

    private mutating func entity(into out: inout [UInt8]) throws(SyntaxError) {
        let start = index
        guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw fail("an & that does not start an entity (write &amp;)")
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        index = end + 1
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                throw fail("the entity &\(name); is not one of XML's five (&lt; &gt; &amp; &quot; &apos;)", at: start)
            }
        }
        guard let scalar, scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r" else {
            throw fail("the character reference &\(name); is not a character XML allows", at: start)
        }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    // MARK: - Scalars

    private func date(_ text: String) throws(SyntaxError) -> Int64 {
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in digits[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard digits.count == 20, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
            digits[10] == UInt8(ascii: "T"), digits[13] == UInt8(ascii: ":"), digits[16] == UInt8(ascii: ":"),
            digits[19] == UInt8(ascii: "Z"), let year = number(0..<4), let month = number(5..<7),
            let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19),
            let seconds = CivilTime.seconds(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else {
            throw fail("the <date> \"\(text)\" is not a date in the form YYYY-MM-DDTHH:MM:SSZ")
        }
        return seconds
    }

    private func data(_ text: String) throws(SyntaxError) -> [UInt8] {
        let compact = text.unicodeScalars.filter { !" \t\n\r".unicodeScalars.contains($0) }
        guard let data = Data(base64Encoded: String(String.UnicodeScalarView(compact))) else {
            throw fail("a <data> element is not base64 (\(text.utf8.count) characters)")
        }
        return Array(data)
    }

    private func integer(_ text: String) throws(SyntaxError) -> Int64 {
        var body = Substring(text)
        var negative = false
        if let sign = body.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        let hexadecimal = body.hasPrefix("0x") || body.hasPrefix("0X")
        let digits = hexadecimal ? body.dropFirst(2) : body
        let isDigit: (UInt8) -> Bool = { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (hexadecimal
                    && ((byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))))
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy(isDigit),
            let magnitude = UInt64(digits, radix: hexadecimal ? 16 : 10),
            magnitude <= (negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max))
        else {
            throw fail("the <integer> \"\(text)\" is not a 64-bit integer")
        }
        return negative ? Int64(bitPattern: 0 &- magnitude) : Int64(magnitude)
    }

    private func real(_ text: String) throws(SyntaxError) -> Double {
        guard let value = Double(text), !text.isEmpty else { throw fail("the <real> \"\(text)\" is not a number") }
        return value
    }

    // MARK: - Scanning

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func starts(with literal: String) -> Bool {
        bytes[index...].starts(with: literal.utf8)
    }

    private mutating func take(_ literal: String) -> Bool {
        guard starts(with: literal) else { return false }
        index += literal.utf8.count
        return true
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        return index > start
    }

    /// An element or attribute name: ASCII letters, digits, `-`, `_`, `.`, `:`.
    private mutating func name() -> String? {
        let start = index
        while let byte = current,
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
        {
            index += 1
        }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    private func find(_ literal: String) -> Int? {
        let needle = Array(literal.utf8)
        var position = index
        while position + needle.count <= bytes.count {
            if bytes[position..<position + needle.count].elementsEqual(needle) { return position }
            position += 1
        }
        return nil
    }

    /// What stands at `position`, for messages: up to 20 characters, or "the end of the document".
    private func found(at position: Int? = nil) -> String {
        let position = position ?? index
        guard position < bytes.count else { return "the end of the document" }
        let text = String(decoding: bytes[position..<min(position + 20, bytes.count)], as: UTF8.self)
        return "\"\(text.prefix { $0 != "\n" && $0 != "\r" })\""
    }

    private func fail(_ message: String, at position: Int? = nil) -> SyntaxError {
        let position = min(position ?? index, bytes.count)
        let line = 1 + bytes[..<position].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return SyntaxError(line: line, message: message)
    }

    /// The start of the first line that is not valid UTF-8 (LF never occurs inside a multi-byte sequence).
    private func firstInvalidUTF8() -> Int {
        var start = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if String(validating: line, as: UTF8.self) == nil { return start }
            start += line.count + 1
        }
        return bytes.count
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
