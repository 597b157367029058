/// Who signed a provisioning profile's CMS message, and whether that signer chains to the trusted roots.
///
/// The signature itself is always intact when a `ProfileSigner` exists (a broken one refuses the file); a signer that
/// does not chain is accepted, and the profile's detail text says so.
public struct ProfileSigner: Sendable, Equatable {
    /// Whether the signer chains to the roots of a `ProfileSignerTrust`.
    public enum Chain: Sendable, Equatable {
        /// The signer's chain verifies up to one of the roots of the named owner ("Apple").
        case chained(to: String)
        /// It does not; the text says why (the message carries none of the roots, or OpenSSL's verify error, such
        /// as "unable to get local issuer certificate").
        case notChained(to: String, because: String)
    }

    /// The signer certificate's common name (Apple's: `Apple iPhone OS Provisioning Profile Signing`), if any.
    public let commonName: String?
    /// The chain check's result.
    public let chain: Chain

    /// Whether the signer chains to the trusted roots.
    public var isChained: Bool {
        if case .chained = chain { return true }
        return false
    }

    /// A signer as read.
    /// - Parameters:
    ///   - commonName: the signer certificate's CN.
    ///   - chain: the chain check's result.
    public init(commonName: String?, chain: Chain) {
        self.commonName = commonName
        self.chain = chain
    }
}
