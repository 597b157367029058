import GatehouseCore
import Testing

@testable import JWT

@Suite("Digest: SHA-2")
struct DigestTests {
    @Test("FIPS 180-2 \"abc\" and empty-input known answers")
    func knownAnswers() {
        let abc = Array("abc".utf8)
        #expect(Hex.lowercase(Digest.sha256(abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Hex.lowercase(Digest.sha384(abc))
                == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
        )
        #expect(
            Hex.lowercase(Digest.sha512(abc))
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
                + "454d4423643ce80e2a9ac94fa54ca49f"
        )
        #expect(
            Hex.lowercase(Digest.sha256([UInt8]()))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("any collection of bytes gives the same digest as an array")
    func collections() {
        let bytes = Array("The quick brown fox".utf8)
        let expected = Digest.sha256(bytes)
        #expect(Digest.sha256("The quick brown fox".utf8) == expected)
        #expect(Digest.sha256(bytes[...]) == expected)
        #expect(Digest.sha256(bytes.reversed().reversed()) == expected)  // not contiguous
        #expect(Digest.sha384(bytes).count == 48)
        #expect(Digest.sha512(bytes).count == 64)
    }
}
