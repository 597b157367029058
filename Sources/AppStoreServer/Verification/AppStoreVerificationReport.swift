import GatehouseFoundation
import JWT

/// Everything one verification found, whatever its verdict: what `jwtcheck appstore verify` prints.
///
/// On a rejection the report holds what was established before the failing check (the chain once it verified, the
/// validation time once the signature did), and `payload` is the decoded payload only when the signature verified.
public struct AppStoreVerificationReport: Sendable {
    /// The data's kind, given or detected (nil when it could not be told).
    public let kind: SignedDataKind?
    /// Why the data was rejected, or could not be checked; nil when it verified.
    public let error: AppStoreServerError?
    /// The built path: leaf, intermediate, trusted root; or the one local signing certificate.
    public let chain: [ChainCertificate]
    /// The time the certificates' validity was checked at.
    public let validationTime: Date?
    /// Where `validationTime` came from.
    public let validationTimeSource: ValidationTimeSource?
    /// The app checks, in order, each with its result.
    public let checks: [AppCheck]
    /// The OCSP status of the leaf and the intermediate, when the verifier checks online (nil offline; empty for
    /// locally signed data, which has no responder).
    public let ocsp: [OCSPCheck]?
    /// The payload (after its signature verified).
    public let payload: JSONObject?
    /// The nested signed data of a notification, each verified as its own kind.
    public let nested: [NestedSignedData]

    /// Whether every check passed.
    public var isVerified: Bool { error == nil }
    /// Whether the data was signed by a local signing certificate (Xcode, LocalTesting), not by Apple.
    public var isLocallySigned: Bool { chain.count == 1 && chain.first?.role == .localSigning }
}

/// A notification's nested signed payload and what its verification found.
public struct NestedSignedData: Sendable {
    /// The member holding it ("signedTransactionInfo"), inside `location` ("data").
    public let member: String
    /// Where the member is ("data", "appData").
    public let location: String
    /// The name its decoded payload is shown under beside it ("transactionInfo", "renewalInfo",
    /// "appTransactionInfo").
    public let decodedName: String
    /// What its verification found.
    public let report: AppStoreVerificationReport
}

extension AppStoreVerificationReport {
    /// The report of data refused before the verifier saw it (a notification body without a `signedPayload`): the
    /// error alone.
    package init(refusing error: AppStoreServerError, kind: SignedDataKind?) {
        self.init(
            kind: kind, error: error, chain: [], validationTime: nil, validationTimeSource: nil, checks: [],
            ocsp: nil, payload: nil, nested: [])
    }
}
