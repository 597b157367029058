/// Packs a short member name (up to 8 UTF-8 bytes) into an integer, so the hot paths can switch over registered
/// names (RFC 7515 section 4.1, RFC 7519 section 4.1) with integer compares instead of string compares.
///
/// The packing must be one-to-one, or a name that is not `alg` would be read as `alg` (the exact comparison rule,
/// `ExactString`). Big-endian bytes alone are not: a leading NUL byte adds nothing to the integer, so `"\u0000alg"`
/// packed like `"alg"`. A name holding a NUL byte therefore has no key (0, which no registered name has); without
/// NUL bytes, the highest non-zero byte marks the length, so different names give different keys.
enum MemberKey {
    /// The name's bytes, big-endian, in a UInt64; 0 for names that are empty, longer than 8 bytes or hold a NUL.
    @inline(__always)
    static func of(_ name: String) -> UInt64 {
        let utf8 = name.utf8
        guard utf8.count <= 8 else { return 0 }
        return of(utf8)
    }

    /// The key of up to 8 bytes, or 0 when one of them is NUL (see the type's comment).
    @inline(__always)
    static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for byte in bytes {
            if byte == 0 { return 0 }
            key = key << 8 | UInt64(byte)
        }
        return key
    }

    static let iss: UInt64 = 0x69_7373
    static let sub: UInt64 = 0x73_7562
    static let aud: UInt64 = 0x61_7564
    static let exp: UInt64 = 0x65_7870
    static let nbf: UInt64 = 0x6e_6266
    static let iat: UInt64 = 0x69_6174
    static let jti: UInt64 = 0x6a_7469
    static let alg: UInt64 = 0x61_6c67
    static let kid: UInt64 = 0x6b_6964
    static let typ: UInt64 = 0x74_7970
    static let cty: UInt64 = 0x63_7479
    static let jku: UInt64 = 0x6a_6b75
    static let x5u: UInt64 = 0x78_3575
    static let x5t: UInt64 = 0x78_3574
    static let jwk: UInt64 = 0x6a_776b
    static let x5c: UInt64 = 0x78_3563
    static let crit: UInt64 = 0x6372_6974
    static let x5tS256: UInt64 = 0x7835_7423_5332_3536
}
