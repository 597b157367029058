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

    /// Whether a text has the shape of an App Store Connect app ID: 1 to 20 ASCII digits (the digits of the app's App
    /// Store URL, `id1234567890`, without the `id`).
    /// - Parameter text: the text.
    /// - Returns: true for an ID.
    public static func isAppStoreID(_ text: some StringProtocol) -> Bool {
        (1...20).contains(text.utf8.count)
            && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
