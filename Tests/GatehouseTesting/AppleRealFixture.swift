import Foundation
import Testing

/// One of the genuine Apple-signed tokens in `../shared/fixtures/apple-real/<name>/` (`token.jwt`, `jwks.json`),
/// with the audience it was issued for and its `iat`. Tests that need it are enabled only where
/// `SharedResources.hasAppleReal`.
public struct AppleRealFixture: Sendable, CustomTestStringConvertible {
    /// The fixture's folder name, which names the app, Apple's key and the month.
    public let name: String
    /// The `aud` of the token: the client ID to verify it with.
    public let audience: String
    /// The token's `iat`, Unix seconds.
    public let issuedAt: Int64

    /// The fixture's folder.
    public var directory: URL { SharedResources.appleRealDirectory.appendingPathComponent(name) }
    /// The fixture's folder, as a path.
    public var path: String { directory.path }

    public var testDescription: String { name }

    /// The identity tokens, oldest first.
    public static let identityTokens: [AppleRealFixture] = [
        AppleRealFixture(name: "pepo-AIDOPK1-2020-01", audience: "com.pepo.staging", issuedAt: 1_579_274_153),
        AppleRealFixture(
            name: "gameroasters-YuyXoY-2021-02", audience: "com.gameroasters.stack4", issuedAt: 1_614_431_194),
        AppleRealFixture(name: "listminut-eXaunmL-2021-05", audience: "com.listminut.app", issuedAt: 1_621_529_856),
        AppleRealFixture(
            name: "gameroasters-eXaunmL-noemail-2021-09", audience: "com.gameroasters.stack4", issuedAt: 1_630_741_430),
        AppleRealFixture(name: "authcare-W6WcOKB-2023-07", audience: "app.namecare.ios", issuedAt: 1_689_543_571),
        AppleRealFixture(
            name: "zemble-lVHdOx8ltR-2024-04", audience: "com.kingstinct.sign-in-with-apple", issuedAt: 1_712_228_305),
    ]

    /// The server-to-server notification.
    public static let notification = AppleRealFixture(
        name: "gameroasters-eXaunmL-s2s-event-2021-08", audience: "com.gameroasters.stack4", issuedAt: 1_630_085_412)

    /// The fixture named `name`, among the identity tokens and the notification.
    public static func named(_ name: String) -> AppleRealFixture {
        (identityTokens + [notification]).first { $0.name == name }!
    }
}
