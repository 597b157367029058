import Foundation
import GatehouseCore
import GatehouseTesting
import Testing

@testable import JWT

@Suite("PublicKey: building, import, validation")
struct PublicKeyTests {
    // MARK: - RSA numbers

    @Test("RSA keys from n and e equal the DER import; leading zeros are dropped")
    func rsaNumbers() throws {
        let key = try PublicKey(pemRepresentation: Fixtures.rsa1024PublicSPKI)
        #expect(key.kind == .rsa(modulusBits: 1024))
        guard case .rsa(let modulus, let exponent) = key.components else {
            Issue.record("not RSA components: \(key.components)")
            return
        }
        #expect(modulus.count == 128 && modulus[0] != 0)
        #expect(exponent == [0x01, 0x00, 0x01])
        let rebuilt = try PublicKey(rsaModulus: [0, 0] + modulus, exponent: [0] + exponent)
        #expect(rebuilt == key)
        #expect(rebuilt.components == key.components)
        #expect(rebuilt.derRepresentation == key.derRepresentation)
        // No exponent policy at this layer: e = 3 is a valid RSA key (the JOSE layer refuses it).
        #expect(try PublicKey(rsaModulus: modulus, exponent: [3]).kind == .rsa(modulusBits: 1024))
    }

    @Test("RSA numbers that cannot be a key are invalidKey, naming the cause")
    func rsaInvalid() throws {
        let key = try PublicKey(pemRepresentation: Fixtures.rsa1024PublicSPKI)
        guard case .rsa(let modulus, _) = key.components else { return }
        expectError(JWTError(.invalidKey), mentioning: ["modulus", "empty"]) {
            _ = try PublicKey(rsaModulus: [], exponent: [1, 0, 1])
        }
        expectError(JWTError(.invalidKey), mentioning: ["modulus", "empty or zero"]) {
            _ = try PublicKey(rsaModulus: [0, 0, 0], exponent: [1, 0, 1])
        }
        expectError(JWTError(.invalidKey), mentioning: ["modulus", "1024 bits", "even"]) {
            _ = try PublicKey(rsaModulus: Array(modulus.dropLast()) + [modulus.last! & 0xFE], exponent: [1, 0, 1])
        }
        expectError(JWTError(.invalidKey), mentioning: ["exponent", "empty or zero"]) {
            _ = try PublicKey(rsaModulus: modulus, exponent: [])
        }
        expectError(JWTError(.invalidKey), mentioning: ["exponent", "empty or zero"]) {
            _ = try PublicKey(rsaModulus: modulus, exponent: [0])
        }
        expectError(JWTError(.invalidKey), mentioning: ["exponent", "65536", "odd"]) {
            _ = try PublicKey(rsaModulus: modulus, exponent: [1, 0, 0])
        }
        expectError(JWTError(.invalidKey), mentioning: ["exponent", "is 1", "at least 3"]) {
            _ = try PublicKey(rsaModulus: modulus, exponent: [1])
        }
        expectError(JWTError(.invalidKey), mentioning: ["not smaller than the modulus"]) {
            _ = try PublicKey(rsaModulus: modulus, exponent: modulus)
        }
        expectError(JWTError(.unsupportedKey), mentioning: ["16392 bits", "16384"]) {
            _ = try PublicKey(rsaModulus: [UInt8](repeating: 0xFF, count: 2049), exponent: [1, 0, 1])
        }
    }

    // MARK: - EC numbers

    @Test("EC keys from x and y equal the DER import", arguments: [TestKeys.p256, TestKeys.p384, TestKeys.p521])
    func ecNumbers(key: PrivateKey) throws {
        guard case .ec(let curve, let x, let y) = key.publicKey.components else {
            Issue.record("not EC components")
            return
        }
        #expect(x.count == curve.coordinateByteCount && y.count == curve.coordinateByteCount)
        let rebuilt = try PublicKey(curve: curve, x: x, y: y)
        #expect(rebuilt == key.publicKey)
        #expect(rebuilt.kind == .ec(curve))
        #expect(rebuilt.derRepresentation == key.publicKey.derRepresentation)
    }

