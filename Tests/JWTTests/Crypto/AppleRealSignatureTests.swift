import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// Genuine Apple-signed RS256 tokens (public fixtures in `../shared/fixtures/apple-real`), checked at the crypto
/// layer only: the key named by the header's kid verifies the signature over `header.payload`, every other key of
/// the set does not, and a one-byte change fails. (Parsing JWKs and tokens properly is the JOSE layer's job; this
/// test decodes them with Foundation.)
@Suite("Genuine Apple RS256 signatures")
struct AppleRealSignatureTests {
    static var folders: [String] {
        let directory = SharedResources.appleRealDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("\($0)/token.jwt").path)
        }.sorted()
    }

    @Test(
        "the kid's key verifies the token, other keys and a changed signature do not",
        .enabled(if: SharedResources.hasAppleReal, Comment(rawValue: SharedResources.absentMessage))
    )
    func appleTokens() throws {
        let folders = Self.folders
        #expect(!folders.isEmpty, "no token folders found")
        for folder in folders {
            let directory = SharedResources.appleRealDirectory.appendingPathComponent(folder)
            let token = try String(contentsOf: directory.appendingPathComponent("token.jwt"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let segments = token.split(separator: ".", omittingEmptySubsequences: false)
            try #require(segments.count == 3, "\(folder): not a compact JWS")
            let header = try #require(
                try JSONSerialization.jsonObject(with: Data(Base64URL.decode(String(segments[0])))) as? [String: Any]
            )
            let kid = try #require(header["kid"] as? String, "\(folder): no kid")
            #expect(header["alg"] as? String == "RS256", "\(folder)")
            let signingInput = Array("\(segments[0]).\(segments[1])".utf8)
            let signature = Base64URL.decode(String(segments[2]))

            let jwks = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("jwks.json")))
                    as? [String: Any]
            )
            let keys = try #require(jwks["keys"] as? [[String: Any]])
            var matched = 0
            for jwk in keys {
                let n = try #require(jwk["n"] as? String)
                let e = try #require(jwk["e"] as? String)
                let key = try PublicKey(rsaModulus: Base64URL.decode(n), exponent: Base64URL.decode(e))
                #expect(key.kind == .rsa(modulusBits: 2048), "\(folder) \(jwk["kid"] ?? "?")")
                let verdict = key.isValidSignature(signature, for: signingInput, algorithm: .rs256)
                if jwk["kid"] as? String == kid {
                    matched += 1
                    #expect(verdict, "\(folder): Apple's key \(kid) does not verify its own token")
                    var changed = signature
                    changed[changed.count / 2] ^= 0x04
                    #expect(!key.isValidSignature(changed, for: signingInput, algorithm: .rs256), "\(folder)")
                    #expect(!key.isValidSignature(signature, for: signingInput, algorithm: .ps256), "\(folder)")
                } else {
                    #expect(!verdict, "\(folder): key \(jwk["kid"] ?? "?") verifies a token signed by \(kid)")
                }
            }
            #expect(matched == 1, "\(folder): kid \(kid) is in the set \(matched) times")
        }
    }
}
