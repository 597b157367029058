internal import GatehouseCore

/// A JSON Web Key (RFC 7517) for verifying signatures, with its OpenSSL key built once, when the JWK is read.
///
/// Supported: `kty` `RSA` (`n`, `e`), `EC` with `crv` P-256/P-384/P-521 (`x`, `y`, full-length coordinates,
/// RFC 7518 section 6.2.1), `OKP` with `crv` Ed25519 (`x`, RFC 8037), and `oct` (`k`, RFC 7518 section 6.4; only
/// for `HS*` algorithms the caller names). A JWK read from a key set that is malformed, of an unknown type, holding
/// private key material, or refused by the `KeyPolicy` stays in the set as `.unusable` with the reason.
public struct JWK: Sendable, CustomStringConvertible {
    /// Whether a key can be used, and if not, why.
    public enum Usability: Sendable {
        /// The key can verify signatures.
        case usable
        /// The key cannot be used; selecting it is rejected with `JWTError.unusableKey` carrying this reason.
        case unusable(JWTError)
    }

    /// Key material built at parse time.
    enum Material: Sendable {
        case publicKey(PublicKey)
        case secret(SymmetricKey, byteCount: Int)
    }

    /// The parsed key lives in one immutable object, so copying a JWK (key selection, results) is one retain.
    final class Storage: Sendable {
        let keyType: String
        let keyID: String?
        let use: String?
        let algorithmName: String?
        let keyOperations: [String]?
        let members: JSONObject
        let usability: Usability
        /// The key material, or nil when it could not be built.
        var material: Material? {
            if let publicKey { return .publicKey(publicKey) }
            if let secret { return .secret(secret.key, byteCount: secret.byteCount) }
            return nil
        }
        /// `material`, stored as two optionals rather than as the enum: a multi-payload enum keeps its case in the
        /// spare bits of the pointers it holds, which hides them from LeakSanitizer, so every key alive at exit was
        /// reported as leaked (`make sanitize`, `make fuzz`).
        private let publicKey: PublicKey?
        private let secret: (key: SymmetricKey, byteCount: Int)?

        init(
            keyType: String, keyID: String?, use: String?, algorithmName: String?, keyOperations: [String]?,
            members: JSONObject, usability: Usability, material: Material?
        ) {
            self.keyType = keyType
            self.keyID = keyID
            self.use = use
            self.algorithmName = algorithmName
            self.keyOperations = keyOperations
            self.members = members
            self.usability = usability
            switch material {
            case .publicKey(let key)?: (publicKey, secret) = (key, nil)
            case .secret(let key, let byteCount)?: (publicKey, secret) = (nil, (key, byteCount))
            case nil: (publicKey, secret) = (nil, nil)
            }
        }
    }

    private let storage: Storage

    /// `kty` as written ("" when absent).
    public var keyType: String { storage.keyType }
    /// `kid` (RFC 7517 section 4.5), if present as a string.
    public var keyID: String? { storage.keyID }
    /// `use` (RFC 7517 section 4.2), if present.
    public var use: String? { storage.use }
    /// `alg` (RFC 7517 section 4.4) as written, if present; it may name an unknown algorithm.
    public var algorithmName: String? { storage.algorithmName }
    /// `key_ops` (RFC 7517 section 4.3), if present.
    public var keyOperations: [String]? { storage.keyOperations }
    /// The JWK's members as given (or as built, for `init(publicKey:keyID:algorithm:)`).
    public var members: JSONObject { storage.members }
    /// Whether the key is usable, and why not.
    public var usability: Usability { storage.usability }
    var material: Material? { storage.material }

    /// Whether the key can verify signatures.
    public var isUsable: Bool {
        if case .usable = usability { return true }
        return false
    }

    /// The public key, for `RSA`, `EC` and `OKP` keys that are usable or refused only by policy.
    public var publicKey: PublicKey? {
        if case .publicKey(let key)? = material { return key }
        return nil
    }