    @Test(
        "an off-curve point is refused (invalid-curve attack, RFC 8725 section 3.4)",
        arguments: [TestKeys.p256, TestKeys.p384, TestKeys.p521])
    func offCurve(key: PrivateKey) throws {
        guard case .ec(let curve, let x, let y) = key.publicKey.components else { return }
        var badY = y
        badY[badY.count - 1] ^= 0x01
        expectError(JWTError(.invalidKey), mentioning: ["not on curve \(curve.rawValue)", "invalid-curve"]) {
            _ = try PublicKey(curve: curve, x: x, y: badY)
        }
        var badX = x
        badX[0] ^= 0x40
        expectError(JWTError(.invalidKey), mentioning: ["curve \(curve.rawValue)"]) {
            _ = try PublicKey(curve: curve, x: badX, y: y)
        }
        let zero = [UInt8](repeating: 0, count: curve.coordinateByteCount)
        expectError(JWTError(.invalidKey), mentioning: ["curve \(curve.rawValue)"]) {
            _ = try PublicKey(curve: curve, x: zero, y: zero)
        }
        // Control: the negated point (x, p - y) IS on the curve and is accepted, so the refusals above are about the
        // curve equation, not about any change to y.
        let negatedY = subtract(Self.fieldPrime(curve), y)
        #expect(try PublicKey(curve: curve, x: x, y: negatedY).kind == .ec(curve))
    }

    @Test("P-256 coordinates not below the field prime are refused")
    func outOfRangeCoordinate() {
        let p = Self.fieldPrime(.p256)
        expectError(JWTError(.invalidKey), mentioning: ["P-256"]) {
            _ = try PublicKey(curve: .p256, x: p, y: [UInt8](repeating: 0, count: 31) + [1])
        }
        expectError(JWTError(.invalidKey), mentioning: ["P-256"]) {
            _ = try PublicKey(curve: .p256, x: [UInt8](repeating: 0, count: 32), y: p)
        }
    }

    @Test("an SPKI carrying an off-curve point is refused")
    func offCurveSPKI() throws {
        var der = TestKeys.p256.publicKey.derRepresentation
        der[der.count - 1] ^= 0x01
        let error = #expect(throws: JWTError.self) { try PublicKey(derRepresentation: der) }
        #expect(error?.code == .invalidKey)
    }

    @Test("EC coordinates of the wrong length are invalidKey, naming both lengths")
    func ecWrongLength() throws {
        guard case .ec(_, let x, let y) = TestKeys.p256.publicKey.components else { return }
        expectError(JWTError(.invalidKey), mentioning: ["32 bytes", "x of 31", "y of 32"]) {
            _ = try PublicKey(curve: .p256, x: Array(x.dropFirst()), y: y)
        }
        expectError(JWTError(.invalidKey), mentioning: ["48 bytes", "x of 32"]) {
            _ = try PublicKey(curve: .p384, x: x, y: y)
        }
        expectError(JWTError(.invalidKey), mentioning: ["x of 0", "y of 0"]) {
            _ = try PublicKey(curve: .p256, x: [], y: [])
        }
    }

    // MARK: - Ed25519, RFC 8037 appendix A

    static let rfc8037Seed = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"  // A.1 "d"
    static let rfc8037X = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"  // A.1/A.2 "x"
    static let rfc8037SigningInput = "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc"  // A.4
    static let rfc8037Signature =
        "hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"  // A.4
    static let rfc8037Thumbprint = "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"  // A.3

    /// The A.1 private key as PKCS#8 (RFC 8410 section 7): the fixed prefix, then the 32-byte seed.
    static var rfc8037PrivateKeyDER: [UInt8] {
        Hex.decode("302e020100300506032b657004220420") + Base64URL.decode(rfc8037Seed)
    }

