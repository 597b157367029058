public import JWT

/// An App Store Connect API key: its key ID, the issuer ID for a team key (none for an individual key), and the
/// `.p8` private key (EC P-256) that signs the tokens.
///
/// The key material never appears in a description, a debug description, a mirror (`dump`) or an error message,
/// not even in part: an unreadable `.p8` is described by what is wrong with it, never quoted.
///
/// ```swift
/// let credentials = try ASCCredentials(keyID: "2X9R4HXF34", issuerID: "57246542-96fe-1a63-e053-0824d011072a",
///                                      p8PEM: String(contentsOfFile: "AuthKey_2X9R4HXF34.p8"))
/// ```
public struct ASCCredentials: Sendable {
    /// A team key (claims `iss`: the issuer ID) or an individual key (claim `sub: "user"`).
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A team key, with its issuer ID (a UUID, on Users and Access > Integrations > App Store Connect API).
        case team(issuerID: String)
        /// An individual key: no issuer ID; tokens carry `sub: "user"`.
        case individual

        public var description: String {
            switch self {
            case .team(let issuerID): "team key (issuer ID \(issuerID))"
            case .individual: "individual key"
            }
        }
    }

    /// The key ID (header `kid`), ten characters such as `2X9R4HXF34`.
    public let keyID: String
    /// Team or individual, with the issuer ID of a team key.
    public let kind: Kind
    /// The signing key; never printed.
    let privateKey: PrivateKey

    /// The issuer ID of a team key; `nil` for an individual key.
    public var issuerID: String? {
        if case .team(let issuerID) = kind { return issuerID }
        return nil
    }

    /// Credentials from a `.p8` file's text.
    /// - Parameters:
    ///   - keyID: the key ID shown with the key in App Store Connect.
    ///   - issuerID: the issuer ID (a UUID) for a team key; `nil` for an individual key.
    ///   - p8PEM: the contents of `AuthKey_<KeyID>.p8`.
    /// - Throws: `AppStoreConnectError.invalidCredentials` for an empty or malformed key ID or issuer ID, or a `.p8`
    ///   that is not an EC P-256 private key in PEM form; the message says what is wrong without quoting the key.
    public init(keyID: String, issuerID: String?, p8PEM: String) throws {
        try Self.checkIDs(keyID: keyID, issuerID: issuerID)
        let key: PrivateKey
        do {
            key = try PrivateKey(pemRepresentation: p8PEM)
        } catch let error as JWTError {
            // The JOSE core's PEM reader never quotes the text (PEMError's contract): its reason names lines,
            // lengths and markers only, so it can be passed on.
            let encrypted = p8PEM.contains("ENCRYPTED")
            throw AppStoreConnectError(
                .invalidCredentials,
                "the .p8 text for key ID \(Quoting.token(keyID)) is not a readable private key in PEM form "
                    + "(\(error.reason)); pass the whole AuthKey_\(keyID).p8 file as downloaded from App "
                    + "Store Connect, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----"
                    + (encrypted ? "; an encrypted key must be decrypted first (openssl pkcs8 -in key -out plain)" : "")
            )
        }
        try self.init(keyID: keyID, issuerID: issuerID, privateKey: key)
    }

    /// Credentials from a private key already read.
    /// - Parameters:
    ///   - issuerID: the issuer ID (a UUID) for a team key; `nil` for an individual key.
    ///   - privateKey: an EC P-256 private key.
    /// - Throws: `AppStoreConnectError.invalidCredentials` for a malformed ID or a key that is not EC P-256.
    public init(keyID: String, issuerID: String?, privateKey: PrivateKey) throws {
        try Self.checkIDs(keyID: keyID, issuerID: issuerID)
        guard privateKey.publicKey.supports(.es256) else {
            throw AppStoreConnectError(
                .invalidCredentials,
                "the private key for key ID \(Quoting.token(keyID)) is \(privateKey.kind); App Store Connect keys "
                    + "are EC P-256 (ES256): use the AuthKey_\(keyID).p8 file App Store Connect gave for this key")
        }
        self.keyID = keyID
        self.kind = issuerID.map { .team(issuerID: $0) } ?? .individual
        self.privateKey = privateKey
    }

    private static func checkIDs(keyID: String, issuerID: String?) throws {
        guard !keyID.isEmpty, keyID.utf8.count <= 64, keyID.utf8.allSatisfy(isIDByte) else {
            throw AppStoreConnectError(
                .invalidCredentials,
                "the key ID \(Quoting.quoted(keyID, limit: 64)) is not a key ID: it is the ten letters and digits "
                    + "shown with the key in App Store Connect (Users and Access > Integrations), such as 2X9R4HXF34")
        }
        if let issuerID, !isUUID(issuerID) {
            let hint =
                issuerID.utf8.count == 10
                ? " (ten characters: that looks like a Team ID or a key ID, not the issuer ID)" : ""
            throw AppStoreConnectError(
                .invalidCredentials,
                "the issuer ID \(Quoting.quoted(issuerID, limit: 64)) is not a UUID\(hint); a team key's issuer ID "
                    + "is the UUID shown above the keys on Users and Access > Integrations > App Store Connect API, "
                    + "such as 57246542-96fe-1a63-e053-0824d011072a; an individual key has no issuer ID")
        }
    }

    /// Letters, digits, `-` and `_`.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F
    }

    /// 8-4-4-4-12 hexadecimal digits, either case.
    private static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == 0x2D else { return false }
            } else {
                let hex =
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
                guard hex else { return false }
            }
        }
        return true
    }
}

extension ASCCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key ID and the kind; never the key.
    public var description: String { "ASCCredentials(key ID \(keyID), \(kind))" }

    /// As `description`.
    public var debugDescription: String { description }

    /// A mirror without the private key, so `dump` and debuggers do not print it.
    public var customMirror: Mirror {
        Mirror(self, children: ["keyID": keyID, "kind": kind], displayStyle: .struct)
    }
}
