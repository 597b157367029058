import Testing

@testable import JWT

@Suite("ECDSA raw r||s <-> DER")
struct ECDSASignatureTests {
    private func der(_ raw: [UInt8], _ length: Int = 32) -> [UInt8]? {
        ECDSASignature.der(fromRaw: raw, coordinateByteCount: length)
    }

    private func raw(_ der: [UInt8], _ length: Int = 32) -> [UInt8]? {
        ECDSASignature.raw(fromDER: der, coordinateByteCount: length)
    }

    private func padded(_ bytes: [UInt8], _ length: Int = 32) -> [UInt8] {
        [UInt8](repeating: 0, count: length - bytes.count) + bytes
    }

    @Test("small r and s: leading zeros are stripped in DER and restored in raw")
    func small() throws {
        let signature = padded([1]) + padded([2])
        #expect(der(signature) == [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02])
        #expect(raw([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02]) == signature)
    }

    @Test("a high bit gets a 0x00 prefix in DER (DER integers are signed) and loses it in raw")
    func highBit() throws {
        let r = [UInt8](repeating: 0x80, count: 32)
        let s = [UInt8](repeating: 0xFF, count: 32)
        let encoded = try #require(der(r + s))
        #expect(encoded[0...4] == [0x30, 0x46, 0x02, 0x21, 0x00])
        #expect(encoded.count == 2 + 2 * 35)
        #expect(raw(encoded) == r + s)
    }

    @Test("zero encodes as INTEGER 0")
    func zero() throws {
        let signature = [UInt8](repeating: 0, count: 64)
        #expect(der(signature) == [0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x00])
        #expect(raw([0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x00]) == signature)
    }

    @Test("P-521: a sequence over 127 bytes uses the long length form (0x81)")
    func p521() throws {
        let r = [0x01] + [UInt8](repeating: 0xFF, count: 65)
        let s = [0x01] + [UInt8](repeating: 0xAB, count: 65)
        let encoded = try #require(der(r + s, 66))
        #expect(encoded[0...1] == [0x30, 0x81])
        #expect(Int(encoded[2]) == encoded.count - 3)
        #expect(raw(encoded, 66) == r + s)
    }

    @Test("random round trips on every curve keep the fixed length", arguments: [32, 48, 66])
    func roundTrips(length: Int) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var signature = (0..<(2 * length)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Force leading zero bytes now and then.
            if Bool.random() { signature[0] = 0; signature[1] = 0 }
            if Bool.random() { signature[length] = 0 }
            let encoded = try #require(der(signature, length))
            #expect(raw(encoded, length) == signature)
        }
    }

    @Test("raw of the wrong length is refused", arguments: [0, 1, 63, 65, 96, 128])
    func wrongRawLength(count: Int) {
        #expect(der([UInt8](repeating: 1, count: count)) == nil)
    }

    @Test("malformed or non-minimal DER is refused")
    func malformedDER() {
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("not a sequence", [0x31, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02]),
            ("trailing byte", [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00]),
            ("byte after the integers", [0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00]),
            ("truncated", [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01]),
            ("one integer", [0x30, 0x03, 0x02, 0x01, 0x01]),
            ("negative r", [0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x02]),
            ("non-minimal leading zero", [0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x02]),
            ("empty integer", [0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x02]),
            ("indefinite length", [0x30, 0x80, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00, 0x00]),
            ("non-minimal long length", [0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02]),
            (
                "r too long for P-256",
                [0x30, 0x25, 0x02, 0x21, 0x01] + [UInt8](repeating: 0x01, count: 32) + [0x02, 0x01, 0x02]
            ),
        ]
        for (name, bytes) in cases {
            #expect(raw(bytes) == nil, "\(name) accepted")
        }
    }
}