    /// A one-line summary: kid, type and usability.
    public var description: String {
        var text = "kid \(keyID.map { "\"\($0)\"" } ?? "(none)") \(keyType.isEmpty ? "(no kty)" : keyType)"
        if let key = publicKey { text += " (\(key.kind))" }
        if let algorithmName { text += " alg \(algorithmName)" }
        switch usability {
        case .usable: text += ", usable"
        case .unusable(let error): text += ", unusable: \(error.reason)"
        }
        return text
    }

    /// Reads one JWK (RFC 7517 section 4) and builds its key.
    /// - Parameters:
    ///   - jwkJSON: the JWK's JSON text.
    ///   - policy: the key policy; a refused key throws `weakKey`.
    /// - Throws: `JWTError` with `invalidKey` (not JSON, not an object, bad or missing members, private key
    ///   material), `unsupportedKey` (unknown `kty` or curve) or `weakKey` (refused by the policy).
    public init(jwkJSON: some Collection<UInt8>, policy: KeyPolicy = .default) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(jwkJSON, maxNestingDepth: 16, maxBytes: 1 << 20)
        } catch let error as JWTError {
            throw JWTError(.invalidKey, "the JWK is not valid JSON: \(error.reason)")
        }
        guard case .object(let object) = value else {
            throw JWTError(
                .invalidKey, "the JWK is a JSON \(value.typeName); a JWK is a JSON object (RFC 7517 section 4)")
        }
        self.init(object: object, policy: policy)
        if case .unusable(let error) = usability { throw error }
    }

    /// Describes a public key as a JWK (RFC 7517/7518/8037), e.g. one read from PEM or DER.
    /// - Parameters:
    ///   - publicKey: the key.
    ///   - keyID: the `kid` to give it, if any.
    ///   - algorithm: the `alg` to pin it to, if any.
    public init(publicKey: PublicKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) {
        var members: [JSONObject.Member] = []
        func add(_ name: String, _ value: String) { members.append(.init(name: name, value: .string(value))) }
        let keyType: String
        switch publicKey.components {
        case .rsa(let modulus, let exponent):
            add("kty", "RSA")
            add("n", Base64URL.encode(modulus.drop(while: { $0 == 0 })))
            add("e", Base64URL.encode(exponent.drop(while: { $0 == 0 })))
            keyType = "RSA"
        case .ec(let curve, let x, let y):
            add("kty", "EC")
            add("crv", curve.rawValue)
            add("x", Base64URL.encode(x))
            add("y", Base64URL.encode(y))
            keyType = "EC"
        case .ed25519(let x):
            add("kty", "OKP")
            add("crv", "Ed25519")
            add("x", Base64URL.encode(x))
            keyType = "OKP"
        }
        if let keyID { add("kid", keyID) }
        if let algorithm { add("alg", algorithm.rawValue) }
        storage = Storage(
            keyType: keyType, keyID: keyID, use: nil, algorithmName: algorithm?.rawValue, keyOperations: nil,
            members: JSONObject(members: members), usability: .usable, material: .publicKey(publicKey))
    }

    /// A JWK for an HMAC secret (`kty` `oct`), usable only for `HS*` algorithms a verifier names.
    /// - Parameters:
    ///   - secret: the secret bytes (at least 32).
    ///   - keyID: the `kid`, if any.
    ///   - algorithm: the `alg` to pin it to, if any.
    /// - Throws: `JWTError.invalidKey` for an empty secret, `weakKey` for one shorter than the hash of `algorithm`
    ///   (32 bytes when no algorithm is given; RFC 7518 section 3.2).
    public init(secret: [UInt8], keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws {
        let needed = algorithm.map(JWTVerifier.hmacMinimumBytes) ?? 32
        if !secret.isEmpty && secret.count < needed {
            throw JWTError(
                .weakKey,
                "the HMAC secret is \(secret.count) bytes; at least \(needed) are required (RFC 7518 section 3.2)")
        }
        var members: [JSONObject.Member] = [
            .init(name: "kty", value: .string("oct")), .init(name: "k", value: .string(Base64URL.encode(secret))),
        ]
        if let keyID { members.append(.init(name: "kid", value: .string(keyID))) }
        if let algorithm { members.append(.init(name: "alg", value: .string(algorithm.rawValue))) }
        self.init(object: JSONObject(members: members), policy: .default)
        if case .unusable(let error) = usability { throw error }
    }

    /// Private and symmetric members that must not appear in a public key (RFC 7518 sections 6.2.2, 6.3.2, RFC 8037).
    static let privateMemberNames = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    /// Reads a JWK object; never throws: defects become `.unusable` with the reason.
    init(object: JSONObject, policy: KeyPolicy) {
        let material: Material?
        let usability: Usability
        do {
            let built = try Self.buildMaterial(object)
            material = built
            if case .publicKey(let key) = built, case .fails(let error) = policy.evaluate(key) {
                usability = .unusable(error)
            } else {
                usability = .usable
            }
        } catch let error as JWTError {
            material = nil
            usability = .unusable(error)
        } catch {
            material = nil
            usability = .unusable(JWTError(.invalidKey, "the key could not be built: \(error)"))
        }
        storage = Storage(
            keyType: object["kty"]?.stringValue ?? "", keyID: object["kid"]?.stringValue,
            use: object["use"]?.stringValue, algorithmName: object["alg"]?.stringValue,
            keyOperations: object["key_ops"]?.arrayValue?.compactMap(\.stringValue), members: object,
            usability: usability, material: material)
    }

    /// Returns a copy marked unusable for `error` (set-level rules: duplicate kid, secret among public keys).
    func markedUnusable(_ error: JWTError) -> JWK {
        JWK(copying: self, usability: .unusable(error))
    }

    private init(copying other: JWK, usability: Usability) {
        storage = Storage(
            keyType: other.keyType, keyID: other.keyID, use: other.use, algorithmName: other.algorithmName,
            keyOperations: other.keyOperations, members: other.members, usability: usability, material: other.material)
    }

    private static func buildMaterial(_ object: JSONObject) throws -> Material {
        let kid = object["kid"].map { "JWK \($0)" } ?? "JWK"
        // Common members: type-check what RFC 7517 section 4 defines.
        for name in ["kty", "kid", "use", "alg"] {
            if let value = object[name] {
                _ = try value.typed(
                    \.stringValue, or: .invalidKey, "the \(kid) member \"\(name)\"", mustBe: "a string",
                    rule: "RFC 7517 section 4")
            }
        }
        if let ops = object["key_ops"] {
            guard let elements = ops.arrayValue, elements.allSatisfy({ $0.stringValue != nil }) else {
                throw JWTError(
                    .invalidKey,
                    "the \(kid) member \"key_ops\" is \(ops); it must be an array of strings (RFC 7517 section 4.3)")
            }
            // RFC 7517 section 4.3: "Duplicate key operation values MUST NOT be present in the array."
            var seen: Set<ExactString> = []
            for element in elements where !seen.insert(ExactString(element.stringValue!)).inserted {
                throw JWTError(
                    .invalidKey,
                    "the \(kid) member \"key_ops\" lists \(element) twice; duplicate key operation values must not "
                        + "be present (RFC 7517 section 4.3)")
            }
        }
        guard let kty = object["kty"]?.stringValue else {
            throw JWTError(.invalidKey, "the \(kid) has no \"kty\" member (RFC 7517 section 4.1)")
        }
        func bytes(_ name: String) throws -> [UInt8] {
            guard let value = object[name] else {
                throw JWTError(.invalidKey, "the \(kid) (kty \(kty)) has no \"\(name)\" member (RFC 7518 section 6)")
            }
            let text = try value.typed(
                \.stringValue, or: .invalidKey, "the \(kid) member \"\(name)\"", mustBe: "a base64url string")
            do {
                return try Base64URL.decode(text, segment: "\(kid) member \"\(name)\"")
            } catch let error as JWTError {
                throw JWTError(.invalidKey, error.reason)
            }
        }
        if !ExactString.equal(kty, "oct") {
            let present = privateMemberNames.filter { object[$0] != nil }
            if !present.isEmpty {
                throw JWTError(
                    .invalidKey,
                    "the \(kid) holds private key material (" + present.map { "\"\($0)\"" }.joined(separator: ", ")
                        + "); a verification key set must hold only public keys: publish the public members only, "
                        + "and replace the key, whose private part is exposed")
            }
        }
        do {
            // Literal patterns over an ExactString match code point for code point (not "O\u{212A}P" for OKP).
            switch ExactString(kty) {
            case "RSA":
                let modulus = try bytes("n")
                let exponent = try bytes("e")
                // RFC 7518 sections 2 and 6.3.1.1: a Base64urlUInt uses the minimum number of octets, so a leading
                // zero octet is refused; otherwise one key would have several encodings and RFC 7638 thumbprints.
                for (name, value) in [("n", modulus), ("e", exponent)] where value.first == 0 {
                    throw JWTError(
                        .invalidKey,
                        "the \(kid) member \"\(name)\" starts with a zero octet (\(value.count) octets); a Base64urlUInt "
                            + "must use the minimum number of octets (RFC 7518 sections 2 and 6.3.1.1): drop the "
                            + "leading zero")
                }
                return .publicKey(try PublicKey(rsaModulus: modulus, exponent: exponent))
            case "EC":
                guard let crvValue = object["crv"], let crv = crvValue.stringValue else {
                    throw JWTError(.invalidKey, "the \(kid) (kty EC) has no string \"crv\" (RFC 7518 section 6.2.1.1)")
                }
                guard let curve = EllipticCurve(rawValue: crv) else {
                    throw JWTError(
                        .unsupportedKey, "the \(kid) uses curve \"\(crv)\"; supported: P-256, P-384, P-521")
                }
                let x = try bytes("x")
                let y = try bytes("y")
                for (name, coordinate) in [("x", x), ("y", y)] where coordinate.count != curve.coordinateByteCount {
                    throw JWTError(
                        .invalidKey,
                        "the \(kid) coordinate \"\(name)\" is \(coordinate.count) bytes; \(crv) needs exactly "
                            + "\(curve.coordinateByteCount) (RFC 7518 section 6.2.1.2)")
                }
                return .publicKey(try PublicKey(curve: curve, x: x, y: y))
            case "OKP":
                guard let crv = object["crv"]?.stringValue else {
                    throw JWTError(.invalidKey, "the \(kid) (kty OKP) has no string \"crv\" (RFC 8037 section 2)")
                }
                guard ExactString.equal(crv, "Ed25519") else {
                    throw JWTError(
                        .unsupportedKey,
                        "the \(kid) uses OKP curve \"\(crv)\"; only Ed25519 is supported for signatures")
                }
                let x = try bytes("x")
                guard x.count == 32 else {
                    throw JWTError(.invalidKey, "the \(kid) Ed25519 \"x\" is \(x.count) bytes; it must be 32")
                }
                return .publicKey(try PublicKey(ed25519: x))
            case "oct":
                let secret = try bytes("k")
                guard !secret.isEmpty else {
                    throw JWTError(.invalidKey, "the \(kid) (kty oct) has an empty \"k\"; an HMAC key cannot be empty")
                }
                return .secret(SymmetricKey(bytes: secret), byteCount: secret.count)
            default:
                throw JWTError(
                    .unsupportedKey,
                    "the \(kid) has kty \"\(kty)\"; supported key types are RSA, EC, OKP and oct (RFC 7518 section 6.1)"
                )
            }
        } catch let error as JWTError {
            if error.code == .invalidKey || error.code == .unsupportedKey || error.code == .weakKey { throw error }
            throw JWTError(.invalidKey, "the \(kid) is not a valid \(kty) key: \(error.reason)")
        }
    }
}
