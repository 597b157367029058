internal import COpenSSL

// The OpenSSL side of `PublicKey`: building keys with EVP_PKEY_fromdata + OSSL_PARAM_BLD, reading SPKI DER with
// d2i_PUBKEY; verifying is VerificationContextPool's. Every C object has one owner and is freed on every path.

extension PublicKey {
    /// A validated key and what `PublicKey` records about it.
    struct Built {
        var key: EVPKey
        var kind: Kind
        var components: Components
    }

    /// The largest RSA modulus accepted: OpenSSL's own verification limit (OPENSSL_RSA_MAX_MODULUS_BITS).
    static let maximumRSAModulusBits = 16384

    // MARK: - Building from components

    static func buildRSA(modulus rawModulus: [UInt8], exponent rawExponent: [UInt8]) throws -> Built {
        let modulus = Array(rawModulus.drop(while: { $0 == 0 }))
        let exponent = Array(rawExponent.drop(while: { $0 == 0 }))
        guard let lastModulusByte = modulus.last else {
            throw JWTError(.invalidKey, "RSA modulus n is empty or zero; the key is corrupt")
        }
        let modulusBits = modulus.count * 8 - modulus[0].leadingZeroBitCount
        guard lastModulusByte & 1 == 1 else {
            throw JWTError(
                .invalidKey,
                "RSA modulus n (\(modulusBits) bits) is even, so it is not a product of two odd primes; "
                    + "the key is corrupt"
            )
        }
        guard modulusBits <= maximumRSAModulusBits else {
            throw JWTError(
                .unsupportedKey,
                "RSA modulus n has \(modulusBits) bits; at most \(maximumRSAModulusBits) are supported"
            )
        }
        guard let lastExponentByte = exponent.last else {
            throw JWTError(.invalidKey, "RSA public exponent e is empty or zero; the key is corrupt")
        }
        guard lastExponentByte & 1 == 1, exponent != [1] else {
            let value = exponent.count <= 8 ? String(describing: bigEndianValue(exponent)) : "even"
            throw JWTError(
                .invalidKey,
                "RSA public exponent e is \(value); it must be odd and at least 3 (RFC 8017 section 3.1); "
                    + "the key is corrupt"
            )
        }
        guard
            exponent.count < modulus.count
                || (exponent.count == modulus.count && exponent.lexicographicallyPrecedes(modulus))
        else {
            throw JWTError(
                .invalidKey,
                "RSA public exponent e is not smaller than the modulus n (RFC 8017 section 3.1); the key is corrupt"
            )
        }

        let key = try fromData(keyType: "RSA", what: "RSA public key") { builder in
            try builder.pushBigNumber(OSSL_PKEY_PARAM_RSA_N, modulus)
            try builder.pushBigNumber(OSSL_PKEY_PARAM_RSA_E, exponent)
        }
        return Built(
            key: key,
            kind: .rsa(modulusBits: modulusBits),
            components: .rsa(modulus: modulus, exponent: exponent)
        )
    }

    static func buildEC(curve: EllipticCurve, x: [UInt8], y: [UInt8]) throws -> Built {
        let length = curve.coordinateByteCount
        guard x.count == length, y.count == length else {
            throw JWTError(
                .invalidKey,
                "EC \(curve.rawValue) coordinates must be \(length) bytes each (RFC 7518 section 6.2.1.2), found x of "
                    + "\(x.count) and y of \(y.count) bytes"
            )
        }
        // The uncompressed point 0x04 || x || y (SEC 1 section 2.3.3).
        let point: [UInt8] = [0x04] + x + y
        let key: EVPKey
        do {
            key = try fromData(keyType: "EC", what: "EC \(curve.rawValue) public key") { builder in
                try builder.pushUTF8(OSSL_PKEY_PARAM_GROUP_NAME, curve.openSSLGroupName)
                try builder.pushOctets(OSSL_PKEY_PARAM_PUB_KEY, point)
            }
        } catch let error as JWTError where error.code == .invalidKey {
            throw JWTError(
                .invalidKey,
                "the point (x, y) is not on curve \(curve.rawValue) (RFC 8725 section 3.4, invalid-curve attack): "
                    + error.reason
            )
        }
        // Belt and braces: the import already decodes the point; the public check also rejects coordinates out of
        // range, the point at infinity and points outside the prime-order group.
        try publicCheck(key, what: "the point (x, y) is not a valid public point of curve \(curve.rawValue)")
        return Built(key: key, kind: .ec(curve), components: .ec(curve: curve, x: x, y: y))
    }

