/// The `application/x-www-form-urlencoded` serializer of the WHATWG URL Standard (section 5.2).
///
/// Bytes of the UTF-8 encoding that are ASCII alphanumerics or one of `*-._` are kept, a space becomes `+`, and
/// every other byte is percent-encoded with uppercase hex (RFC 3986 section 2.1). Names and values are joined with
/// `=` and pairs with `&`.
enum FormURLEncoding {
    /// Serializes name-value pairs in order.
    /// - Parameter fields: the pairs.
    /// - Returns: the encoded body, ASCII only.
    static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { encodeComponent($0.name) + "=" + encodeComponent($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes one name or value.
    /// - Returns: its encoding.
    static func encodeComponent(_ text: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
