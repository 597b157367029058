internal import COpenSSL

// The OpenSSL side of `PrivateKey`: OSSL_DECODER to read, OSSL_ENCODER to write, EVP_PKEY_generate to create,
// EVP_DigestSign to sign.

extension PrivateKey {
    /// Decodes DER with OSSL_DECODER, checks the type and the key pair's consistency.
    static func decode(_ der: [UInt8], structure: PrivateKeyStructure?) throws -> EVPKey {
        guard !der.isEmpty else {
            throw JWTError(.invalidKey, "the DER private key is empty")
        }
        // OSSL_DECODER_CTX_new_for_pkey keeps these pointers (it does not copy them): static C strings only.
        let (inputStructure, keyType): (UnsafePointer<CChar>?, UnsafePointer<CChar>?) =
            switch structure {
            case .pkcs8: (staticCString("PrivateKeyInfo"), nil)
            case .pkcs1: (staticCString("type-specific"), staticCString("RSA"))
            case .sec1: (staticCString("type-specific"), staticCString("EC"))
            case nil: (nil, nil)
            }
        var pointer: OpaquePointer? = nil
        guard
            let decoder = OSSL_DECODER_CTX_new_for_pkey(
                &pointer, staticCString("DER"), inputStructure, keyType, gatehouse_EVP_PKEY_KEYPAIR(), nil, nil)
        else {
            throw OpenSSLError.error(.cryptoFailure, "cannot create a private key decoder")
        }
        defer { OSSL_DECODER_CTX_free(decoder) }
        let (decoded, remaining) = der.withUnsafeBufferPointer { buffer -> (Int32, Int) in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            var remaining = buffer.count
            let result = OSSL_DECODER_from_data(decoder, &cursor, &remaining)
            return (result, remaining)
        }
        guard decoded == 1, let pointer else {
            if let pointer { EVP_PKEY_free(pointer) }
            let name =
                switch structure {
                case .pkcs8: "a PKCS#8 PrivateKeyInfo"
                case .pkcs1: "a PKCS#1 RSAPrivateKey"
                case .sec1: "a SEC 1 ECPrivateKey"
                case nil: "a PKCS#8, PKCS#1 or SEC 1 private key"
                }
            let openSSLText = OpenSSLError.drain()
            if openSSLText.contains("passphrase") {
                throw JWTError(
                    .invalidKey,
                    "the private key is encrypted (PKCS#8 EncryptedPrivateKeyInfo) and this library takes no "
                        + "passphrase; decrypt it with `openssl pkcs8 -in key.p8 -out plain.pem` "
                        + "(OpenSSL: \(openSSLText))"
                )
            }
            throw JWTError(
                .invalidKey,
                "the \(der.count) DER bytes are not \(name): truncated, corrupt, or under the wrong PEM label "
                    + "(OpenSSL: \(openSSLText))"
            )
        }
        let key = EVPKey(taking: pointer)
        guard remaining == 0 else {
            throw JWTError(
                .invalidKey,
                "\(remaining) bytes follow the DER private key; the key file is corrupt"
            )
        }
        try checkType(key)
        try pairwiseCheck(key)
        return key
    }

    /// Accepts RSA, EC on a supported curve and Ed25519 only.
    private static func checkType(_ key: EVPKey) throws {
        if EVP_PKEY_is_a(key.pointer, "RSA") == 1 || EVP_PKEY_is_a(key.pointer, "ED25519") == 1 { return }
        if EVP_PKEY_is_a(key.pointer, "EC") == 1 {
            let group = PublicKey.groupName(of: key)
            guard let group, EllipticCurve(openSSLGroupName: group) != nil else {
                throw JWTError(
                    .unsupportedKey,
                    "EC private key on curve \(group ?? "with explicit parameters"); only P-256, P-384 and P-521 are "
                        + "supported (RFC 7518 section 6.2.1.1)"
                )
            }
            return
        }
        let typeName = EVP_PKEY_get0_type_name(key.pointer).map { String(cString: $0) } ?? "unknown"
        throw JWTError(
            .unsupportedKey,
            "\(typeName) private keys are not supported; use RSA, EC (P-256, P-384, P-521) or Ed25519"
        )
    }

