internal import GatehouseCore

/// A JSON value (RFC 8259) as the strict parser read it: objects keep their member order, numbers keep their text
/// so integers stay exact.
///
/// Use it to read claims this library does not type (`verified.claims.raw["email_verified"]`).
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    /// An object, members in document order. Member names are unique (duplicates are rejected at parse time).
    case object(JSONObject)
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// A number, with its exact text.
    case number(JSONNumber)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The most members one object, or elements one array, may have unless a caller says otherwise: 1024.
    public static let defaultMaximumMembers = 1024

    /// Parses a JSON text strictly: RFC 8259 grammar, valid UTF-8 without lone surrogates, no duplicate member
    /// names (RFC 7515 section 4, RFC 7519 section 4), at most `maxNestingDepth` nested arrays/objects.
    /// - Parameters:
    ///   - bytes: the UTF-8 JSON text.
    ///   - maxNestingDepth: the deepest nesting allowed (default 64).
    ///   - maxBytes: the largest input accepted, checked before any parsing (default 1 MiB).
    ///   - maxMembers: the most members one object, or elements one array, may have (default
    ///     `defaultMaximumMembers`, 1024).
    /// - Returns: the value.
    /// - Throws: `JWTError.malformedJSON` naming the byte offset and cause; `JWTError.limitExceeded` for size,
    ///   depth or member count.
    public static func parse(
        _ bytes: some Collection<UInt8>, maxNestingDepth: Int = 64, maxBytes: Int = 1 << 20,
        maxMembers: Int = defaultMaximumMembers
    ) throws -> JSONValue {
        if bytes.count > maxBytes {
            throw JWTError(
                .limitExceeded,
                "the JSON text is \(bytes.count) bytes, over the limit of \(maxBytes) bytes; nothing was parsed")
        }
        if let value = try bytes.withContiguousStorageIfAvailable({ buffer in
            try JSONParser.parse(
                UnsafeRawBufferPointer(buffer), maxDepth: maxNestingDepth, maxMembers: maxMembers, what: "JSON text")
        }) {
            return value
        }
        let copy = Array(bytes)
        return try copy.withUnsafeBytes {
            try JSONParser.parse($0, maxDepth: maxNestingDepth, maxMembers: maxMembers, what: "JSON text")
        }
    }

    /// The member named `name` when this is an object, else nil.
    public subscript(name: String) -> JSONValue? {
        if case .object(let object) = self { return object[name] }
        return nil
    }

    /// The string when this is a string, else nil.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean when this is `true`/`false`, else nil.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number when this is a number, else nil.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The object when this is an object, else nil.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements when this is an array, else nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The JSON type name (`object`, `array`, `string`, `number`, `boolean`, `null`), for messages.
    public var typeName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// What `reading` reads from this value (`\.stringValue`, `\.arrayValue`, ...), else the module's one error for a
    /// member of the wrong JSON type: "the claim "iss" is a JSON number (42); it must be a string (RFC 7519 section
    /// 4.1.1)".
    /// - Parameters:
    ///   - reading: the reading of the type the member must have.
    ///   - code: the error's code.
    ///   - member: what the value is, for the message (`the claim "iss"`).
    ///   - showingValue: whether the message shows the value as well as its type (claims yes; key members no).
    ///   - kind: what it must be (`a string`).
    ///   - rule: the rule that says so (`RFC 7519 section 4.1.1`), if one is named.
    /// - Returns: the value read.
    /// - Throws: `JWTError` with `code` when `reading` reads nil.
    ///
    /// This runs for every member of every header and claims set verified: `reading` is a function (a key path
    /// literal converts to one, and inlines, where a `KeyPath` is applied at run time), and `member` and `rule` are
    /// autoclosures, so their interpolated text is built only for the error, never on the way to a valid token.
    func typed<Typed>(
        _ reading: (JSONValue) -> Typed?, or code: JWTError.Code, _ member: @autoclosure () -> String,
        showingValue: Bool = false, mustBe kind: String, rule: @autoclosure () -> String? = nil
    ) throws -> Typed {
        if let value = reading(self) { return value }
        throw typeError(code, member(), showingValue: showingValue, mustBe: kind, rule: rule())
    }

    /// The error `typed(_:or:_:showingValue:mustBe:rule:)` throws, for a value that none of several types fits.
    func typeError(_ code: JWTError.Code, _ member: String, showingValue: Bool, mustBe kind: String, rule: String?)
        -> JWTError
    {
        JWTError(
            code,
            "\(member) is a JSON \(typeName)\(showingValue ? " (\(self))" : ""); it must be \(kind)"
                + (rule.map { " (\($0))" } ?? ""))
    }

    /// Compact JSON text for this value (member order kept, strings escaped per RFC 8259 section 7).
    public var description: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .object(let object):
            out.append("{")
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(",") }
                JSONValue.writeString(member.name, to: &out)
                out.append(":")
                member.value.write(to: &out)
            }
            out.append("}")
        case .array(let elements):
            out.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(",") }
                element.write(to: &out)
            }
            out.append("]")
        case .string(let string): JSONValue.writeString(string, to: &out)
        case .number(let number): out.append(number.text)
        case .bool(let value): out.append(value ? "true" : "false")
        case .null: out.append("null")
        }
    }

    /// RFC 8259 section 7, through GatehouseCore's `JSONString` (C0, DEL and C1 escaped, as every JSON output is).
    static func writeString(_ string: String, to out: inout String) { JSONString.append(string, to: &out) }
}