    @Test("RFC 8037 A.1/A.2: the private key's public half is the published x")
    func rfc8037Keys() throws {
        let privateKey = try PrivateKey(derRepresentation: Self.rfc8037PrivateKeyDER)
        #expect(privateKey.kind == .ed25519)
        #expect(privateKey.publicKey.components == .ed25519(x: Base64URL.decode(Self.rfc8037X)))
        #expect(try PublicKey(ed25519: Base64URL.decode(Self.rfc8037X)) == privateKey.publicKey)
    }

    @Test("RFC 8037 A.3: the JWK thumbprint is SHA-256 of the canonical JWK")
    func rfc8037Thumbprint() {
        let canonical = #"{"crv":"Ed25519","kty":"OKP","x":"\#(Self.rfc8037X)"}"#
        #expect(Digest.sha256(Array(canonical.utf8)) == Base64URL.decode(Self.rfc8037Thumbprint))
    }

    @Test("RFC 8037 A.4: signing \"Example of Ed25519 signing\" gives the published signature")
    func rfc8037Signing() throws {
        let payload = Base64URL.decode(String(Self.rfc8037SigningInput.split(separator: ".")[1]))
        #expect(String(decoding: payload, as: UTF8.self) == "Example of Ed25519 signing")
        let privateKey = try PrivateKey(derRepresentation: Self.rfc8037PrivateKeyDER)
        let signature = try privateKey.signature(for: Array(Self.rfc8037SigningInput.utf8), algorithm: .edDSA)
        #expect(signature == Base64URL.decode(Self.rfc8037Signature))
    }

    @Test("RFC 8037 A.5: the published signature verifies with the published x, and a changed one does not")
    func rfc8037Validation() throws {
        let key = try PublicKey(ed25519: Base64URL.decode(Self.rfc8037X))
        let signature = Base64URL.decode(Self.rfc8037Signature)
        let input = Array(Self.rfc8037SigningInput.utf8)
        #expect(signature.count == 64)
        #expect(key.isValidSignature(signature, for: input, algorithm: .edDSA))
        var flipped = signature
        flipped[10] ^= 0x80
        #expect(!key.isValidSignature(flipped, for: input, algorithm: .edDSA))
        #expect(!key.isValidSignature(signature, for: input + [0x2E], algorithm: .edDSA))
        #expect(!key.isValidSignature(signature, for: input, algorithm: .es256))
    }

    @Test("an Ed25519 key is exactly 32 bytes", arguments: [0, 31, 33, 64])
    func ed25519Length(count: Int) {
        expectError(JWTError(.invalidKey), mentioning: ["32 bytes", "found \(count)"]) {
            _ = try PublicKey(ed25519: [UInt8](repeating: 7, count: count))
        }
    }

    // MARK: - DER and PEM import

    @Test("DER and PEM exports read back to the same key")
    func exportRoundTrip() throws {
        for privateKey in TestKeys.all {
            let key = privateKey.publicKey
            #expect(try PublicKey(derRepresentation: key.derRepresentation) == key)
            #expect(key.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
            #expect(try PublicKey(pemRepresentation: key.pemRepresentation) == key)
        }
    }

    @Test("the DER export, written from the numbers, is byte for byte what OpenSSL's i2d_PUBKEY writes")
    func derMatchesOpenSSL() throws {
        let rsa1024 = try PublicKey(pemRepresentation: Fixtures.rsa1024PublicSPKI)
        guard case .rsa(let modulus, _) = rsa1024.components else { return }
        // Long-form lengths of one and two bytes, exponent 3, a modulus with its high bit clear (no zero byte before
        // it), and one short enough for short-form lengths.
        let keys =
            TestKeys.all.map(\.publicKey) + [
                rsa1024, try PublicKey(rsaModulus: modulus, exponent: [3]),
                try PublicKey(rsaModulus: [modulus[0] & 0x7F] + modulus.dropFirst(), exponent: [1, 0, 1]),
                try PublicKey(rsaModulus: Array(modulus.suffix(32)), exponent: [1, 0, 1]),
            ]
        for key in keys {
            #expect(key.derRepresentation == (try PublicKey.spki(of: key.key)), "\(key)")
        }
        #expect(rsa1024.derRepresentation == Fixtures.der(Fixtures.rsa1024PublicSPKI))
    }

