/// The state of a provisioning profile (`profileState`). A value Apple adds later is kept as its raw string
/// (`isKnown` is then false), never a failure.
public struct ASCProfileState: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `ACTIVE`.
    public static let active = ASCProfileState(rawValue: "ACTIVE")
    /// `INVALID`: it no longer signs (a certificate in it was revoked or expired, or its App ID changed).
    public static let invalid = ASCProfileState(rawValue: "INVALID")

    /// The values App Store Connect documents (OpenAPI 4.4.1, `Profile.attributes.profileState`).
    public static let knownValues: [ASCProfileState] = [.active, .invalid]
}
