/// The checks an Ed25519 public key's 32 bytes must pass before a signature is verified with it.
///
/// RFC 8032 section 5.1.3 decodes a point from its y coordinate (255 bits, little-endian) and the sign of x (the top
/// bit). Two kinds of encodings are refused here, whatever OpenSSL would do with them:
/// - y not reduced modulo p = 2^255 - 19 ("If the resulting value is >= p, decoding fails", 5.1.3 step 1).
/// - A point of small order, i.e. in the 8-torsion subgroup. With such a key A, [k]A is the identity for many
///   (for the identity: every) k, so the fixed signature R = identity, S = 0 satisfies [S]B = R + [k]A for ANY
///   message: one signature verifies any claims (RFC 8032 section 8.4, "Mixing Different Prehashes" aside, and the
///   analysis in "Taming the many EdDSAs", SSR 2020). The torsion subgroup has exactly eight points, and their y
///   coordinates are 1 (the identity), -1 (order 2), 0 (the two points of order 4) and +-c (the four points of order
///   8), where c = 2707385501144840649318225287225658788936804267575313519463743609750303402022. The sign bit only
///   picks between x and -x, and -P has the order of P, so comparing y (with the sign bit cleared) against these
///   five values after the canonical check refuses every small-order encoding: fourteen of them.
enum Ed25519PublicPoint {
    /// Why `encoded` is not an acceptable Ed25519 public key, or nil when it is.
    /// - Parameter encoded: the 32-byte public key.
    static func defect(_ encoded: [UInt8]) -> String? {
        precondition(encoded.count == 32)
        var y = encoded
        y[31] &= 0x7F  // the sign of x
        if !isLess(y, than: prime) {
            return "its y coordinate is not reduced modulo 2^255-19, a non-canonical encoding that RFC 8032 section "
                + "5.1.3 refuses to decode"
        }
        if let order = smallOrderPoints.first(where: { $0.y == y })?.order {
            return "it encodes a point of small order (\(order)), with which one fixed signature verifies any message "
                + "(RFC 8032 section 5.1.7 checks nothing else); a real Ed25519 key never is one"
        }
        return nil
    }

    /// p = 2^255 - 19, little-endian.
    private static let prime: [UInt8] = [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]

    /// The y coordinates of the eight points of the torsion subgroup (see the type's comment), little-endian.
    private static let smallOrderPoints: [(y: [UInt8], order: Int)] = [
        ([0x01] + [UInt8](repeating: 0, count: 31), 1),
        ([0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F], 2),
        ([UInt8](repeating: 0, count: 32), 4),
        (hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"), 8),
        (hex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"), 8),
    ]

    /// Whether the little-endian number `a` is less than `b` (both 32 bytes).
    private static func isLess(_ a: [UInt8], than b: [UInt8]) -> Bool {
        for index in stride(from: 31, through: 0, by: -1) where a[index] != b[index] { return a[index] < b[index] }
        return false
    }

    private static func hex(_ text: StaticString) -> [UInt8] {
        let digits = Array(text.description.utf8).map { $0 <= UInt8(ascii: "9") ? $0 - 48 : $0 - 87 }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }
}
