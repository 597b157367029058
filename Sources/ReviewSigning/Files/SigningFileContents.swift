public import GatehouseFoundation

/// What a local signing file holds, by kind, with what every kind answers alike: its expiry, the name shown for it
/// and the DETAIL text.
public enum SigningFileContents: Sendable, Equatable {
    /// A provisioning profile whose CMS signature is intact.
    case profile(ProvisioningProfileFile)
    /// A certificate.
    case certificate(CertificateFile)
    /// A Sign in with Apple client secret.
    case clientSecret(ClientSecretFile)

    /// The kind.
    public var kind: SigningFileKind {
        switch self {
        case .profile: .profile
        case .certificate: .certificate
        case .clientSecret: .clientSecret
        }
    }

    /// The effective expiry, to the second, UTC: a profile's earliest of its own date and its certificates', a
    /// certificate's `notAfter`, a client secret's `exp`.
    public var expires: Date {
        switch self {
        case .profile(let profile): profile.expires
        case .certificate(let certificate): certificate.expires
        case .clientSecret(let secret): secret.expires
        }
    }

    /// The name shown when the user gave none: a profile's `Name`, a certificate's subject common name, a client
    /// secret's `sub` (the client ID).
    public var displayName: String {
        switch self {
        case .profile(let profile): profile.name
        case .certificate(let certificate): certificate.displayName
        case .clientSecret(let secret): secret.clientID
        }
    }

    /// One line for the DETAIL column: type or platform, serial or UUID, client ID, and what is unusual (a profile
    /// signer not chained to Apple, a client secret over Apple's six-month ceiling).
    public var detail: String {
        switch self {
        case .profile(let profile): profile.detail
        case .certificate(let certificate): certificate.detail
        case .clientSecret(let secret): secret.detail
        }
    }
}
