import AppStoreConnect
public import GatehouseCore
import GatehouseFoundation
public import ReviewLog

/// One look at a key's signing items in App Store Connect: its certificates (`GET /v1/certificates`) and provisioning
/// profiles (`GET /v1/profiles?include=bundleId,certificates`), recorded in the store in one transaction
/// (`SigningStore.applySigningListing(_:)`) as the source `app-store-connect:<profile or key ID>`.
///
/// A list that cannot be read (a 403: which key roles may read these is not documented; a 404; any failure after the
/// client's retries) is a warning naming the resource, and its items are left as they were: it never changes what
/// the review states' pass decides. Requests: one per page of each list (two for a team whose lists fit a page each,
/// with the largest `limit`, 200).
public struct SigningPass: Sendable {
    /// What the pass did.
    public struct Report: Sendable {
        /// The source recorded.
        public var source: String
        /// What changed.
        public var changes: [SigningChange] = []
        /// The lists that could not be read, each with why.
        public var warnings: [String] = []
    }

    /// The App Store Connect client.
    public let client: ASCClient
    /// The store.
    public let store: any SigningStore
    /// The credentials profile's name, if any (the source's name; else the key ID).
    public let profile: String?
    /// The clock the listing's time is read from.
    public let clock: any TimeSource

    /// Creates a pass.
    /// - Parameters:
    ///   - client: the App Store Connect client.
    ///   - store: the store.
    ///   - profile: the credentials profile's name, if any.
    ///   - clock: the time source; default the system clock.
    public init(client: ASCClient, store: any SigningStore, profile: String?, clock: any TimeSource = .system) {
        self.client = client
        self.store = store
        self.profile = profile
        self.clock = clock
    }

    /// The source this pass records: `app-store-connect:<profile name>`, or `app-store-connect:<key ID>`.
    public var source: String { SigningListing.source(profile: profile, keyID: client.credentials.keyID) }

    /// Runs the pass.
    /// - Returns: what changed, and the lists that could not be read.
    /// - Throws: `ReviewError` store errors only.
    public func run() async throws(ReviewError) -> Report {
        var report = Report(source: source)
        let key = client.credentials.keyID
        var certificates: [SigningSighting]?
        do {
            certificates = try await client.certificates().map(Self.sighting)
        } catch {
            report.warnings.append(Self.warning(error, resource: "certificates", key: key))
        }
        var profiles: [SigningSighting]?
        do {
            profiles = try await client.profiles().map(Self.sighting)
        } catch {
            report.warnings.append(Self.warning(error, resource: "provisioning profiles", key: key))
        }
        guard certificates != nil || profiles != nil else { return report }
        let listing = SigningListing(
            source: source, at: Timestamp(now: clock), certificates: certificates, profiles: profiles)
        let store = self.store
        report.changes = try await store.offload { () throws(ReviewError) -> [SigningChange] in
            try store.applySigningListing(listing)
        }
        return report
    }

    static func warning(_ error: any Error, resource: String, key: String) -> String {
        let reason = (error as? AppStoreConnectError)?.reason ?? "\(error)"
        let hint =
            (error as? AppStoreConnectError)?.code == .forbidden
            ? " (Apple does not document which key roles may read them; an Admin key can)" : ""
        return "the key \(key) could not list the team's \(resource): \(reason)\(hint); its \(resource) are left as "
            + "they were"
    }

    /// What the store records of a listed certificate: its name, detail (type, platform, serial), expiry, and its
    /// type as what a newer certificate renews it within.
    static func sighting(_ certificate: ASCCertificate) -> SigningSighting {
        var detail = [certificate.certificateType.rawValue]
        if let platform = certificate.platform { detail.append(platform.rawValue) }
        detail.append("serial \(certificate.serialNumber)")
        return SigningSighting(
            kind: .certificate, reference: certificate.id, name: ControlCharacters.escaped(certificate.name),
            detail: ControlCharacters.escaped(detail.joined(separator: ", ")),
            ownExpires: Timestamp(certificate.expirationDate), renewalGroup: certificate.certificateType.rawValue)
    }

    /// What the store records of a listed profile: its name, detail (type, platform, UUID, bundle ID), own expiry,
    /// INVALID mark, its name as what a profile made again renews it within, and its certificates with their expiry.
    static func sighting(_ profile: ASCProfile) -> SigningSighting {
        var detail = [profile.profileType.rawValue]
        if let platform = profile.platform { detail.append(platform.rawValue) }
        detail.append("UUID \(profile.uuid)")
        if let identifier = profile.bundleID?.identifier { detail.append(identifier) }
        return SigningSighting(
            kind: .profile, reference: profile.id, name: ControlCharacters.escaped(profile.name),
            detail: ControlCharacters.escaped(detail.joined(separator: ", ")),
            ownExpires: Timestamp(profile.expirationDate), isInvalid: profile.profileState == .invalid,
            renewalGroup: ControlCharacters.escaped(profile.name),
            includedCertificates: profile.certificates.map {
                SigningSighting.IncludedCertificate(reference: $0.id, expires: Timestamp($0.expirationDate))
            })
    }
}
