/// An ordered list of header fields with case-insensitive lookup by name (RFC 9110 section 5.1).
///
/// A name may occur more than once; `values(for:)` returns every value in order, and the subscript returns them
/// combined with ", " as RFC 9110 section 5.3 allows for list-valued fields (`Cache-Control`, `Vary`). Use
/// `values(for:)` for fields that must not be combined, such as `Set-Cookie`.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field line: a name as written and its value with surrounding whitespace removed.
    public struct Field: Sendable, Equatable {
        /// The field name as sent or received (compare it case-insensitively).
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        /// - Parameters:
        ///   - name: the field name.
        ///   - value: the field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// Creates an empty header list.
    public init() { fields = [] }

    /// Creates a header list from name-value pairs, keeping their order.
    /// - Parameter pairs: the fields in order; a name may repeat.
    public init(_ pairs: [(name: String, value: String)]) {
        fields = pairs.map { Field(name: $0.name, value: $0.value) }
    }

    /// Creates a header list from a literal such as `["Accept": "application/json"]`, keeping its order.
    /// - Parameter elements: the fields in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of field lines.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Appends a field, keeping any earlier field with the same name.
    /// - Parameters:
    ///   - name: the field name.
    ///   - value: the field value.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field with this name, then appends one.
    /// - Parameters:
    ///   - name: the field name (case-insensitive).
    ///   - value: the new value.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field with this name.
    /// - Parameter name: the field name (case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Whether a field with this name is present.
    /// - Parameter name: the field name (case-insensitive).
    /// - Returns: `true` when at least one field has the name.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Every value of the fields with this name, in order.
    /// - Parameter name: the field name (case-insensitive).
    /// - Returns: the values; empty when the name is absent.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// The first value of the fields with this name.
    /// - Parameter name: the field name (case-insensitive).
    /// - Returns: the first value, or `nil` when the name is absent.
    public func first(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// The values of the fields with this name combined with ", " (RFC 9110 section 5.3).
    /// - Parameter name: the field name (case-insensitive).
    /// - Returns: the combined value, or `nil` when the name is absent.
    public subscript(name: String) -> String? {
        let found = values(for: name)
        return found.isEmpty ? nil : found.joined(separator: ", ")
    }

    /// Iterates over the field lines in order.
    /// - Returns: the iterator.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Appends a continuation line (obs-fold, RFC 9112 section 5.2) to the last field's value.
    mutating func continueLastValue(_ text: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += " " + text
    }

    /// Whether two field names are equal ignoring ASCII case (field names are ASCII tokens, RFC 9110 5.1).
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count
            && zip(lhs.utf8, rhs.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
    }
}
