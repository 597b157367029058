import GatehouseCore
import Testing

@Suite("Hex")
struct HexTests {
    @Test("encodes lower case, two digits a byte; decodes either case; refuses odd lengths and non-digits")
    func roundTrip() {
        let bytes: [UInt8] = [0x00, 0x0F, 0x10, 0x7F, 0xA5, 0xFF]
        #expect(Hex.lowercase(bytes) == "000f107fa5ff")
        #expect(Hex.lowercase([UInt8]()) == "")
        #expect(Hex.bytes(Array("000f107fa5ff".utf8)) == bytes)
        #expect(Hex.bytes(Array("000F107FA5FF".utf8)) == bytes)
        #expect(Hex.bytes(Array("".utf8)) == [])
        #expect(Hex.bytes(Array("abc".utf8)) == nil)
        #expect(Hex.bytes(Array("0g".utf8)) == nil)
        #expect(Hex.bytes(Array(" 0".utf8)) == nil)
        let all = (0...255).map(UInt8.init)
        #expect(Hex.bytes(Array(Hex.lowercase(all).utf8)) == all)
    }
}
