/// THE string comparison rule of this package, written down once: where a security decision depends on a string
/// (`iss`, `aud`, client IDs, `nonce`, `kid`, `kty`, `crv`, `alg`, JSON member names, duplicate detection), two
/// strings are equal when their UTF-8 bytes are equal, i.e. they hold the same code points in the same order.
///
/// RFC 7519 section 2 (StringOrURI: "compared as case-sensitive strings with no transformations or
/// canonicalizations applied"), RFC 7515 section 5.2 / RFC 7519 section 7.2 (member names compared exactly, RFC 8259
/// section 8.3) and RFC 7517 section 4.5 (`kid` compared exactly). Swift's `String.==` and `String.hashValue` use
/// Unicode canonical equivalence: `"\u{212A}"` (KELVIN SIGN) equals `"K"`, and an NFD `é` equals an NFC one. Every
/// peer JOSE implementation compares bytes, so `==` on `String` would read one token differently from them. Use
/// `ExactString` (a `Hashable` key for sets and dictionaries, and a `switch` subject: string-literal patterns then
/// match exactly) or `ExactString.equal(_:_:)` instead.
package struct ExactString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The string compared.
    package let string: String

    /// Wraps a string for exact comparison.
    package init(_ string: String) { self.string = string }

    /// Wraps a literal (for `switch` patterns and constant sets).
    package init(stringLiteral value: String) { self.string = value }

    /// Whether `a` and `b` hold the same UTF-8 bytes. Inlinable: it runs for every member name and claim compared.
    @inlinable
    package static func equal(_ a: String, _ b: String) -> Bool {
        // The lengths first (O(1) for native strings): most names compared differ in length, and this decides them
        // without reaching the bytes.
        guard a.utf8.count == b.utf8.count else { return false }
        if let result = a.utf8.withContiguousStorageIfAvailable({ left in
            b.utf8.withContiguousStorageIfAvailable { right in left.count == 0 || memoryEqual(left, right) }
        }), let result {
            return result
        }
        return a.utf8.elementsEqual(b.utf8)
    }

    @usableFromInline
    static func memoryEqual(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<left.count where left[index] != right[index] { return false }
        return true
    }

    /// Whether `candidates` holds a string exactly equal to `string`.
    @inlinable
    package static func contains(_ candidates: some Sequence<String>, _ string: String) -> Bool {
        candidates.contains { equal($0, string) }
    }

    /// Whether `candidates` holds a string exactly equal to `string`: the form for arrays (audiences, client IDs,
    /// `crit`, `key_ops`), a loop by index that the generic form above does not become in another module.
    @inlinable
    package static func contains(_ candidates: [String], _ string: String) -> Bool {
        for index in candidates.indices where equal(candidates[index], string) { return true }
        return false
    }

    package static func == (lhs: ExactString, rhs: ExactString) -> Bool { equal(lhs.string, rhs.string) }

    package func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    package var description: String { string }
}