    @Test("PEM import ignores surrounding whitespace and CRLF line ends")
    func pemWhitespace() throws {
        let expected = try PublicKey(pemRepresentation: Fixtures.rsa1024PublicSPKI)
        let crlf = "\r\n  " + Fixtures.rsa1024PublicSPKI.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n\n "
        #expect(try PublicKey(pemRepresentation: crlf) == expected)
    }

    @Test("PEM text that is not one PUBLIC KEY block is invalidKey, naming what was found")
    func pemErrors() throws {
        let body = Fixtures.rsa1024PublicSPKI
        expectError(JWTError(.invalidKey), mentioning: ["PEM", "a line of 7 characters (not shown"]) {
            _ = try PublicKey(pemRepresentation: "garbage")
        }
        expectError(JWTError(.invalidKey), mentioning: ["empty"]) {
            _ = try PublicKey(pemRepresentation: "  \n ")
        }
        expectError(JWTError(.invalidKey), mentioning: ["RSA PUBLIC KEY", "PKCS#1", "-RSAPublicKey_in"]) {
            _ = try PublicKey(pemRepresentation: Fixtures.rsa1024PublicPKCS1)
        }
        expectError(JWTError(.invalidKey), mentioning: ["\"CERTIFICATE\"", "openssl x509"]) {
            _ = try PublicKey(pemRepresentation: body.replacingOccurrences(of: "PUBLIC KEY", with: "CERTIFICATE"))
        }
        expectError(JWTError(.invalidKey), mentioning: ["RSA PRIVATE KEY", "-pubout"]) {
            _ = try PublicKey(pemRepresentation: Fixtures.rsa1024PKCS1)
        }
        expectError(JWTError(.invalidKey), mentioning: ["no \"-----END PUBLIC KEY-----\"", "truncated"]) {
            _ = try PublicKey(pemRepresentation: String(body.split(separator: "\n").dropLast().joined(separator: "\n")))
        }
        expectError(JWTError(.invalidKey), mentioning: ["closed by", "-----END PRIVATE KEY-----"]) {
            _ = try PublicKey(pemRepresentation: body.replacingOccurrences(of: "END PUBLIC", with: "END PRIVATE"))
        }
        expectError(JWTError(.invalidKey), mentioning: ["not base64"]) {
            _ = try PublicKey(pemRepresentation: body.replacingOccurrences(of: "MIGf", with: "MI*f"))
        }
        expectError(JWTError(.invalidKey), mentioning: ["found 2 blocks", "PUBLIC KEY, PUBLIC KEY"]) {
            _ = try PublicKey(pemRepresentation: body + "\n" + body)
        }
        expectError(JWTError(.invalidKey), mentioning: ["a line of 8 characters (not shown", "line 7"]) {
            _ = try PublicKey(pemRepresentation: body + "\ntrailing")
        }
        // A key pasted without its BEGIN line: no part of it is quoted back (it may be a private key).
        let privateBody = try PrivateKey.generate(.ec(.p256)).pemRepresentation.split(separator: "\n")
            .filter { !$0.hasPrefix("-----") }
        do {
            _ = try PrivateKey(pemRepresentation: privateBody.joined(separator: "\n"))
            Issue.record("a PEM body without its BEGIN line was read")
        } catch {
            let error = error as? JWTError ?? JWTError(.invalidKey, "\(error)")
            for line in privateBody {
                for start in stride(from: 0, to: max(1, line.count - 11), by: 4) {
                    let piece = String(line.dropFirst(start).prefix(12))
                    #expect(!error.reason.contains(piece), "the message quotes key material: \(error.reason)")
                }
            }
            #expect(error.reason.contains("not shown"))
        }
        // A body cut short: valid base64, not a complete SubjectPublicKeyInfo.
        let lines = body.split(separator: "\n")
        let shortened = ([lines[0]] + lines[1...2] + [lines.last!]).joined(separator: "\n")
        expectError(JWTError(.invalidKey), mentioning: ["SubjectPublicKeyInfo", "OpenSSL:"]) {
            _ = try PublicKey(pemRepresentation: shortened)
        }
    }

