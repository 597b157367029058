/// An app: its name (unique in a store, compared case-insensitively) and, optionally, its identifiers.
public struct App: Sendable, Hashable {
    /// The name shown and typed (`PriLingo`).
    public var name: String
    /// The bundle ID (`com.example.prilingo`), if known.
    public var bundleID: String?
    /// The App Store Connect app ID (`1234567890`), if known.
    public var appStoreID: String?

    /// Creates an app.
    /// - Parameters:
    ///   - name: the name shown and typed, unique in a store (compared case-insensitively).
    ///   - bundleID: the bundle ID, if known.
    ///   - appStoreID: the App Store Connect app ID, if known.
    public init(name: String, bundleID: String? = nil, appStoreID: String? = nil) {
        self.name = name
        self.bundleID = bundleID
        self.appStoreID = appStoreID
    }
}
