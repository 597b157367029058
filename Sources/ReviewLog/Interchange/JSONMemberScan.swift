/// A second reading of an import file's JSON, beside the decoder's: every object's member names at any depth (a
/// duplicate is refused, never "first one wins" as the decoder would), and the exact text of each event's `id`
/// (so an id is read by its value whatever its spelling, `ImportedID`).
///
/// Names are compared after unescaping (`"\u0061pp"` is `app`; RFC 8259 section 7) with `String` equality, the
/// decoder's own key matching, so two spellings the decoder would read as one member are one name here. RFC 8259
/// section 4 says names SHOULD be unique and that readers differ on duplicates; an import refuses them, as the JOSE
/// parser does for tokens (RFC 7515 section 4). Iterative (no recursion), so nesting depth cannot exhaust the stack.
struct JSONMemberScan {
    /// Where a duplicate was found.
    struct Duplicate: Error, Equatable {
        /// The event's index, when the duplicate is inside (or is a member of) an event.
        var event: Int?
        /// The path below the event (or from the top when `event` is nil): member names and array indexes.
        var path: String
        /// The duplicated name, unescaped.
        var name: String
    }

    /// The text broke JSON's grammar where the decoder did not see it: a message, with the byte offset.
    struct Malformed: Error {
        var offset: Int
    }

    enum Failure: Error {
        case duplicate(Duplicate)
        case malformed(Malformed)
    }

    private enum Frame {
        /// An object: the names read so far, and the member being read (nil before the first).
        case object(names: Set<String>, key: String?)
        /// An array: the index of the element being read (-1 before the first).
        case array(index: Int)
    }

    private let bytes: [UInt8]
    private var position = 0
    private var frames: [Frame] = []
    /// The text of each event's `id` value, by event index.
    private(set) var ids: [Int: String] = [:]

    /// Reads a whole JSON text.
    /// - Parameter bytes: the UTF-8 text (without a byte order mark).
    /// - Returns: the raw `id` texts by event index (events are `events[i]` of the top object, or `[i]` of a top
    ///   array).
    /// - Throws: `Failure.duplicate` at the first duplicated member, `Failure.malformed` where the text is not JSON.
    static func scan(_ bytes: [UInt8]) throws(Failure) -> [Int: String] {
        var scan = JSONMemberScan(bytes: bytes)
        try scan.run()
        return scan.ids
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var malformed: Failure { .malformed(Malformed(offset: position)) }

    private mutating func skipBlanks() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Reads the text value by value: an object or array pushes a frame, its end pops it.
    private mutating func run() throws(Failure) {
        try value()
        while let frame = frames.last {
            skipBlanks()
            switch frame {
            case .object(_, let key):
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    frames.removeLast()
                    continue
                }
                if key != nil {
                    guard peek() == UInt8(ascii: ",") else { throw malformed }
                    position += 1
                }
                try member()
            case .array(let index):
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    frames.removeLast()
                    continue
                }
                if index >= 0 {
                    guard peek() == UInt8(ascii: ",") else { throw malformed }
                    position += 1
                }
                frames[frames.count - 1] = .array(index: index + 1)
                try value()
            }
        }
        skipBlanks()
        if position != bytes.count { throw malformed }
    }

    /// Reads one scalar value, or opens the frame of an object or array (read on by `run`).
    private mutating func value() throws(Failure) {
        skipBlanks()
        switch peek() {
        case UInt8(ascii: "{"):
            position += 1
            frames.append(.object(names: [], key: nil))
        case UInt8(ascii: "["):
            position += 1
            frames.append(.array(index: -1))
        case UInt8(ascii: "\""):
            _ = try string()
        default:
            let start = position
            while let byte = peek(), !",]} \t\r\n".utf8.contains(byte) { position += 1 }
            guard let text = String(validating: bytes[start..<position], as: UTF8.self),
                ["true", "false", "null"].contains(text) || text.first == "-"
                    || text.first?.isASCII == true
                        && text.first?.isNumber == true
            else { throw malformed }
            if isEventID, let event = eventIndex { ids[event] = text }
        }
    }

    /// Reads `"name": value` in the innermost object, refusing a name it already has.
    private mutating func member() throws(Failure) {
        skipBlanks()
        guard peek() == UInt8(ascii: "\""), case .object(var names, _)? = frames.last else { throw malformed }
        let name = try string()
        if names.contains(name) {
            throw .duplicate(Duplicate(event: eventIndex, path: enclosingPath(), name: name))
        }
        names.insert(name)
        frames[frames.count - 1] = .object(names: names, key: name)
        skipBlanks()
        guard peek() == UInt8(ascii: ":") else { throw malformed }
        position += 1
        try value()
    }

    /// Whether the value being read is an event's `id`: `events[i].id`, or `[i].id` in a top-level array.
    private var isEventID: Bool {
        guard case .object(_, "id")? = frames.last else { return false }
        return frames.count == eventDepth + 1
    }

    /// How many frames enclose an event object: 2 under `{"events": [...]}`, 1 in a bare array.
    private var eventDepth: Int {
        if case .array? = frames.first { return 1 }
        return 2
    }

    /// The index of the event the reading is inside, if any.
    private var eventIndex: Int? {
        guard frames.count > eventDepth, case .array(let index) = frames[eventDepth - 1] else { return nil }
        if eventDepth == 2, case .object(_, let key) = frames[0], key != "events" { return nil }
        return index
    }

    /// The members and indexes leading to the innermost object, from its event (or from the top outside events),
    /// as `a.b[2]`; empty for the event (or the top object) itself.
    private func enclosingPath() -> String {
        let start = eventIndex == nil ? 0 : eventDepth
        var path = ""
        for frame in frames[start..<(frames.count - 1)] {
            switch frame {
            case .object(_, let key): path += (path.isEmpty ? "" : ".") + (key ?? "")
            case .array(let index): path += "[\(index)]"
            }
        }
        return path
    }

    /// Reads a string and gives it unescaped (RFC 8259 section 7); a lone surrogate escape reads as U+FFFD.
    private mutating func string() throws(Failure) -> String {
        position += 1
        var out: [UInt8] = []
        var scalars = String.UnicodeScalarView()
        func flush() {
            scalars.append(contentsOf: String(decoding: out, as: UTF8.self).unicodeScalars)
            out.removeAll(keepingCapacity: true)
        }
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { throw malformed }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    flush()
                    var unit = try hex4()
                    if (0xD800..<0xDC00).contains(unit), peek() == UInt8(ascii: "\\"),
                        position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                    {
                        let saved = position
                        position += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            position = saved
                        }
                    }
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                default: throw malformed
                }
            default:
                if byte < 0x20 { throw malformed }
                out.append(byte)
            }
        }
        throw malformed
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw malformed }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw malformed }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }
}
