/// The fixed public keys the fuzz targets verify against: the repository's sample JWKS and the public keys of
/// RFC 7515 A.2 (RSA), A.3 (P-256), RFC 8037 A.2 (Ed25519) and RFC 7520 4.4 (HMAC), whose example tokens are in
/// the seed corpus, so the fuzzer starts from inputs that pass every check.
enum FuzzKeys {
    /// `Samples/jwks.json`: two RSA keys with kids, as Apple publishes them.
    static let sampleJWKS = """
        {"keys":[{"kty":"RSA","kid":"sample-key-1","use":"sig","alg":"RS256","n":"kkbzR2_ena5w_Sy-V-4MB62Qb2O2ExqYR63\
        6st0o3M0oJgRg1Vz01TaK6cgpPg4cOIh7p5qZn-QbGywSS7PN9RzP4UPL518AeW8-SMSZ5ycl5DK5tbHQiOmPa_piZCQOhHu9r2Ai5udmRkAhel\
        yGbT2X8yXKcsMqSRhD4xeUG6aBIVzgnAEgIFTYT4zFZ_XWbjwdY4wv2ntqzk0KERtT0H9G0k1rl8GUoxA2KvYu_gAqsA9SH1zFbWuHDtkdtDTHs4\
        57fe4eZFVYWAp-KYShMpvEPtIPBaaWQnG_Q4oLn8lvOKObE2t9_gtaI_Ro-H89K9_bYP2rI4Uo4LD1s5lT1Q","e":"AQAB"},
        {"kty":"RSA","kid":"sample-key-2","use":"sig","alg":"RS256","n":"qlb8XvKIe9wnmjx-kIeX8P3G0P1dqT3w4nMiJwszmYIHkkT\
        B4SeATBQ5PI26zeRjUU7C1JnskKsuhA_3U4m6R412C59qmYMXJYf75w9viWZdFYzbIS7lwZwwzollt-vPOpaGpr_CTlNvxnCZVkJ136gKrYUNd1Tn\
        lDN4FyJ6-3wT_UEKRrYaW_eMYtQbyOcwirYQE6ABLgRd-e8-1AUBxGH_DZIr1nARBXoIDEysy4a2Sjarsq41k2EK062YMsGDo7nTwLgvJJkt51QHBz\
        BEci5SyymfqZ2IU3FJo6GheY9BjvsxXO5IkM6xqqafB_zEpv_iI1EUOfiwsvP359aUMw","e":"AQAB"}]}
        """

    /// RFC 7515 appendix A.2.1: an RSA public key.
    static let rfc7515RSA = """
        {"kty":"RSA","n":"ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4Q\
        lL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7W\
        TBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDT\
        W9gb54h4FRWyuXpoQ","e":"AQAB"}
        """

    /// RFC 7515 appendix A.3.1: a P-256 public key.
    static let rfc7515EC = """
        {"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",\
        "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
        """

    /// RFC 8037 appendix A.2: an Ed25519 public key.
    static let rfc8037Ed25519 = #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#

    /// RFC 7520 section 3.5: an HMAC secret.
    static let rfc7520HMAC = """
        {"kty":"oct","kid":"018c0ae5-4d9b-471b-bfd6-eef314bc7037","use":"sig","alg":"HS256",\
        "k":"hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"}
        """

    /// A key set of one key, wrapped as a JWKS document.
    static func single(_ jwk: String) -> String { #"{"keys":["# + jwk + "]}" }
}
