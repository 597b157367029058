import JWT

/// Keys, a JWKS and signed tokens made fresh for each run (nothing secret is committed).
///
/// The key set is shaped like Apple's: three RSA-2048 keys with `"alg":"RS256"` and `"use":"sig"`, plus one key
/// each for PS256, ES256 (P-256) and EdDSA (Ed25519), so kid selection always searches a set of six keys.
struct Fixtures {
    struct Signed {
        let algorithm: JWSAlgorithm
        let keyID: String
        let token: String
        let signingInput: [UInt8]
        /// The signature as JWS carries it.
        let signature: [UInt8]
        /// The signature as OpenSSL takes it (DER for ECDSA).
        let opensslSignature: [UInt8]
        let publicKey: PublicKey
        let privateKey: PrivateKey
    }

    static let clientID = "com.example.gatehouse"
    static let issuer = "https://appleid.apple.com"

    let jwksJSON: String
    /// Only the three Apple-shaped RS256 keys: what `jwtcheck token` reads in the whole-process comparison.
    let appleJWKSJSON: String
    let keySet: JWKSet
    let rs256: Signed
    let ps256: Signed
    let es256: Signed
    let edDSA: Signed
    /// The `iat` of every token (Unix seconds); tokens expire a day later.
    let issuedAt: Int

    init(issuedAt: Int) throws {
        self.issuedAt = issuedAt
        let appleKeyIDs = ["W6WcOKB", "fh6Bs8C", "YuyXoY"]
        var rsaKeys: [PrivateKey] = []
        for _ in appleKeyIDs { rsaKeys.append(try PrivateKey.generate(.rsa(modulusBits: 2048))) }
        let psKey = try PrivateKey.generate(.rsa(modulusBits: 2048))
        let ecKey = try PrivateKey.generate(.ec(.p256))
        let edKey = try PrivateKey.generate(.ed25519)

        var members: [String] = []
        for (key, kid) in zip(rsaKeys, appleKeyIDs) { members.append(Self.jwk(key.publicKey, kid: kid, alg: "RS256")) }
        members.append(Self.jwk(psKey.publicKey, kid: "ps-2026", alg: "PS256"))
        members.append(Self.jwk(ecKey.publicKey, kid: "es-2026", alg: "ES256"))
        members.append(Self.jwk(edKey.publicKey, kid: "ed-2026", alg: "EdDSA"))
        jwksJSON = "{\"keys\":[" + members.joined(separator: ",") + "]}"
        appleJWKSJSON = "{\"keys\":[" + members.prefix(3).joined(separator: ",") + "]}"
        keySet = try JWKSet(jwksJSON: Array(jwksJSON.utf8))

        let claims = Self.appleClaims(issuedAt: issuedAt)
        rs256 = try Self.sign(claims, key: rsaKeys[1], kid: appleKeyIDs[1], algorithm: .rs256)
        ps256 = try Self.sign(claims, key: psKey, kid: "ps-2026", algorithm: .ps256)
        es256 = try Self.sign(claims, key: ecKey, kid: "es-2026", algorithm: .es256)
        edDSA = try Self.sign(claims, key: edKey, kid: "ed-2026", algorithm: .edDSA)
    }

    /// The claims of a Sign in with Apple identity token, as Apple writes them (about 600 bytes of JSON).
    static func appleClaims(issuedAt: Int) -> String {
        """
        {"iss":"\(issuer)","aud":"\(clientID)","exp":\(issuedAt + 86_400),"iat":\(issuedAt),\
        "sub":"001234.5f2c1a9d8e7b4c3a9f1e2d3c4b5a6978.1234","c_hash":"m1Yc6Kt3rXoPk7WzT9sHcQ",\
        "email":"q8xk2ytv7m@privaterelay.appleid.com","email_verified":true,"is_private_email":true,\
        "auth_time":\(issuedAt),"nonce_supported":true,"real_user_status":2,\
        "nonce":"3b7e0a3d1f5c9a2e8b4d6f0c1a3e5b7d9f2c4e6a8b0d2f4a6c8e0b2d4f6a8c0e"}
        """
    }

    private static func sign(_ claims: String, key: PrivateKey, kid: String, algorithm: JWSAlgorithm) throws -> Signed {
        let signer = try JWSSigner(privateKey: key, algorithm: algorithm, keyID: kid)
        let token = try signer.sign(claimsJSON: Array(claims.utf8))
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        let signature = try Base64URL.decode(parts[2], segment: "signature")
        let openssl = algorithm == .es256 ? RawVerifier.derECDSA(raw: signature) : signature
        return Signed(
            algorithm: algorithm, keyID: kid, token: token, signingInput: signingInput, signature: signature,
            opensslSignature: openssl, publicKey: key.publicKey, privateKey: key)
    }

    private static func jwk(_ key: PublicKey, kid: String, alg: String) -> String {
        let head = "{\"kid\":\"\(kid)\",\"use\":\"sig\",\"alg\":\"\(alg)\","
        switch key.components {
        case .rsa(let modulus, let exponent):
            return head
                + "\"kty\":\"RSA\",\"n\":\"\(Base64URL.encode(modulus))\",\"e\":\"\(Base64URL.encode(exponent))\"}"
        case .ec(let curve, let x, let y):
            return head
                + "\"kty\":\"EC\",\"crv\":\"\(curve.rawValue)\",\"x\":\"\(Base64URL.encode(x))\",\"y\":\"\(Base64URL.encode(y))\"}"
        case .ed25519(let x):
            return head + "\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"\(Base64URL.encode(x))\"}"
        }
    }
}
