import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// Worked examples published in the RFCs, copied with their section named. Each must verify exactly; a one-byte
/// change to each must not.
@Suite("RFC examples (7515, 7520, 8037, 7638)")
struct RFCExampleTests {
    static func keySet(_ jwk: String) throws -> JWKSet {
        try JWKSet(jwksJSON: Array("{\"keys\":[\(jwk)]}".utf8))
    }

    static func flipSignature(_ token: String) -> String {
        var segments = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var signature = Array(segments[2])
        let middle = signature.count / 2
        signature[middle] = signature[middle] == "A" ? "B" : "A"
        segments[2] = String(signature)
        return segments.joined(separator: ".")
    }

    // MARK: RFC 7515 appendix A (payload {"iss":"joe",\r\n "exp":1300819380,\r\n "http://example.com/is_root":true})

    /// RFC 7515 appendix A.2.1: the RSA public key (n, e).
    static let rfc7515A2Key = """
        {"kty":"RSA","n":"ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4Q\
        lL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7W\
        TBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDT\
        W9gb54h4FRWyuXpoQ","e":"AQAB"}
        """
    /// RFC 7515 appendix A.2.1: the complete JWS.
    static let rfc7515A2Token = """
        eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlf\
        Q.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1\
        dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwu\
        sC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw
        """
    /// RFC 7515 appendix A.3.1: the P-256 public key.
    static let rfc7515A3Key = """
        {"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",\
        "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
        """
    /// RFC 7515 appendix A.3.1: the complete JWS.
    static let rfc7515A3Token = """
        eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlf\
        Q.DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q
        """
    static let rfc7515Now = Date(timeIntervalSince1970: 1_300_819_000)

