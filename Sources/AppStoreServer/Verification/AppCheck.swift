/// One check of the data against the app the verifier is for: the bundle ID, the environment, the app's Apple id.
public struct AppCheck: Sendable, Hashable {
    /// The member checked, as Apple names it ("bundleId", "environment", "receiptType", "appAppleId").
    public let name: String
    /// Where it was read ("data", "summary", "externalPurchaseToken", "appData", or "" for the payload itself).
    public let location: String
    /// The value the verifier was configured with.
    public let expected: String
    /// The value the payload has, or nil when it has none.
    public let found: String?

    /// Whether the payload's value is the configured one.
    public var passed: Bool { found == expected }

    /// "data.bundleId", or "bundleId" at the top.
    public var path: String { location.isEmpty ? name : "\(location).\(name)" }
}