    @Test("DER that is not one SubjectPublicKeyInfo is invalidKey")
    func derErrors() {
        let der = TestKeys.p256.publicKey.derRepresentation
        expectError(JWTError(.invalidKey), mentioning: ["empty"]) {
            _ = try PublicKey(derRepresentation: [])
        }
        expectError(JWTError(.invalidKey), mentioning: ["9 bytes", "SubjectPublicKeyInfo"]) {
            _ = try PublicKey(derRepresentation: Array("not a key".utf8))
        }
        expectError(JWTError(.invalidKey), mentioning: ["SubjectPublicKeyInfo"]) {
            _ = try PublicKey(derRepresentation: Array(der.prefix(der.count - 10)))
        }
        expectError(JWTError(.invalidKey), mentioning: ["\(der.count + 1) bytes", "after it"]) {
            _ = try PublicKey(derRepresentation: der + [0])
        }
        expectError(JWTError(.invalidKey), mentioning: ["SubjectPublicKeyInfo", "convert"]) {
            _ = try PublicKey(derRepresentation: Fixtures.der(Fixtures.rsa1024PublicPKCS1))
        }
    }

    @Test("keys of other types or curves are unsupportedKey, naming them")
    func unsupported() {
        expectError(JWTError(.unsupportedKey), mentioning: ["secp256k1", "P-256, P-384 and P-521"]) {
            _ = try PublicKey(pemRepresentation: Fixtures.secp256k1SPKI)
        }
        expectError(JWTError(.unsupportedKey), mentioning: ["X25519", "Ed25519"]) {
            _ = try PublicKey(pemRepresentation: Fixtures.x25519SPKI)
        }
        expectError(JWTError(.unsupportedKey), mentioning: ["ED448"]) {
            _ = try PublicKey(pemRepresentation: Fixtures.ed448SPKI)
        }
        expectError(JWTError(.unsupportedKey), mentioning: ["RSA-PSS"]) {
            _ = try PublicKey(pemRepresentation: Fixtures.rsaPSSSPKI)
        }
    }

    @Test("HS* never verifies with a public key")
    func symmetricOnPublicKey() throws {
        for privateKey in TestKeys.all {
            for algorithm in [JWSAlgorithm.hs256, .hs384, .hs512] {
                #expect(!privateKey.publicKey.supports(algorithm))
                let mac = try SymmetricKey(bytes: privateKey.publicKey.derRepresentation)
                    .authenticationCode(for: [1, 2, 3], algorithm: algorithm)
                #expect(!privateKey.publicKey.isValidSignature(mac, for: [1, 2, 3], algorithm: algorithm))
            }
        }
    }

    @Test("descriptions name the kind")
    func descriptions() {
        #expect(TestKeys.rsa2048.publicKey.description == "PublicKey(RSA 2048-bit)")
        #expect(TestKeys.p384.publicKey.description == "PublicKey(EC P-384)")
        #expect(TestKeys.ed25519.description == "PrivateKey(Ed25519)")
    }

    // MARK: - Helpers

    /// The field primes of the NIST curves (FIPS 186-4 appendix D.1.2), big-endian at the coordinate length.
    static func fieldPrime(_ curve: EllipticCurve) -> [UInt8] {
        switch curve {
        case .p256: Hex.decode("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
        case .p384:
            Hex.decode(
                "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff")
        case .p521: [0x01] + [UInt8](repeating: 0xFF, count: 65)
        }
    }

    /// a - b for big-endian numbers of equal length with a >= b.
    private func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: a.count)
        var borrow = 0
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            var difference = Int(a[index]) - Int(b[index]) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 256 }
            result[index] = UInt8(difference)
        }
        return result
    }
}
