internal import COpenSSL

/// The single owner of an `EVP_PKEY`: frees it in `deinit`.
///
/// Thread-safe to share: once built, the key is only read (OpenSSL 3 allows concurrent operations on one
/// `EVP_PKEY` as long as nobody mutates it).
final class EVPKey: @unchecked Sendable {
    /// The `EVP_PKEY *`, owned.
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    /// - Parameter pointer: an `EVP_PKEY *` nobody else frees.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }
}

/// The SHA-2 `EVP_MD`s, fetched once per process: OpenSSL 3's implicit fetch by name costs a lookup and a lock on
/// every call, which the verification hot path cannot afford.
final class FetchedDigest: @unchecked Sendable {
    /// The fetched `EVP_MD *`, or nil if the default provider does not offer it (every operation then fails closed).
    let pointer: OpaquePointer?
    /// The OpenSSL name ("SHA256").
    let name: String

    private init(_ name: String) {
        self.name = name
        self.pointer = EVP_MD_fetch(nil, name, nil)
        if pointer == nil { OpenSSLError.clear() }
    }

    deinit {
        if let pointer { EVP_MD_free(pointer) }
    }

    static let sha256 = FetchedDigest("SHA256")
    static let sha384 = FetchedDigest("SHA384")
    static let sha512 = FetchedDigest("SHA512")

    /// The fetched digest of a hash function.
    /// - Returns: its `FetchedDigest`.
    static func of(_ hash: HashFunction) -> FetchedDigest {
        switch hash {
        case .sha256: sha256
        case .sha384: sha384
        case .sha512: sha512
        }
    }
}
