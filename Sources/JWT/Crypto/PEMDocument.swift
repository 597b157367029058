/// The blocks of an RFC 7468 PEM text: `-----BEGIN <label>-----`, base64 lines, `-----END <label>-----`.
///
/// Strict: surrounding whitespace is ignored, nothing else may stand outside a block, labels must match, the body is
/// canonical base64 (whitespace between characters allowed), and RFC 1421 headers (`Proc-Type: 4,ENCRYPTED`) are
/// recognised so that a legacy encrypted key gets its own message.
struct PEMDocument: Sendable {
    /// One block.
    struct Block: Sendable {
        /// The label (`PUBLIC KEY`, `PRIVATE KEY`, ...).
        var label: String
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
    ///   - what: what the caller expects, for messages ("a public key").
    /// - Throws: `JWTError.invalidKey` naming the line and the problem.
    init(parsing text: String, expecting what: String) throws {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.trimmingASCIIWhitespace() }
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty { continue }
            guard let label = Self.label(of: line, marker: "BEGIN") else {
                // Only a marker line is quoted: any other line may be key material (a key pasted without its
                // BEGIN line), and a secret never goes into a message.
                let found =
                    line.hasPrefix("-----")
                    ? "\"\(line.prefix(40))\""
                    : "a line of \(line.count) characters (not shown: it may be key material)"
                throw JWTError(
                    .invalidKey,
                    "expected \(what) in PEM form (\"-----BEGIN ...-----\"), found \(found) on line \(index); pass the "
                        + "PEM text of the key, not a file name, DER, or base64 alone"
                )
            }
            var headers: [String] = []
            var body = ""
            var closed = false
            while index < lines.count {
                let inner = lines[index]
                index += 1
                if inner.hasPrefix("-----") {
                    guard let endLabel = Self.label(of: inner, marker: "END"), endLabel == label else {
                        throw JWTError(
                            .invalidKey,
                            "PEM block \"\(label)\" is closed by \"\(inner.prefix(40))\" on line \(index); "
                                + "expected \"-----END \(label)-----\""
                        )
                    }
                    closed = true
                    break
                }
                if inner.contains(":") {
                    headers.append(String(inner))
                } else {
                    body += inner
                }
            }
            guard closed else {
                throw JWTError(
                    .invalidKey,
                    "PEM block \"\(label)\" has no \"-----END \(label)-----\" line: the text is truncated"
                )
            }
            guard let der = Base64.decode(body), !der.isEmpty else {
                throw JWTError(
                    .invalidKey,
                    "PEM block \"\(label)\" has a body that is not base64 (or is empty): the text is corrupt or "
                        + "truncated"
                )
            }
            blocks.append(Block(label: label, headers: headers, der: der))
        }
        guard !blocks.isEmpty else {
            throw JWTError(.invalidKey, "expected \(what) in PEM form, found an empty text")
        }
        self.blocks = blocks
    }

    /// Encodes DER as one PEM block with 64-character lines (RFC 7468 section 2).
    /// - Parameters:
    ///   - der: the bytes.
    ///   - label: the label.
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

    private static func label(of line: Substring, marker: String) -> String? {
        let prefix = "-----\(marker) "
        guard line.hasPrefix(prefix), line.hasSuffix("-----"), line.count >= prefix.count + 5 else { return nil }
        let label = line.dropFirst(prefix.count).dropLast(5)
        return label.isEmpty ? nil : String(label)
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
    /// - Parameter bytes: the bytes.
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

extension Substring {
    /// The substring without leading and trailing spaces, tabs, carriage returns and newlines.
    fileprivate func trimmingASCIIWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        var trimmed = self
        while let first = trimmed.first, isSpace(first) { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, isSpace(last) { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
