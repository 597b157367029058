import Foundation
import GatehouseTesting
import Testing

@testable import JWT

@Suite("PrivateKey: import, export, generation")
struct PrivateKeyTests {
    let message = Array("header.payload".utf8)

    @Test("PKCS#8 PEM export reads back to the same key, for every kind")
    func pemRoundTrip() throws {
        for key in TestKeys.all {
            #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
            #expect(key.pemRepresentation.hasSuffix("-----END PRIVATE KEY-----\n"))
            let reread = try PrivateKey(pemRepresentation: key.pemRepresentation)
            #expect(reread.kind == key.kind)
            #expect(reread.publicKey == key.publicKey)
            // And the reread key signs for the original public key.
            let algorithm = try #require(JWSAlgorithm.allCases.first { key.publicKey.supports($0) })
            let signature = try reread.signature(for: message, algorithm: algorithm)
            #expect(key.publicKey.isValidSignature(signature, for: message, algorithm: algorithm))
        }
    }

    @Test("an Apple-style .p8 (PKCS#8 P-256, no final newline, stray whitespace) signs ES256")
    func appleP8() throws {
        let text = "\n   " + TestKeys.p256.pemRepresentation.trimmingCharacters(in: .newlines) + "  \t"
        let key = try PrivateKey(pemRepresentation: text)
        #expect(key.kind == .ec(.p256))
        let signature = try key.signature(for: message, algorithm: .es256)
        #expect(TestKeys.p256.publicKey.isValidSignature(signature, for: message, algorithm: .es256))
    }

    @Test("PKCS#1 RSA PRIVATE KEY PEM and DER are read; the public half matches the published one")
    func pkcs1() throws {
        let fromPEM = try PrivateKey(pemRepresentation: Fixtures.rsa1024PKCS1)
        let fromDER = try PrivateKey(derRepresentation: Fixtures.der(Fixtures.rsa1024PKCS1))
        let published = try PublicKey(pemRepresentation: Fixtures.rsa1024PublicSPKI)
        #expect(fromPEM.kind == .rsa(modulusBits: 1024))
        #expect(fromPEM.publicKey == published)
        #expect(fromDER.publicKey == published)
        for algorithm in [JWSAlgorithm.rs256, .rs512, .ps256, .ps384] {
            let signature = try fromPEM.signature(for: message, algorithm: algorithm)
            #expect(published.isValidSignature(signature, for: message, algorithm: algorithm), "\(algorithm)")
        }
        // PS512 needs 2 + 64 + 64 bytes of encoded message (RFC 8017 section 9.1.1): more than a 1024-bit modulus.
        expectError(JWTError(.signingFailed), mentioning: ["PS512 signing failed", "OpenSSL:"]) {
            _ = try fromPEM.signature(for: message, algorithm: .ps512)
        }
    }

    @Test("SEC 1 EC PRIVATE KEY after an EC PARAMETERS block is read")
    func sec1() throws {
        let key = try PrivateKey(pemRepresentation: Fixtures.p256SEC1WithParameters)
        #expect(key.kind == .ec(.p256))
        let signature = try key.signature(for: message, algorithm: .es256)
        #expect(key.publicKey.isValidSignature(signature, for: message, algorithm: .es256))
    }

    @Test("PKCS#8 DER is read")
    func pkcs8DER() throws {
        for key in TestKeys.all {
            let der = Fixtures.der(key.pemRepresentation)
            #expect(try PrivateKey(derRepresentation: der).publicKey == key.publicKey)
        }
    }

    @Test("encrypted keys are invalidKey, saying so and how to decrypt")
    func encrypted() {
        expectError(JWTError(.invalidKey), mentioning: ["encrypted", "ENCRYPTED PRIVATE KEY", "openssl pkcs8"]) {
            _ = try PrivateKey(pemRepresentation: Fixtures.encryptedPKCS8)
        }
        expectError(JWTError(.invalidKey), mentioning: ["encrypted", "Proc-Type", "openssl pkey"]) {
            _ = try PrivateKey(pemRepresentation: Fixtures.legacyEncryptedSEC1)
        }
        expectError(JWTError(.invalidKey), mentioning: ["encrypted", "EncryptedPrivateKeyInfo", "openssl pkcs8"]) {
            _ = try PrivateKey(derRepresentation: Fixtures.der(Fixtures.encryptedPKCS8))
        }
    }

