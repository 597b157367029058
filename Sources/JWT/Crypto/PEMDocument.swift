/// The blocks of an RFC 7468 PEM text: `-----BEGIN <label>-----`, base64 lines, `-----END <label>-----`.
///
/// The project's one PEM reader: every key read from text goes through it (`PrivateKey(pemRepresentation:)`,
/// `PublicKey(pemRepresentation:)`, and through them `jwtcheck sign`, `jwtcheck apple client-secret`,
/// `AppleClientSecret`, `ASCCredentials` and `review`'s credentials). Its errors are `PEMError`s, whose messages
/// never quote a byte of the document (see there).
///
/// Strict: lines end in LF, CRLF or CR (RFC 7468 section 3's `eol`), surrounding spaces and tabs are ignored, nothing
/// else may stand outside a block, a marker stands alone on its line, labels follow section 3's grammar and must
/// match, the body is canonical base64 (whitespace between characters allowed), and RFC 1421 headers
/// (`Proc-Type: 4,ENCRYPTED`) are recognised so that a legacy encrypted key gets its own message.
struct PEMDocument: Sendable {
    /// One block.
    struct Block: Sendable {
        /// The label (`PUBLIC KEY`, `PRIVATE KEY`, ...).
        var label: PEMLabel
        /// The RFC 1421 headers (`Proc-Type`, `DEK-Info`), present only in legacy encrypted keys.
        var headers: [String]
        /// The decoded body.
        var der: [UInt8]
    }

    /// The blocks, in order.
    var blocks: [Block]

    /// Parses a PEM text.
    /// - Parameters:
    ///   - text: the PEM text.
    ///   - what: what the caller expects, for messages ("a private key"): a literal, so never document text.
    /// - Throws: `PEMError` naming the line, the marker found or expected and lengths, never the text.
    init(parsing text: String, expecting what: StaticString) throws(PEMError) {
        var blocks: [Block] = []
        var open: (label: PEMLabel, line: Int, headers: [String], body: [UInt8], badLine: Int?)?
        for (index, line) in Self.lines(of: Array(text.utf8)).enumerated() {
            let number = index + 1
            if line.isEmpty { continue }
            switch Self.marker(in: line) {
            case .malformed:
                throw PEMError(expected: what, problem: .malformedMarker(line: number, length: line.count))
            case .found(let marker, let before, let after):
                if before > 0 {
                    throw PEMError(
                        expected: what, problem: .textBeforeMarker(line: number, marker: marker, length: before))
                }
                if after > 0 {
                    throw PEMError(
                        expected: what, problem: .textAfterMarker(line: number, marker: marker, length: after))
                }
                if let block = open {
                    guard !marker.isBegin, marker.label == block.label else {
                        throw PEMError(
                            expected: what,
                            problem: .unexpectedMarker(
                                line: number, found: marker, open: block.label, openedOnLine: block.line))
                    }
                    guard let der = Base64.decode(String(decoding: block.body, as: UTF8.self)), !der.isEmpty else {
                        throw PEMError(
                            expected: what,
                            problem: .invalidBody(
                                label: block.label, openedOnLine: block.line, line: block.badLine,
                                length: block.body.count))
                    }
                    blocks.append(Block(label: block.label, headers: block.headers, der: der))
                    open = nil
                } else {
                    guard marker.isBegin else {
                        throw PEMError(
                            expected: what,
                            problem: .unexpectedMarker(line: number, found: marker, open: nil, openedOnLine: 0))
                    }
                    open = (marker.label, number, [], [], nil)
                }
            case .none:
                guard open != nil else {
                    throw PEMError(expected: what, problem: .textOutsideBlock(line: number, length: line.count))
                }
                if line.contains(UInt8(ascii: ":")) {
                    open?.headers.append(String(decoding: line, as: UTF8.self))
                } else {
                    if open?.badLine == nil, line.contains(where: { !Base64.isBodyByte($0) }) { open?.badLine = number }
                    open?.body += line
                }
            }
        }
        if let block = open {
            throw PEMError(expected: what, problem: .missingEnd(label: block.label, openedOnLine: block.line))
        }
        guard !blocks.isEmpty else { throw PEMError(expected: what, problem: .empty) }
        self.blocks = blocks
    }

    /// Encodes DER as one PEM block with 64-character lines (RFC 7468 section 2).
    /// - Parameters:
    ///   - der: the bytes.
    /// - Returns: the PEM text, ending in a newline.
    static func encode(_ der: [UInt8], label: String) -> String {
        let body = Base64.encode(der)
        var text = "-----BEGIN \(label)-----\n"
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.index(start, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex
            text += body[start..<end] + "\n"
            start = end
        }
        return text + "-----END \(label)-----\n"
    }

