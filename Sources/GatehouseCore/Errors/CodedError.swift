/// The shape every Gatehouse module's error shares (`JWTError`, `HTTPError`, `AppleSignInError`,
/// `AppStoreConnectError`, `ReviewError`, `SyncError`): a stable `code` for programs and a human `reason` for people.
///
/// After apple/swift-asn1's `ASN1Error` (Sources/SwiftASN1/Errors.swift): the code is a struct of static members
/// over a private enum, so codes can be added without breaking callers; equality compares the code only, so callers
/// and tests match `error == JWTError(.unknownKeyID)` without depending on wording; and `description` reads
/// `"<Type>.<code>: <reason>"`. A module's error type declares its codes, its stored properties and its initialiser
/// (which escapes the reason with `ControlCharacters`); equality and the description come from here, once.
///
/// Public, not `package`, because a public type's `Equatable` and `CustomStringConvertible` conformances need public
/// implementations: a module adopts it with `public import GatehouseCore` in its error type's file.
public protocol CodedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error's code: what a program matches on.
    associatedtype Code: Hashable, Sendable, CustomStringConvertible

    /// The stable code.
    var code: Code { get }
    /// The human explanation: the cause, the values involved and, where known, the fix; one line, its control
    /// characters escaped.
    var reason: String { get }
}

extension CodedError {
    /// Equal when the codes are: the reason is for people and may change wording.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// `"<Type>.<code>: <reason>"`, such as `JWTError.unknownKeyID: the token's kid "k2" is not in the key set`.
    public var description: String { "\(Self.self).\(code): \(reason)" }
}
