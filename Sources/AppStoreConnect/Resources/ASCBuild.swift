public import GatehouseFoundation

/// The build attached to an App Store version (`include=build`, `fields[builds]=version,uploadedDate`).
public struct ASCBuild: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the build.
    public let id: String
    /// The build number (`CFBundleVersion`), when sent.
    public let version: String?
    /// When the build was uploaded, when sent.
    public let uploadedDate: Date?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the build's ID.
    ///   - version: the build number.
    ///   - uploadedDate: the upload time.
    public init(id: String, version: String?, uploadedDate: Date?) {
        self.id = id
        self.version = version
        self.uploadedDate = uploadedDate
    }

    /// Reads a `builds` resource.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "builds")
        self.init(
            id: resource.id, version: try resource.optionalString("version"),
            uploadedDate: try resource.date("uploadedDate"))
    }
}