    /// What a line holds: no marker, a well-formed marker with the counts of bytes before and after it, or
    /// something that starts like a marker and is not one.
    private enum MarkerScan {
        case none
        case found(PEMError.Marker, before: Int, after: Int)
        case malformed
    }

    /// Finds `-----BEGIN <label>-----` or `-----END <label>-----` anywhere in a line (so that a marker run into
    /// base64 is recognised and reported by position, not quoted). A line starting with five dashes is a marker or
    /// malformed.
    private static func marker(in line: ArraySlice<UInt8>) -> MarkerScan {
        let dashes = Array("-----".utf8)
        let keywords: [(bytes: [UInt8], isBegin: Bool)] = [(Array("BEGIN ".utf8), true), (Array("END ".utf8), false)]
        var start = line.startIndex
        while let found = line[start...].firstRange(of: dashes) {
            let rest = line[found.upperBound...]
            if let keyword = keywords.first(where: { rest.starts(with: $0.bytes) }) {
                let labelStart = rest.startIndex + keyword.bytes.count
                guard let close = line[labelStart...].firstRange(of: dashes),
                    isLabel(line[labelStart..<close.lowerBound])
                else { return .malformed }
                let label = PEMLabel(String(decoding: line[labelStart..<close.lowerBound], as: UTF8.self))
                return .found(
                    PEMError.Marker(isBegin: keyword.isBegin, label: label),
                    before: found.lowerBound - line.startIndex, after: line.endIndex - close.upperBound)
            }
            start = found.upperBound
        }
        return line.starts(with: dashes) ? .malformed : .none
    }

    /// RFC 7468 section 3: `label = [ labelchar *( ["-" / SP] labelchar ) ]`, `labelchar = %x21-2C / %x2E-7E`;
    /// empty labels are refused here (no key has one).
    private static func isLabel(_ bytes: ArraySlice<UInt8>) -> Bool {
        let isLabelChar: (UInt8) -> Bool = { (0x21...0x2C).contains($0) || (0x2E...0x7E).contains($0) }
        guard let first = bytes.first, let last = bytes.last, isLabelChar(first), isLabelChar(last) else {
            return false
        }
        var previousWasSeparator = false
        for byte in bytes {
            if isLabelChar(byte) {
                previousWasSeparator = false
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") {
                if previousWasSeparator { return false }
                previousWasSeparator = true
            } else {
                return false
            }
        }
        return true
    }

    /// The lines of a text, split at LF, CRLF and CR (RFC 7468 section 3's `eol`), spaces and tabs trimmed.
    private static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D {
                var line = bytes[start..<index]
                while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
                while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
                lines.append(line)
                if index + 1 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        return lines
    }
}

/// Standard base64 (RFC 4648 section 4), strict, for PEM bodies.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Decodes canonical padded base64, ignoring ASCII whitespace.
    /// - Parameter text: the base64 text.
    /// - Returns: the bytes, or nil for a character outside the alphabet, bad padding, or non-zero trailing bits.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): continue
            case UInt8(ascii: "="): padding += 1
            default:
                guard padding == 0, let value = sextet(byte) else { return nil }
                values.append(value)
            }
        }
        guard (values.count + padding) % 4 == 0, padding <= 2, values.count % 4 != 1 else { return nil }
        guard padding == 0 || padding == 4 - values.count % 4 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 4 <= values.count {
            let (a, b, c, d) = (values[index], values[index + 1], values[index + 2], values[index + 3])
            bytes += [a << 2 | b >> 4, (b & 0x0F) << 4 | c >> 2, (c & 0x03) << 6 | d]
            index += 4
        }
        switch values.count - index {
        case 2:
            guard values[index + 1] & 0x0F == 0 else { return nil }
            bytes.append(values[index] << 2 | values[index + 1] >> 4)
        case 3:
            guard values[index + 2] & 0x03 == 0 else { return nil }
            bytes += [
                values[index] << 2 | values[index + 1] >> 4, (values[index + 1] & 0x0F) << 4 | values[index + 2] >> 2,
            ]
        default: break
        }
        return bytes
    }

    /// Encodes with padding.
    /// - Returns: the base64 text.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = bytes[index]
            let b = index + 1 < bytes.count ? bytes[index + 1] : 0
            let c = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(a >> 2)])
            out.append(alphabet[Int((a & 0x03) << 4 | b >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b & 0x0F) << 2 | c >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(c & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a byte may appear in a PEM body line: the alphabet, `=` and whitespace.
    static func isBodyByte(_ byte: UInt8) -> Bool {
        sextet(byte) != nil || byte == UInt8(ascii: "=") || byte == 0x20 || byte == 0x09
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
