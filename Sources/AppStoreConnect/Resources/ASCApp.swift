/// An app, as `GET /v1/apps` and `GET /v1/apps/{id}` give it.
public struct ASCApp: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// App Store Connect's ID of the app (the Apple ID, digits).
    public let id: String
    /// The app's name in App Store Connect.
    public let name: String
    /// The bundle ID.
    public let bundleID: String

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the app's ID.
    public init(id: String, name: String, bundleID: String) {
        self.id = id
        self.name = name
        self.bundleID = bundleID
    }

    /// Reads an `apps` resource.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "apps")
        self.init(id: resource.id, name: try resource.string("name"), bundleID: try resource.string("bundleId"))
    }

    public var description: String { "\(name) (\(bundleID), id \(id))" }
}
