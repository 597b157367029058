public import GatehouseFoundation

/// A provisioning profile file the tracker watches (`.mobileprovision`, `.provisionprofile`): a property list signed
/// as CMS SignedData, whose signature was found intact.
///
/// A profile stops working when it expires or when a certificate it includes does: its effective expiry, `expires`,
/// is the earliest of its own `ExpirationDate` and the `notAfter` of each of its `DeveloperCertificates`, and
/// `decidedBy` says which one that is.
public struct ProvisioningProfileFile: Sendable, Equatable {
    /// What decides a profile's effective expiry.
    public enum ExpiryDecider: Sendable, Equatable {
        /// The profile's own `ExpirationDate` (also when a certificate expires at the same second).
        case profile
        /// The certificate at this index of `developerCertificates`, which expires before the profile does.
        case developerCertificate(index: Int)
    }

    /// `Name`: the profile's name, shown for it.
    public let name: String
    /// `UUID`.
    public let uuid: String
    /// `TeamIdentifier`: the team IDs, never empty (Apple writes one).
    public let teamIdentifiers: [String]
    /// `TeamName`, when present.
    public let teamName: String?
    /// `AppIDName`, when present.
    public let appIDName: String?
    /// `Platform` (`iOS`, `OSX`, `xrOS`, ...), empty when absent.
    public let platforms: [String]
    /// `Entitlements` `aps-environment` (`development` or `production`), when the profile allows push.
    public let apsEnvironment: String?
    /// `CreationDate`, when present.
    public let creationDate: Date?
    /// `ExpirationDate`: the profile's own expiry, to the second, UTC.
    public let expirationDate: Date
    /// `DeveloperCertificates`, in the profile's order.
    public let developerCertificates: [SigningCertificate]
    /// Who signed the CMS message, and whether that signer chains to the trusted roots (Apple's by default).
    public let signer: ProfileSigner

    /// The effective expiry: the earliest of `expirationDate` and the certificates' `notAfter`.
    public var expires: Date {
        switch decidedBy {
        case .profile: expirationDate
        case .developerCertificate(let index): developerCertificates[index].notAfter
        }
    }

    /// Which date is the effective expiry: the profile's own, or the certificate that expires first.
    public var decidedBy: ExpiryDecider {
        var decider = ExpiryDecider.profile
        var earliest = expirationDate
        for (index, certificate) in developerCertificates.enumerated() where certificate.notAfter < earliest {
            earliest = certificate.notAfter
            decider = .developerCertificate(index: index)
        }
        return decider
    }

    /// One line for the DETAIL column: platform, UUID, team, push environment, and, for a signer that does not chain
    /// to the trusted roots, that it does not and why.
    public var detail: String {
        var parts = [platforms.isEmpty ? "profile" : platforms.joined(separator: "/") + " profile", "UUID \(uuid)"]
        parts.append("team \(teamIdentifiers.joined(separator: "/"))")
        if let apsEnvironment { parts.append("aps-environment \(apsEnvironment)") }
        if case .notChained(let owner, let why) = signer.chain {
            parts.append("signer not chained to \(owner) (\(why))")
        }
        return parts.joined(separator: ", ")
    }

    /// A profile's fields, as read.
    public init(
        name: String, uuid: String, teamIdentifiers: [String], teamName: String?, appIDName: String?,
        platforms: [String], apsEnvironment: String?, creationDate: Date?, expirationDate: Date,
        developerCertificates: [SigningCertificate], signer: ProfileSigner
    ) {
        self.name = name
        self.uuid = uuid
        self.teamIdentifiers = teamIdentifiers
        self.teamName = teamName
        self.appIDName = appIDName
        self.platforms = platforms
        self.apsEnvironment = apsEnvironment
        self.creationDate = creationDate
        self.expirationDate = expirationDate
        self.developerCertificates = developerCertificates
        self.signer = signer
    }
}
