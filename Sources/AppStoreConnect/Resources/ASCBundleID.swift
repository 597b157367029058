/// The bundle ID (App ID) a provisioning profile is for, from the `bundleId` relationship and the included
/// `bundleIds` resource.
public struct ASCBundleID: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the bundle ID resource (not the identifier).
    public let id: String
    /// The identifier, such as `com.example.app` or `A1B2C3D4E5.com.example.*`; nil when the document did not
    /// include the resource.
    public let identifier: String?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the resource's ID.
    public init(id: String, identifier: String?) {
        self.id = id
        self.identifier = identifier
    }
}
