internal import GatehouseCore

/// The NIST curves of RFC 7518 section 6.2.1.1, by their JWK `crv` names.
public enum EllipticCurve: String, Sendable, CaseIterable, Hashable {
    /// NIST P-256 (secp256r1), used by ES256.
    case p256 = "P-256"
    /// NIST P-384 (secp384r1), used by ES384.
    case p384 = "P-384"
    /// NIST P-521 (secp521r1), used by ES512.
    case p521 = "P-521"

    /// The curve named exactly `rawValue` (`ExactString`: the synthesized initializer would use `String.==`), or nil.
    /// - Parameter rawValue: a JWK `crv` such as `P-256`.
    public init?(rawValue: String) {
        switch ExactString(rawValue) {
        case "P-256": self = .p256
        case "P-384": self = .p384
        case "P-521": self = .p521
        default: return nil
        }
    }

    /// The length in bytes of one coordinate (and of r and s in a JWS signature): 32, 48 or 66
    /// (RFC 7518 sections 3.4 and 6.2.1.2).
    public var coordinateByteCount: Int {
        switch self {
        case .p256: 32
        case .p384: 48
        case .p521: 66
        }
    }

    /// The JWS algorithm bound to this curve (RFC 7518 section 3.4): ES256, ES384 or ES512.
    public var algorithm: JWSAlgorithm {
        switch self {
        case .p256: .es256
        case .p384: .es384
        case .p521: .es512
        }
    }

    /// OpenSSL's group name.
    var openSSLGroupName: String {
        switch self {
        case .p256: "prime256v1"
        case .p384: "secp384r1"
        case .p521: "secp521r1"
        }
    }

    /// The curve for an OpenSSL group name (either the SEC or the NIST spelling), or nil.
    init?(openSSLGroupName name: String) {
        switch ExactString(name) {
        case "prime256v1", "P-256", "secp256r1": self = .p256
        case "secp384r1", "P-384": self = .p384
        case "secp521r1", "P-521": self = .p521
        default: return nil
        }
    }
}