    @Test(
        "RFC 7515 appendix A.2 (RS256) and A.3 (ES256) verify as JWTs; the only key is chosen without kid",
        arguments: [(rfc7515A2Key, rfc7515A2Token, JWSAlgorithm.rs256), (rfc7515A3Key, rfc7515A3Token, .es256)])
    func rfc7515(key: String, token: String, algorithm: JWSAlgorithm) throws {
        let verifier = JWTVerifier(
            keySet: try Self.keySet(key),
            options: try JWTValidationOptions(audience: .insecureNotChecked, issuer: "joe"))
        let verified = try verifier.verify(token, now: Self.rfc7515Now)
        #expect(verified.algorithm == algorithm)
        #expect(verified.keySelection == .onlyUsableKey)
        #expect(verified.claims.issuer == "joe")
        #expect(verified.claims.expiration == Date(timeIntervalSince1970: 1_300_819_380))
        #expect(verified.claims["http://example.com/is_root"] == .bool(true))
        #expect(throws: JWTError(.invalidSignature)) {
            try verifier.verify(Self.flipSignature(token), now: Self.rfc7515Now)
        }
        #expect(throws: JWTError(.expired)) {
            try verifier.verify(token, now: Date(timeIntervalSince1970: 1_300_819_380 + 60))
        }
    }

    // MARK: RFC 7520 section 4 (payload: Figure 7, "It’s a dangerous business, Frodo, ...", not JSON)

    /// RFC 7520 section 3.3 (Figure 3): RSA public key.
    static let rfc7520RSAKey = """
        {"kty":"RSA","kid":"bilbo.baggins@hobbiton.example","use":"sig","n":"n4EPtAOCc9AlkeQHPzHStgAbgs7bTZLwUBZdR8_KuKPEH\
        Ld4rHVTeT-O-XV2jRojdNhxJWTDvNd7nqQ0VEiZQHz_AJmSCpMaJMRBSFKrKb2wqVwGU_NsYOYL-QtiWN2lbzcEe6XC0dApr5ydQLrHqkHHig3RBord\
        aZ6Aj-oBHqFEHYpPe7Tpe-OfVfHd1E6cS6M1FZcD1NNLYD5lFHpPI9bTwJlsde3uhGqC0ZCuEHg8lhzwOHrtIQbS0FVbb9k3-tVTU4fg_3L_vniUFAK\
        wuCLqKnS2BYwdq_mzSnbLY7h_qixoR7jig3__kRhuaxwUkRz5iaiQkqgc5gHdrNP5zw","e":"AQAB"}
        """
    /// RFC 7520 section 3.1 (Figure 1): EC P-521 public key.
    static let rfc7520ECKey = """
        {"kty":"EC","kid":"bilbo.baggins@hobbiton.example","use":"sig","crv":"P-521",\
        "x":"AHKZLLOsCOzz5cY97ewNUajB957y-C-U88c3v13nmGZx6sYl_oJXu9A5RkTKqjqvjyekWF-7ytDyRXYgCF5cj0Kt",\
        "y":"AdymlHvOiLxXkEhayXQnNCvDX4h9htZaCJN34kfmC6pV5OhQHiraVySsUdaQkAgDPrwQrJmbnX9cwlGfP-HqHZR1"}
        """
    /// RFC 7520 section 3.5 (Figure 5): HMAC key.
    static let rfc7520HMACKey = """
        {"kty":"oct","kid":"018c0ae5-4d9b-471b-bfd6-eef314bc7037","use":"sig","alg":"HS256",\
        "k":"hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"}
        """
    /// RFC 7520 section 4 (Figure 8): the payload, base64url-encoded.
    static let rfc7520Payload = """
        SXTigJlzIGEgZGFuZ2Vyb3VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5kIGl\
        mIHlvdSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0by4
        """
    /// RFC 7520 sections 4.1.3 (RS256), 4.2.3 (PS384; its signature is randomized, so verify only), 4.3.3 (ES512,
    /// randomized too), 4.4.3 (HS256): protected header and signature of each compact result.
    static let rfc7520Cases:
        [(section: String, header: String, signature: String, key: String, algorithm: JWSAlgorithm)] = [
            (
                "4.1", "eyJhbGciOiJSUzI1NiIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9",
                """
                MRjdkly7_-oTPTS3AXP41iQIGKa80A0ZmTuV5MEaHoxnW2e5CZ5NlKtainoFmKZopdHM1O2U4mwzJdQx996ivp83xuglII7PNDi84wnB-BDkoBwA78\
                185hX-Es4JIwmDLJK3lfWRa-XtL0RnltuYv746iYTh_qHRD68BNt1uSNCrUCTJDt5aAE6x8wW1Kt9eRo4QPocSadnHXFxnt8Is9UzpERV0ePPQdLu\
                W3IS_de3xyIrDaLGdjluPxUAhb6L2aXic1U12podGU0KLUQSE_oI-ZnmKJ3F4uOZDnd6QZWJushZ41Axf_fcIe8u9ipH84ogoree7vjbU5y18kDquDg
                """, rfc7520RSAKey, .rs256
            ),
            (
                "4.2", "eyJhbGciOiJQUzM4NCIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9",
                """
                cu22eBqkYDKgIlTpzDXGvaFfz6WGoz7fUDcfT0kkOy42miAh2qyBzk1xEsnk2IpN6-tPid6VrklHkqsGqDqHCdP6O8TTB5dDDItllVo6_1OLPpcbUr\
                hiUSMxbbXUvdvWXzg-UD8biiReQFlfz28zGWVsdiNAUf8ZnyPEgVFn442ZdNqiVJRmBqrYRXe8P_ijQ7p8Vdz0TTrxUeT3lm8d9shnr2lfJT8ImUjv\
                AA2Xez2Mlp8cBE5awDzT0qI0n6uiP1aCN_2_jLAeQTlqRHtfa64QQSUmFAAjVKPbByi7xho0uTOcbH510a6GYmJUAfmWjwZ6oD4ifKo8DYM-X72Eaw
                """, rfc7520RSAKey, .ps384
            ),
            (
                "4.3", "eyJhbGciOiJFUzUxMiIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9",
                """
                AE_R_YZCChjn4791jSQCrdPZCNYqHXCTZH0-JZGYNlaAjP2kqaluUIIUnC9qvbu9Plon7KRTzoNEuT4Va2cmL1eJAQy3mtPBu_u_sDDyYjnAMDxXPn\
                7XrT0lw-kvAD890jl8e2puQens_IEKBpHABlsbEPX6sFY8OcGDqoRuBomu9xQ2
                """, rfc7520ECKey, .es512
            ),
            (
                "4.4", "eyJhbGciOiJIUzI1NiIsImtpZCI6IjAxOGMwYWU1LTRkOWItNDcxYi1iZmQ2LWVlZjMxNGJjNzAzNyJ9",
                "s0h6KThzkfBBBkLspW1h84VsJZFTsPPqMDA7g1Md7p0", rfc7520HMACKey, .hs256
            ),
        ]

    @Test("RFC 7520 section 4.1 to 4.4 signatures verify over the Figure 8 payload", arguments: 0..<4)
    func rfc7520(index: Int) throws {
        let example = Self.rfc7520Cases[index]
        let token = "\(example.header).\(Self.rfc7520Payload).\(example.signature)"
        let verifier = JWTVerifier(
            keySet: try Self.keySet(example.key),
            options: try JWTValidationOptions(audience: .insecureNotChecked, allowedAlgorithms: [example.algorithm]))
        let verified = try verifier.verifyJWS(token)
        #expect(verified.algorithm == example.algorithm, "section \(example.section)")
        let text = String(decoding: verified.payload, as: UTF8.self)
        #expect(text.hasPrefix("It\u{2019}s a dangerous business, Frodo"), "section \(example.section)")
        #expect(verified.keySelection == .keyID(verified.key.keyID ?? ""))
        #expect(throws: JWTError(.invalidSignature), "section \(example.section)") {
            try verifier.verifyJWS(Self.flipSignature(token))
        }
        // The payload is not a JWT claims set: the JWT entry point refuses it after the signature.
        #expect(throws: JWTError(.malformedJSON)) { try verifier.verify(token, now: Date()) }
    }

    @Test("RFC 7520 section 4.4: HS256 verifies only when the caller names HS256")
    func rfc7520HMACNeedsNaming() throws {
        let example = Self.rfc7520Cases[3]
        let token = "\(example.header).\(Self.rfc7520Payload).\(example.signature)"
        let verifier = JWTVerifier(keySet: try Self.keySet(example.key), options: JOSETestKeys.noAudience)
        expectError(JWTError(.algorithmNotAllowed), mentioning: ["HS256", "only when named"], matchingCase: true) {
            _ = try verifier.verifyJWS(token)
        }
    }

    // MARK: RFC 8037 appendix A (Ed25519)

    /// RFC 8037 appendix A.2: the Ed25519 public key.
    static let rfc8037Key = #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#
    /// RFC 8037 appendix A.4 (signing) / A.5 (validation): the JWS over "Example of Ed25519 signing".
    static let rfc8037Token = """
        eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iy\
        lGjg5BhVsPt9g7sVvpAr_MuM0KAg
        """

    @Test("RFC 8037 appendix A.4/A.5: the EdDSA JWS verifies; A.3: its key's thumbprint")
    func rfc8037() throws {
        let verifier = JWTVerifier(keySet: try Self.keySet(Self.rfc8037Key), options: JOSETestKeys.noAudience)
        let verified = try verifier.verifyJWS(Self.rfc8037Token)
        #expect(verified.algorithm == .edDSA)
        #expect(String(decoding: verified.payload, as: UTF8.self) == "Example of Ed25519 signing")
        #expect(throws: JWTError(.invalidSignature)) { try verifier.verifyJWS(Self.flipSignature(Self.rfc8037Token)) }
        let key = try JWK(jwkJSON: Array(Self.rfc8037Key.utf8))
        #expect(try key.thumbprint() == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
    }

    // MARK: RFC 7638 section 3.1

    @Test("RFC 7638 section 3.1: the example RSA key's thumbprint, also when rebuilt from the public key")
    func rfc7638() throws {
        let json = """
            {"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECP\
            ebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgn\
            Yb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-c\
            sFCur-kEgU8awapJzKnqDKgw","e":"AQAB","alg":"RS256","kid":"2011-04-29"}
            """
        let key = try JWK(jwkJSON: Array(json.utf8))
        #expect(try key.thumbprint() == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        let rebuilt = JWK(publicKey: try #require(key.publicKey), keyID: "other", algorithm: .rs256)
        #expect(try rebuilt.thumbprint() == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        let fromDER = JWK(publicKey: try PublicKey(derRepresentation: key.publicKey!.derRepresentation))
        #expect(try fromDER.thumbprint() == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }
}