    static func buildEd25519(x: [UInt8]) throws -> Built {
        guard x.count == 32 else {
            throw JWTError(
                .invalidKey,
                "an Ed25519 public key is 32 bytes (RFC 8037 section 2), found \(x.count)"
            )
        }
        if let defect = Ed25519PublicPoint.defect(x) {
            throw JWTError(.invalidKey, "the Ed25519 public key is refused: \(defect)")
        }
        let pointer = x.withUnsafeBufferPointer {
            EVP_PKEY_new_raw_public_key_ex(nil, "ED25519", nil, $0.baseAddress, $0.count)
        }
        guard let pointer else {
            throw OpenSSLError.error(.invalidKey, "OpenSSL refused the 32-byte Ed25519 public key")
        }
        let key = EVPKey(taking: pointer)
        return Built(key: key, kind: .ed25519, components: .ed25519(x: x))
    }

    // MARK: - Reading SPKI DER

    static func readSPKI(_ der: [UInt8]) throws -> Built {
        guard !der.isEmpty else {
            throw JWTError(.invalidKey, "the DER public key is empty")
        }
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let key = d2i_PUBKEY(nil, &cursor, buffer.count)
            // Trailing bytes after the SubjectPublicKeyInfo are an error, not something to ignore.
            if let key, let start = buffer.baseAddress, let cursor, cursor - start != buffer.count {
                EVP_PKEY_free(key)
                return nil
            }
            return key
        }
        guard let parsed else {
            throw OpenSSLError.error(
                .invalidKey,
                "the \(der.count) bytes are not a DER SubjectPublicKeyInfo (RFC 5280 section 4.1.2.7), or carry "
                    + "bytes after it; PKCS#1 RSAPublicKey or a certificate must be converted with "
                    + "`openssl pkey -pubout`"
            )
        }
        let key = EVPKey(taking: parsed)
        // The key is rebuilt from its numbers, so every source goes through the same validation.
        if EVP_PKEY_is_a(key.pointer, "RSA") == 1 {
            return try buildRSA(
                modulus: try bigNumberParameter(OSSL_PKEY_PARAM_RSA_N, of: key, length: nil),
                exponent: try bigNumberParameter(OSSL_PKEY_PARAM_RSA_E, of: key, length: nil)
            )
        }
        if EVP_PKEY_is_a(key.pointer, "EC") == 1 {
            let group = groupName(of: key)
            guard let group, let curve = EllipticCurve(openSSLGroupName: group) else {
                throw JWTError(
                    .unsupportedKey,
                    "EC key on curve \(group ?? "with explicit parameters"); only P-256, P-384 and P-521 are supported "
                        + "(RFC 7518 section 6.2.1.1)"
                )
            }
            return try buildEC(
                curve: curve,
                x: try bigNumberParameter(OSSL_PKEY_PARAM_EC_PUB_X, of: key, length: curve.coordinateByteCount),
                y: try bigNumberParameter(OSSL_PKEY_PARAM_EC_PUB_Y, of: key, length: curve.coordinateByteCount)
            )
        }
        if EVP_PKEY_is_a(key.pointer, "ED25519") == 1 {
            var raw = [UInt8](repeating: 0, count: 32)
            var length = raw.count
            guard EVP_PKEY_get_raw_public_key(key.pointer, &raw, &length) == 1, length == 32 else {
                throw OpenSSLError.error(.invalidKey, "cannot read the Ed25519 public key")
            }
            return try buildEd25519(x: raw)
        }
        let typeName = EVP_PKEY_get0_type_name(key.pointer).map { String(cString: $0) } ?? "unknown"
        throw JWTError(
            .unsupportedKey,
            "\(typeName) keys are not supported; use RSA, EC (P-256, P-384, P-521) or Ed25519 (RFC 7518, RFC 8037)"
        )
    }

    // MARK: - Verification

    /// Verifies after `supports(algorithm)` has been checked, through the key's `VerificationContextPool`.
    func verify(_ signature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, algorithm: JWSAlgorithm) -> Bool {
        switch algorithm.family {
        case .ecdsa:
            guard let curve = algorithm.curve else { return false }
            return ECDSASignature.withDER(fromRaw: signature, coordinateByteCount: curve.coordinateByteCount) { der in
                guard let der else { return false }
                return contexts.verify(der, message: message, algorithm: algorithm, key: key)
            }
        case .rsaPKCS1, .rsaPSS, .edDSA:
            return contexts.verify(signature, message: message, algorithm: algorithm, key: key)
        case .hmac:
            return false
        }
    }

    /// RSASSA-PSS parameters of RFC 7518 section 3.5: MGF1 with the same hash, salt as long as the hash.
    static func configurePSS(_ keyContext: OpaquePointer, hash: HashFunction) -> Bool {
        guard let digest = FetchedDigest.of(hash).pointer else { return false }
        return EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) > 0
            && EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, digest) > 0
            && EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, Int32(hash.byteCount)) > 0
    }

    // MARK: - Helpers

    /// Builds a public key with EVP_PKEY_fromdata; `push` adds the parameters.
    private static func fromData(
        keyType: String,
        what: String,
        push: (ParameterBuilder) throws -> Void
    ) throws -> EVPKey {
        let builder = try ParameterBuilder()
        try push(builder)
        let parameters = try builder.build()
        guard let context = EVP_PKEY_CTX_new_from_name(nil, keyType, nil) else {
            throw OpenSSLError.error(.cryptoFailure, "OpenSSL has no \(keyType) key management")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_fromdata_init(context) == 1 else {
            throw OpenSSLError.error(.cryptoFailure, "cannot start building the \(what)")
        }
        var pointer: OpaquePointer? = nil
        guard EVP_PKEY_fromdata(context, &pointer, gatehouse_EVP_PKEY_PUBLIC_KEY(), parameters.pointer) == 1,
            let pointer
        else {
            throw OpenSSLError.error(.invalidKey, "OpenSSL refused the \(what)")
        }
        return EVPKey(taking: pointer)
    }

    /// Runs EVP_PKEY_public_check.
    private static func publicCheck(_ key: EVPKey, what: String) throws {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw OpenSSLError.error(.cryptoFailure, "cannot allocate a key context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_public_check(context) == 1 else {
            throw OpenSSLError.error(.invalidKey, what)
        }
    }

    /// OpenSSL's own SPKI DER of a key (i2d_PUBKEY): not used to build keys (`SubjectPublicKeyInfo` writes
    /// `derRepresentation`), kept as the reference the tests hold that encoding to.
    static func spki(of key: EVPKey) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_PUBKEY(key.pointer, &output)
        guard length > 0, let output else {
            throw OpenSSLError.error(.cryptoFailure, "cannot encode the public key as SubjectPublicKeyInfo")
        }
        defer { gatehouse_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// A BIGNUM parameter as big-endian bytes: minimal when `length` is nil, else left-padded to `length`.
    private static func bigNumberParameter(_ name: String, of key: EVPKey, length: Int?) throws -> [UInt8] {
        var number: OpaquePointer? = nil
        guard EVP_PKEY_get_bn_param(key.pointer, name, &number) == 1, let number else {
            throw OpenSSLError.error(.invalidKey, "cannot read the key parameter \"\(name)\"")
        }
        defer { BN_free(number) }
        let minimal = (Int(BN_num_bits(number)) + 7) / 8
        let count = length ?? minimal
        guard minimal <= count else {
            throw JWTError(.invalidKey, "the key parameter \"\(name)\" is \(minimal) bytes, longer than \(count)")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        guard count == 0 || BN_bn2binpad(number, &bytes, Int32(count)) == Int32(count) else {
            throw OpenSSLError.error(.cryptoFailure, "cannot export the key parameter \"\(name)\"")
        }
        return bytes
    }

    /// The group name of an EC key ("prime256v1"), or nil for explicit parameters.
    static func groupName(of key: EVPKey) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = 0
        guard
            EVP_PKEY_get_utf8_string_param(key.pointer, OSSL_PKEY_PARAM_GROUP_NAME, &buffer, buffer.count, &length) == 1
        else {
            OpenSSLError.clear()
            return nil
        }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func bigEndianValue(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
