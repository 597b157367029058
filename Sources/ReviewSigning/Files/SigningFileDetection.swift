/// Which kind a signing file's content is, from its structure, never its name.
///
/// DER: the outer SEQUENCE's first element tells a CMS ContentInfo (an OBJECT IDENTIFIER, the content type) from an
/// X.509 Certificate (a SEQUENCE, the TBSCertificate). Text: a line `-----BEGIN CERTIFICATE-----` is a PEM
/// certificate; three base64url segments joined by two dots are a compact JWS. The parsers decide the rest.
enum SigningFileDetection {
    /// A kind, with what its parser needs.
    enum Kind: Equatable {
        /// DER whose outer SEQUENCE opens with an OBJECT IDENTIFIER: a CMS ContentInfo.
        case cmsMessage
        /// DER whose outer SEQUENCE opens with a SEQUENCE: an X.509 certificate.
        case derCertificate
        /// Text with a PEM `CERTIFICATE` block.
        case pemCertificate
        /// A compact JWS, surrounding whitespace removed.
        case compactJWS(String)
    }

    /// The kind of `bytes`.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - file: the file, for messages.
    /// - Returns: the kind.
    /// - Throws: `SigningError.notASigningFile`, saying what the content looks like.
    static func detect(_ bytes: [UInt8], file: String) throws(SigningError) -> Kind {
        guard !bytes.isEmpty else { throw refused(file, "is empty") }
        if bytes[0] == 0x30 {
            switch firstInnerTag(bytes) {
            case 0x06: return .cmsMessage
            case 0x30: return .derCertificate
            default:
                throw refused(file, "is a DER structure that is neither a CMS message nor an X.509 certificate")
            }
        }
        let trimmed = trimmingWhitespace(bytes)
        let labels = pemLabels(trimmed)
        if labels.contains("CERTIFICATE") { return .pemCertificate }
        if !labels.isEmpty {
            let names = labels.map { "PEM \($0)" }.joined(separator: ", ")
            throw refused(file, "holds \(names) but no PEM CERTIFICATE")
        }
        if isCompactJWS(trimmed) { return .compactJWS(String(decoding: trimmed, as: UTF8.self)) }
        if trimmed.starts(with: Array("<?xml".utf8)) || trimmed.starts(with: Array("<plist".utf8)) {
            throw refused(
                file,
                "is an XML document, not signed: a provisioning profile is a CMS-signed property list, as the "
                    + "developer site and Xcode hand it out (not the property list taken out of it)")
        }
        if bytes.starts(with: Array("bplist".utf8)) { throw refused(file, "is a binary property list, not signed") }
        throw refused(file, "is neither DER nor PEM nor a compact JWS")
    }

    private static func refused(_ file: String, _ what: String) -> SigningError {
        SigningError(
            .notASigningFile,
            "the file \(file) \(what); a signing file is a provisioning profile (CMS SignedData, DER), an X.509 "
                + "certificate (PEM or DER) or a Sign in with Apple client secret (a compact JWS)")
    }

    /// The tag of the first element inside the outer DER (or BER) SEQUENCE, or nil when the header does not fit.
    private static func firstInnerTag(_ bytes: [UInt8]) -> UInt8? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes[1]
        // Short form (< 0x80), indefinite length (0x80, BER), or long form with 1 ... 4 length bytes.
        var header = 2
        if first > 0x80 {
            guard first & 0x7F <= 4 else { return nil }
            header += Int(first & 0x7F)
        }
        return header < bytes.count ? bytes[header] : nil
    }

    /// The labels of the lines `-----BEGIN <label>-----`, in order, each once.
    private static func pemLabels(_ bytes: ArraySlice<UInt8>) -> [String] {
        var labels: [String] = []
        for line in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let text = trimmingWhitespace(Array(line))
            guard text.starts(with: Array("-----BEGIN ".utf8)), text.count > 16,
                text.suffix(5).elementsEqual("-----".utf8)
            else { continue }
            let label = String(decoding: text.dropFirst(11).dropLast(5), as: UTF8.self)
            if !labels.contains(label) { labels.append(label) }
        }
        return labels
    }

    /// Three non-empty base64url segments separated by two dots (RFC 7515 section 7.1), nothing else.
    private static func isCompactJWS(_ bytes: ArraySlice<UInt8>) -> Bool {
        var dots = 0
        var segmentLength = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."):
                guard segmentLength > 0 else { return false }
                dots += 1
                segmentLength = 0
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                segmentLength += 1
            default:
                return false
            }
        }
        return dots == 2 && segmentLength > 0
    }

    private static func trimmingWhitespace(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return [] }
        let end = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[start...end]
    }
}
