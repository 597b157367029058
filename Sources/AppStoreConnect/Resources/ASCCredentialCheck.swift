/// What `ASCClient.checkCredentials()` found: the key works, and what it can see.
public struct ASCCredentialCheck: Sendable, Hashable {
    /// The key ID the token was signed with.
    public let keyID: String
    /// Team key (with issuer ID) or individual key.
    public let kind: ASCCredentials.Kind
    /// How many apps the key can see (`meta.paging.total`), when App Store Connect says.
    public let visibleAppCount: Int?
    /// The first app of the list, when there is one.
    public let firstApp: ASCApp?
    /// The rate limit the response reported, when it did.
    public let rateLimit: ASCRateLimit?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - kind: team or individual.
    ///   - visibleAppCount: how many apps the key can see.
    ///   - rateLimit: the reported rate limit.
    public init(
        keyID: String, kind: ASCCredentials.Kind, visibleAppCount: Int?, firstApp: ASCApp?, rateLimit: ASCRateLimit?
    ) {
        self.keyID = keyID
        self.kind = kind
        self.visibleAppCount = visibleAppCount
        self.firstApp = firstApp
        self.rateLimit = rateLimit
    }
}
