internal import GatehouseCore

/// The JWS signature and MAC algorithms of RFC 7518 section 3.1, plus `EdDSA` (RFC 8037 section 3.1).
///
/// `none` is deliberately absent: an unsecured JWS (RFC 7518 section 3.6) is never accepted.
public enum JWSAlgorithm: String, Sendable, CaseIterable, Hashable {
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 section 3.3).
    case rs256 = "RS256"
    /// RSASSA-PKCS1-v1_5 with SHA-384 (RFC 7518 section 3.3).
    case rs384 = "RS384"
    /// RSASSA-PKCS1-v1_5 with SHA-512 (RFC 7518 section 3.3).
    case rs512 = "RS512"
    /// RSASSA-PSS with SHA-256, MGF1 with SHA-256, salt of 32 bytes (RFC 7518 section 3.5).
    case ps256 = "PS256"
    /// RSASSA-PSS with SHA-384, MGF1 with SHA-384, salt of 48 bytes (RFC 7518 section 3.5).
    case ps384 = "PS384"
    /// RSASSA-PSS with SHA-512, MGF1 with SHA-512, salt of 64 bytes (RFC 7518 section 3.5).
    case ps512 = "PS512"
    /// ECDSA on P-256 with SHA-256 (RFC 7518 section 3.4).
    case es256 = "ES256"
    /// ECDSA on P-384 with SHA-384 (RFC 7518 section 3.4).
    case es384 = "ES384"
    /// ECDSA on P-521 with SHA-512 (RFC 7518 section 3.4).
    case es512 = "ES512"
    /// EdDSA; only Ed25519 is supported (RFC 8037 section 3.1).
    case edDSA = "EdDSA"
    /// HMAC with SHA-256 (RFC 7518 section 3.2).
    case hs256 = "HS256"
    /// HMAC with SHA-384 (RFC 7518 section 3.2).
    case hs384 = "HS384"
    /// HMAC with SHA-512 (RFC 7518 section 3.2).
    case hs512 = "HS512"

    /// The algorithm named exactly `rawValue` (the same code points; `ExactString`), or nil. Written out because the
    /// synthesized initializer compares with `String.==`, which treats canonically equivalent names as equal.
    /// - Parameter rawValue: an `alg` value such as `RS256`.
    public init?(rawValue: String) {
        // Every name is 5 ASCII bytes: packed into an integer (one-to-one for 5 bytes, `MemberKey`), the name is
        // found by integer compares, with no array or string made on the hot path.
        guard rawValue.utf8.count == 5 else { return nil }
        let key = MemberKey.of(rawValue.utf8)
        guard key != 0, let found = Self.byKey.first(where: { $0.key == key }) else { return nil }
        self = found.algorithm
    }

    /// Each algorithm by the packed bytes of its name.
    private static let byKey: [(key: UInt64, algorithm: JWSAlgorithm)] = allCases.map {
        (MemberKey.of($0.rawValue.utf8), $0)
    }

    /// Whether this is an HMAC algorithm (HS256/384/512), keyed by a shared secret rather than a key pair.
    public var isSymmetric: Bool {
        switch self {
        case .hs256, .hs384, .hs512: true
        default: false
        }
    }

    /// Every asymmetric algorithm: every case but HS256, HS384 and HS512.
    public static let asymmetric: Set<JWSAlgorithm> = Set(allCases.filter { !$0.isSymmetric })

    /// The curve an ECDSA algorithm is bound to (RFC 7518 section 3.4), or nil for any other algorithm.
    public var curve: EllipticCurve? {
        switch self {
        case .es256: .p256
        case .es384: .p384
        case .es512: .p521
        default: nil
        }
    }

    /// The SHA-2 hash of the algorithm, nil for EdDSA (Ed25519 hashes internally).
    var hash: HashFunction? {
        switch self {
        case .rs256, .ps256, .es256, .hs256: .sha256
        case .rs384, .ps384, .es384, .hs384: .sha384
        case .rs512, .ps512, .es512, .hs512: .sha512
        case .edDSA: nil
        }
    }

    /// The algorithm family, which decides the key kind and the padding.
    var family: Family {
        switch self {
        case .rs256, .rs384, .rs512: .rsaPKCS1
        case .ps256, .ps384, .ps512: .rsaPSS
        case .es256, .es384, .es512: .ecdsa
        case .edDSA: .edDSA
        case .hs256, .hs384, .hs512: .hmac
        }
    }

    enum Family: Sendable {
        case rsaPKCS1, rsaPSS, ecdsa, edDSA, hmac
    }
}

/// The SHA-2 functions the JWS algorithms use.
enum HashFunction: Sendable {
    case sha256, sha384, sha512

    /// The output length in bytes (also the RSASSA-PSS salt length, RFC 7518 section 3.5).
    var byteCount: Int {
        switch self {
        case .sha256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }
}
