import GatehouseFoundation
import JWT

/// The compact JWS target: the unverified parser, then full verification (signature, key choice, claims) by five
/// verifiers with fixed keys and a fixed "now", so every check after the parser is reached by the seed tokens.
enum JWSFuzzing {
    /// A verifier and the instant its example tokens are valid at.
    private struct Case: Sendable {
        let verifier: JWTVerifier
        let now: Date
    }

    /// Built once per process: the key sets are constants, so a failure here is a defect of the harness.
    private static let cases: [Case] = {
        func set(_ json: String) -> JWKSet {
            do { return try JWKSet(jwksJSON: Array(json.utf8)) } catch { fatalError("fuzz key set: \(error)") }
        }
        let rfc7515Now = Date(timeIntervalSince1970: 1_300_819_000)
        func options(
            audience: JWTValidationOptions.Audience = .insecureNotChecked, issuer: String? = nil,
            algorithms: Set<JWSAlgorithm> = JWSAlgorithm.asymmetric, required: Set<String> = ["exp"]
        ) -> JWTValidationOptions {
            do {
                return try JWTValidationOptions(
                    audience: audience, allowedAlgorithms: algorithms, issuer: issuer, requiredClaims: required)
            } catch { fatalError("fuzz options: \(error)") }
        }
        // The RFC examples carry no aud: the audience is not checked for them (the sample's case checks it).
        let hmacOptions = options(algorithms: JWSAlgorithm.asymmetric.union([.hs256]), required: [])
        return [
            Case(
                verifier: JWTVerifier(
                    keySet: set(FuzzKeys.sampleJWKS),
                    options: options(audience: .oneOf(["com.example.gatehouse"]), issuer: "https://appleid.apple.com")),
                now: Date(timeIntervalSince1970: 1_795_953_700)),
            Case(
                verifier: JWTVerifier(keySet: set(FuzzKeys.single(FuzzKeys.rfc7515RSA)), options: options()),
                now: rfc7515Now),
            Case(
                verifier: JWTVerifier(keySet: set(FuzzKeys.single(FuzzKeys.rfc7515EC)), options: options()),
                now: rfc7515Now),
            Case(
                verifier: JWTVerifier(
                    keySet: set(FuzzKeys.single(FuzzKeys.rfc8037Ed25519)), options: options(required: [])),
                now: rfc7515Now),
            Case(
                verifier: JWTVerifier(keySet: set(FuzzKeys.single(FuzzKeys.rfc7520HMAC)), options: hmacOptions),
                now: rfc7515Now),
        ]
    }()

    static func run(_ input: UnsafeRawBufferPointer) {
        let token = FuzzInput.text(input)
        if let unverified = try? UnverifiedJWT(parsing: token) {
            // Touch what a logger would print.
            _ = unverified.header.algorithm
            _ = unverified.claims.raw.names
            _ = unverified.claims.expiration
        }
        for item in cases {
            if let verified = try? item.verifier.verify(token, now: item.now) {
                _ = verified.claims.subject
            }
            _ = try? item.verifier.verifyJWS(token)
        }
    }
}
