/// The server environment of App Store data (Apple's `environment` type; an `AppTransaction`'s `receiptType`).
///
/// A value Apple adds later is kept as it is written, never a failure.
public struct AppStoreEnvironment: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The environment as Apple writes it ("Production").
    public let rawValue: String

    /// An environment by its name as Apple writes it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The App Store.
    public static let production = AppStoreEnvironment(rawValue: "Production")
    /// Apple's sandbox.
    public static let sandbox = AppStoreEnvironment(rawValue: "Sandbox")
    /// StoreKit testing in Xcode: signed by Xcode, not Apple.
    public static let xcode = AppStoreEnvironment(rawValue: "Xcode")
    /// Local StoreKit testing: signed locally, not by Apple.
    public static let localTesting = AppStoreEnvironment(rawValue: "LocalTesting")

    /// The environments Apple documents, in that order.
    public static let documented: [AppStoreEnvironment] = [.production, .sandbox, .xcode, .localTesting]

    /// Whether data of this environment is signed locally (Xcode, LocalTesting) rather than by Apple.
    public var isLocal: Bool { self == .xcode || self == .localTesting }

    public var description: String { rawValue }
}
