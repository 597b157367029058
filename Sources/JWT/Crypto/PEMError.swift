/// Why the PEM reader (`PEMDocument`) refused a text.
///
/// The contract, for every key the project reads (`PrivateKey`, `PublicKey`, and through them `jwtcheck`, Apple
/// client secrets and App Store Connect credentials): the message is built only from line numbers, lengths, the
/// fixed marker strings of `PEMLabel.known` and the caller's `StaticString`, never from the document's text. A PEM
/// document may hold a private key, and this message reaches terminals, CI logs and bug reports (security round 3,
/// item 1: a `.p8` pasted as one line was printed whole).
struct PEMError: Error, Sendable, Equatable {
    /// A marker line's kind and label.
    struct Marker: Sendable, Equatable {
        /// `BEGIN` or `END`.
        var isBegin: Bool
        /// The label between the keyword and the closing dashes.
        var label: PEMLabel

        /// `"-----BEGIN PRIVATE KEY-----"`, or a description naming the label's length only.
        var shown: String { isBegin ? label.beginMarker : label.isKnown ? label.endMarker : "an END marker" }
    }

    /// What was wrong, with where.
    enum Problem: Sendable, Equatable {
        /// No block at all, only whitespace.
        case empty
        /// A line outside any BEGIN/END block that holds no marker.
        case textOutsideBlock(line: Int, length: Int)
        /// Characters before a marker on its line (a one-line PEM, or text prepended).
        case textBeforeMarker(line: Int, marker: Marker, length: Int)
        /// Characters after a marker on its line (base64 on the BEGIN line: newlines lost).
        case textAfterMarker(line: Int, marker: Marker, length: Int)
        /// A line that starts like a marker but is not one (no closing dashes, a label outside RFC 7468's grammar).
        case malformedMarker(line: Int, length: Int)
        /// A marker where it cannot stand: an END outside a block, a BEGIN inside one, an END of another label.
        case unexpectedMarker(line: Int, found: Marker, open: PEMLabel?, openedOnLine: Int)
        /// A block without its END line.
        case missingEnd(label: PEMLabel, openedOnLine: Int)
        /// A body that is empty or not canonical base64; `line` is the first with a character outside base64.
        case invalidBody(label: PEMLabel, openedOnLine: Int, line: Int?, length: Int)
    }

    /// What the caller expected ("a private key"): program text, never document text.
    let expected: StaticString
    /// The problem.
    let problem: Problem

    static func == (lhs: PEMError, rhs: PEMError) -> Bool { lhs.problem == rhs.problem }

    /// The message: line numbers, lengths and fixed strings only.
    var reason: String {
        let notShown = "(not shown: it may be key material)"
        let oneLine =
            "each marker must stand alone on its line (RFC 7468 section 2): if the key was pasted as one line "
            + "(a CI secret, an environment variable), restore its line breaks or pass the original file"
        switch problem {
        case .empty:
            return "expected \(expected) in PEM form, found an empty text"
        case .textOutsideBlock(let line, let length):
            return "expected \(expected) in PEM form (\"-----BEGIN ...-----\"), found a line of \(length) characters "
                + "\(notShown) on line \(line), outside any BEGIN/END block; pass the PEM text of the key, not a "
                + "file name, DER, or base64 alone"
        case .textBeforeMarker(let line, let marker, let length):
            return "line \(line) has \(length) characters before \(marker.shown) \(notShown); \(oneLine)"
        case .textAfterMarker(let line, let marker, let length):
            return "line \(line) has \(length) characters after \(marker.shown) \(notShown); \(oneLine)"
        case .malformedMarker(let line, let length):
            return "line \(line) starts like a PEM marker but is not \"-----BEGIN <label>-----\" or "
                + "\"-----END <label>-----\" (a line of \(length) characters \(notShown)); expected \(expected) in "
                + "PEM form"
        case .unexpectedMarker(let line, let found, let open?, let openedOnLine):
            return "the PEM block \(open.quoted) opened on line \(openedOnLine) is closed by \(found.shown) on line "
                + "\(line); expected \(open.endMarker)"
        case .unexpectedMarker(let line, let found, nil, _):
            return "found \(found.shown) on line \(line) outside any block; expected \(expected) in PEM form, "
                + "starting with a BEGIN line"
        case .missingEnd(let label, let openedOnLine):
            return "the PEM block \(label.quoted) opened on line \(openedOnLine) has no \(label.endMarker) line: "
                + "the text is truncated"
        case .invalidBody(let label, let openedOnLine, let line, let length):
            let first = line.map { ", the first character outside base64 on line \($0)" } ?? ""
            return "the PEM block \(label.quoted) opened on line \(openedOnLine) has a body that is not base64 or is "
                + "empty (\(length) characters\(first)): the text is corrupt or truncated"
        }
    }
}

extension JWTError {
    /// `.invalidKey` with the PEM reader's reason (which never quotes the document).
    init(_ pem: PEMError) { self.init(.invalidKey, pem.reason) }
}