    /// The private and public halves must belong together (a corrupt key would sign garbage).
    private static func pairwiseCheck(_ key: EVPKey) throws {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw OpenSSLError.error(.cryptoFailure, "cannot allocate a key context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        let result = EVP_PKEY_pairwise_check(context)
        if result == -2 {  // the key type has no pairwise check
            OpenSSLError.clear()
            return
        }
        guard result == 1 else {
            throw OpenSSLError.error(.invalidKey, "the private and public halves of the key do not match")
        }
    }

    /// Encodes the key as unencrypted PKCS#8 PEM.
    static func pkcs8PEM(of key: EVPKey) throws -> String {
        // OSSL_ENCODER_CTX_new_for_pkey keeps these pointers (it does not copy them): static C strings only.
        guard
            let encoder = OSSL_ENCODER_CTX_new_for_pkey(
                key.pointer, gatehouse_EVP_PKEY_KEYPAIR(), staticCString("PEM"), staticCString("PrivateKeyInfo"), nil)
        else {
            throw OpenSSLError.error(.cryptoFailure, "cannot create a PKCS#8 encoder")
        }
        defer { OSSL_ENCODER_CTX_free(encoder) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        guard OSSL_ENCODER_to_data(encoder, &output, &length) == 1, let output else {
            throw OpenSSLError.error(.cryptoFailure, "cannot encode the private key as PKCS#8 PEM")
        }
        defer {
            OPENSSL_cleanse(output, length)
            gatehouse_OPENSSL_free(output)
        }
        return String(decoding: UnsafeBufferPointer(start: output, count: length), as: UTF8.self)
    }

    /// Generates a key with EVP_PKEY_generate.
    static func generateKey(_ kind: PublicKey.Kind) throws -> EVPKey {
        let typeName =
            switch kind {
            case .rsa: "RSA"
            case .ec: "EC"
            case .ed25519: "ED25519"
            }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, typeName, nil) else {
            throw OpenSSLError.error(.cryptoFailure, "OpenSSL has no \(typeName) key generation")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else {
            throw OpenSSLError.error(.cryptoFailure, "cannot start \(typeName) key generation")
        }
        switch kind {
        case .rsa(let bits):
            guard EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) > 0 else {
                throw OpenSSLError.error(.cryptoFailure, "cannot set the RSA key size to \(bits) bits")
            }
        case .ec(let curve):
            guard EVP_PKEY_CTX_set_group_name(context, curve.openSSLGroupName) > 0 else {
                throw OpenSSLError.error(.cryptoFailure, "cannot select curve \(curve.rawValue)")
            }
        case .ed25519:
            break
        }
        var pointer: OpaquePointer? = nil
        guard EVP_PKEY_generate(context, &pointer) == 1, let pointer else {
            throw OpenSSLError.error(.cryptoFailure, "\(kind) key generation failed")
        }
        return EVPKey(taking: pointer)
    }

    /// Signs after the algorithm has been matched to the key.
    func sign(_ message: [UInt8], algorithm: JWSAlgorithm) throws -> [UInt8] {
        var digest: OpaquePointer? = nil
        if let hash = algorithm.hash {
            guard let fetched = FetchedDigest.of(hash).pointer else {
                throw JWTError(.signingFailed, "OpenSSL's default provider offers no \(FetchedDigest.of(hash).name)")
            }
            digest = fetched
        }
        guard let context = EVP_MD_CTX_new() else {
            throw OpenSSLError.error(.signingFailed, "cannot allocate a digest context")
        }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer? = nil  // owned by `context`
        guard EVP_DigestSignInit(context, &keyContext, digest, nil, key.pointer) == 1 else {
            throw OpenSSLError.error(.signingFailed, "cannot start \(algorithm.rawValue) signing with a \(kind) key")
        }
        if algorithm.family == .rsaPSS {
            guard let keyContext, let hash = algorithm.hash, PublicKey.configurePSS(keyContext, hash: hash) else {
                throw OpenSSLError.error(
                    .signingFailed, "cannot set the RSASSA-PSS parameters of \(algorithm.rawValue)")
            }
        }
        let signature = try message.withUnsafeBytes { messageBuffer in
            try withNonNilBytes(messageBuffer) { messagePointer, messageCount -> [UInt8] in
                var length = 0
                guard EVP_DigestSign(context, nil, &length, messagePointer, messageCount) == 1, length > 0 else {
                    throw OpenSSLError.error(.signingFailed, "cannot size the \(algorithm.rawValue) signature")
                }
                var signature = [UInt8](repeating: 0, count: length)
                guard EVP_DigestSign(context, &signature, &length, messagePointer, messageCount) == 1 else {
                    throw OpenSSLError.error(.signingFailed, "\(algorithm.rawValue) signing failed")
                }
                return Array(signature.prefix(length))
            }
        }
        guard algorithm.family == .ecdsa else { return signature }
        guard let curve = algorithm.curve,
            let raw = ECDSASignature.raw(fromDER: signature, coordinateByteCount: curve.coordinateByteCount)
        else {
            throw JWTError(.signingFailed, "OpenSSL returned an ECDSA signature that is not valid DER")
        }
        return raw
    }
}
