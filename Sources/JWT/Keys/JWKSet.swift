internal import GatehouseCore

/// A JSON Web Key Set (RFC 7517 section 5): every key of the document, usable or not, with each OpenSSL key built
/// once when the set is read.
///
/// One bad key never makes the set unusable: a malformed key, a key of unknown type, a key refused by the policy,
/// keys sharing a `kid`, and a secret (`oct`) key published among public keys all stay in the set as unusable with
/// their reason; selecting one is rejected with `JWTError.unusableKey` naming why.
public struct JWKSet: Sendable {
    /// Every key of the document, in document order.
    public let keys: [JWK]
    /// The policy the keys were checked against.
    public let policy: KeyPolicy

    /// The largest JWKS document accepted: 1 MiB.
    public static let maximumDocumentBytes = 1 << 20

    /// The most keys a JWKS document may hold: 100 (Apple publishes three). Each key is built and checked when the
    /// set is read, so this bounds the work a hostile or broken key set endpoint can cause.
    public static let maximumKeys = 100

    /// Reads a JWKS document.
    /// - Parameters:
    ///   - jwksJSON: the document's bytes.
    ///   - policy: which keys are acceptable; default `KeyPolicy.default`.
    /// - Throws: `JWTError.invalidKeySet` when the document is not a JWKS: not JSON, too large or deep, not an
    ///   object, or without a `keys` array; `JWTError.limitExceeded` when it holds more than `maximumKeys` keys.
    ///   Defects of single keys do not throw.
    public init(jwksJSON: some Collection<UInt8>, policy: KeyPolicy = .default) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(jwksJSON, maxNestingDepth: 64, maxBytes: Self.maximumDocumentBytes)
        } catch let error as JWTError {
            throw JWTError(.invalidKeySet, "the key set document is not a JWKS: \(error.reason)")
        }
        guard case .object(let object) = value else {
            throw JWTError(
                .invalidKeySet,
                "the key set document is a JSON \(value.typeName); a JWKS is a JSON object with a \"keys\" array "
                    + "(RFC 7517 section 5)")
        }
        guard let keysValue = object["keys"] else {
            let hint = object["kty"] != nil ? "; it looks like a single JWK: wrap it as {\"keys\":[...]}" : ""
            throw JWTError(
                .invalidKeySet,
                "the key set document has no \"keys\" member (RFC 7517 section 5); members: "
                    + (object.names.isEmpty ? "none" : object.names.joined(separator: ", ")) + hint)
        }
        let entries = try keysValue.typed(
            \.arrayValue, or: .invalidKeySet, "the key set member \"keys\"", mustBe: "an array",
            rule: "RFC 7517 section 5")
        if entries.count > Self.maximumKeys {
            throw JWTError(
                .limitExceeded,
                "the key set holds \(entries.count) keys, over the limit of \(Self.maximumKeys) "
                    + "(JWKSet.maximumKeys); no key was built: check that the URL serves the issuer's key set")
        }
        let keys = entries.enumerated().map { index, entry -> JWK in
            guard case .object(let keyObject) = entry else {
                let error = JWTError(
                    .invalidKey, "key #\(index) of the set is a JSON \(entry.typeName), not a JWK object")
                return JWK(object: JSONObject(members: []), policy: policy).markedUnusable(error)
            }
            return JWK(object: keyObject, policy: policy)
        }
        self.init(checked: keys, policy: policy)
    }

    /// Makes a set from keys, e.g. JWKs built from PEM public keys.
    /// - Parameters:
    ///   - keys: the keys, usable or not; an unusable key stays in the set with its reason.
    ///   - policy: which keys are acceptable; keys refused by it become unusable.
    public init(keys: [JWK], policy: KeyPolicy = .default) {
        let checked = keys.map { key -> JWK in
            if key.isUsable, let publicKey = key.publicKey, case .fails(let error) = policy.evaluate(publicKey) {
                return key.markedUnusable(error)
            }
            return key
        }
        self.init(checked: checked, policy: policy)
    }

    /// Applies the set-level rules: a `kid` must be unique (RFC 7517 section 4.5), and a secret key must not sit
    /// among public keys (a JWKS holding public keys is meant to be published).
    private init(checked keys: [JWK], policy: KeyPolicy) {
        // kids are the same when their code points are (ExactString; RFC 7517 section 4.5).
        var counts: [ExactString: Int] = [:]
        for key in keys { if let kid = key.keyID { counts[ExactString(kid), default: 0] += 1 } }
        let publicTypes: Set<ExactString> = ["RSA", "EC", "OKP"]
        let hasPublicKeys = keys.contains { publicTypes.contains(ExactString($0.keyType)) }
        self.keys = keys.map { key in
            if let kid = key.keyID, let count = counts[ExactString(kid)], count > 1 {
                return key.markedUnusable(
                    JWTError(
                        .invalidKey,
                        "the kid \"\(kid)\" is used by \(count) keys of the set; a kid must identify one key "
                            + "(RFC 7517 section 4.5), so none of them is used"))
            }
            if ExactString.equal(key.keyType, "oct") && hasPublicKeys && key.isUsable {
                return key.markedUnusable(
                    JWTError(
                        .invalidKey,
                        "the secret (kty oct) key\(key.keyID.map { " \"\($0)\"" } ?? "") sits in a set with public "
                            + "keys; such a set is meant to be published, so the secret is exposed: keep HMAC secrets "
                            + "in a separate set"))
            }
            return key
        }
        self.policy = policy
    }

    /// The usable keys, in document order.
    public var usableKeys: [JWK] { keys.filter(\.isUsable) }

    /// The `kid`s of every key (usable or not), in document order.
    public var keyIDs: [String] { keys.compactMap(\.keyID) }

    /// Chooses the key for a token: by its `kid`, compared exactly (the same code points, no normalisation), or,
    /// when it has none, the set's only usable key. Never falls back to another key and never tries several.
    /// - Parameter keyID: the token's `kid` header, if any.
    /// - Returns: the key and why it was chosen.
    /// - Throws: `unknownKeyID` (naming the kid asked for and the kids held), `ambiguousKey`, `unusableKey`.
    public func selectKey(keyID: String?) throws -> (key: JWK, reason: KeySelectionReason) {
        if let keyID {
            // By index: `first(where:)` would copy (retain and release) each key passed over.
            guard
                let index = keys.indices.first(where: { keys[$0].keyID.map { ExactString.equal($0, keyID) } ?? false })
            else {
                let held = keyIDs.isEmpty ? "no kids" : keyIDs.map { "\"\($0)\"" }.joined(separator: ", ")
                throw JWTError(
                    .unknownKeyID,
                    "the token's kid \"\(keyID)\" is not in the key set, which holds \(held); refresh the key set "
                        + "if the issuer rotated its keys")
            }
            let key = keys[index]
            if case .unusable(let why) = key.usability {
                throw JWTError(
                    .unusableKey,
                    "the key with kid \"\(keyID)\" is in the set but unusable (\(why.code)): \(why.reason)")
            }
            return (key, .keyID(keyID))
        }
        let usable = usableKeys
        guard usable.count == 1 else {
            throw JWTError(
                .ambiguousKey,
                "the token has no kid and the key set holds \(usable.count) usable keys (of \(keys.count)); a token "
                    + "without kid is accepted only when exactly one key is usable: have the issuer send a kid")
        }
        return (usable[0], .onlyUsableKey)
    }
}