    @Test("PEM that is not one private key block is invalidKey, naming what was found")
    func pemErrors() {
        expectError(JWTError(.invalidKey), mentioning: ["private key", "PEM", "a line of 32 characters (not shown"]) {
            _ = try PrivateKey(pemRepresentation: "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC")
        }
        expectError(JWTError(.invalidKey), mentioning: ["PRIVATE KEY", "found \"PUBLIC KEY\""]) {
            _ = try PrivateKey(pemRepresentation: Fixtures.rsa1024PublicSPKI)
        }
        expectError(JWTError(.invalidKey), mentioning: ["found 2", "RSA PRIVATE KEY, PRIVATE KEY"]) {
            _ = try PrivateKey(pemRepresentation: Fixtures.rsa1024PKCS1 + "\n" + TestKeys.p256.pemRepresentation)
        }
        expectError(JWTError(.invalidKey), mentioning: ["found 0", "blocks: EC PARAMETERS"]) {
            _ = try PrivateKey(
                pemRepresentation: "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----")
        }
        expectError(JWTError(.invalidKey), mentioning: ["truncated"]) {
            _ = try PrivateKey(pemRepresentation: String(TestKeys.p256.pemRepresentation.dropLast(30)))
        }
        // An RSA key under the SEC 1 label, and an EC key under the PKCS#1 label: the label names the key type.
        let rsaAsEC = Fixtures.rsa1024PKCS1.replacingOccurrences(of: "RSA PRIVATE KEY", with: "EC PRIVATE KEY")
        expectError(JWTError(.invalidKey), mentioning: ["not a SEC 1 ECPrivateKey", "wrong PEM label"]) {
            _ = try PrivateKey(pemRepresentation: rsaAsEC)
        }
        let ecAsRSA = TestKeys.p256.pemRepresentation.replacingOccurrences(of: "PRIVATE KEY", with: "RSA PRIVATE KEY")
        expectError(JWTError(.invalidKey), mentioning: ["not a PKCS#1 RSAPrivateKey", "wrong PEM label"]) {
            _ = try PrivateKey(pemRepresentation: ecAsRSA)
        }
    }

    @Test("DER that is not a private key is invalidKey")
    func derErrors() {
        let der = Fixtures.der(TestKeys.p256.pemRepresentation)
        expectError(JWTError(.invalidKey), mentioning: ["empty"]) {
            _ = try PrivateKey(derRepresentation: [])
        }
        expectError(JWTError(.invalidKey), mentioning: ["\(der.count - 5) DER bytes", "truncated"]) {
            _ = try PrivateKey(derRepresentation: Array(der.dropLast(5)))
        }
        expectError(JWTError(.invalidKey), mentioning: ["1 bytes follow"]) {
            _ = try PrivateKey(derRepresentation: der + [0])
        }
        expectError(JWTError(.invalidKey), mentioning: ["not a PKCS#8, PKCS#1 or SEC 1 private key"]) {
            _ = try PrivateKey(derRepresentation: TestKeys.p256.publicKey.derRepresentation)
        }
    }

    @Test("a private key whose embedded public key belongs to another key is invalidKey")
    func mismatchedHalves() throws {
        // The SEC 1 structure ends with the public point (0x04 || x || y); put another key's point there.
        var der = Fixtures.der(
            Fixtures.p256SEC1WithParameters.components(separatedBy: "-----END EC PARAMETERS-----")[1])
        guard case .ec(_, let x, let y) = TestKeys.p256.publicKey.components else { return }
        let point = [0x04] + x + y
        #expect(Array(der.suffix(65)).first == 0x04)
        der.replaceSubrange((der.count - 64)..<der.count, with: point.dropFirst())
        expectError(JWTError(.invalidKey), mentioning: ["do not match"]) {
            _ = try PrivateKey(derRepresentation: der)
        }
    }

    @Test("keys of other types or curves are unsupportedKey, naming them")
    func unsupported() {
        expectError(JWTError(.unsupportedKey), mentioning: ["secp256k1"]) {
            _ = try PrivateKey(pemRepresentation: Fixtures.secp256k1PKCS8)
        }
        expectError(JWTError(.unsupportedKey), mentioning: ["ED448", "Ed25519"]) {
            _ = try PrivateKey(pemRepresentation: Fixtures.ed448PKCS8)
        }
    }

    @Test("generation makes keys of the asked kind; RSA sizes outside 2048...16384 are refused")
    func generation() throws {
        #expect(TestKeys.rsa2048.kind == .rsa(modulusBits: 2048))
        #expect(TestKeys.p521.kind == .ec(.p521))
        #expect(try PrivateKey.generate(.ec(.p256)).publicKey != TestKeys.p256.publicKey)
        expectError(JWTError(.unsupportedKey), mentioning: ["1024-bit", "2048"]) {
            _ = try PrivateKey.generate(.rsa(modulusBits: 1024))
        }
        expectError(JWTError(.unsupportedKey), mentioning: ["2049-bit", "multiple of 8"]) {
            _ = try PrivateKey.generate(.rsa(modulusBits: 2049))
        }
    }

    @Test("descriptions never print key material")
    func description() {
        let key = TestKeys.p256
        #expect(key.description == "PrivateKey(EC P-256)")
        #expect(!String(describing: key).contains("BEGIN"))
    }
}
