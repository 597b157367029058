import AppleSignIn
import Testing

// This file imports AppleSignIn and Testing only, on purpose: it proves that a server that writes `import
// AppleSignIn` and nothing else still names the clock the initialisers take, now that `TimeSource` lives in
// GatehouseCore (issue 21). Add no other import here.

/// A public initialiser of the caller's own with the clock as a defaulted parameter, as a server's wrapper writes
/// it: the compiler accepts `.system` in a public default argument only when the module declaring it is imported,
/// which AppleSignIn's export of the clock provides.
public struct PinnedKeys {
    let provider: AppleKeySetProvider

    public init(url: String, clock: any TimeSource = .system) {
        provider = AppleKeySetProvider(configuration: .init(url: url), clock: clock)
    }
}

@Suite("import AppleSignIn alone")
struct ImportAppleSignInAloneTests {
    /// A time from the system clock: `Date` itself is not named by AppleSignIn.
    static let now = SystemTimeSource().now()

    /// The README's injected setup ("Verify Sign in with Apple in your server"), with `http:` left at its default:
    /// the README's `CurlHTTPClient()` is GatehouseHTTP's name, which `import AppleSignIn` does not give.
    static func injected(appleKeysURL: String) throws -> (AppleKeySetProvider, AppleIdentityTokenVerifier) {
        let keys = AppleKeySetProvider(configuration: .init(url: appleKeysURL), clock: .fixed(now))
        let verifier = try AppleIdentityTokenVerifier(clientIDs: ["com.example.gatehouse"], keySetProvider: keys)
        return (keys, verifier)
    }

    @Test("the README's .fixed(now) pins the provider's clock; .system and the three names compile")
    func timeSourceNames() throws {
        let (keys, _) = try Self.injected(appleKeysURL: "http://127.0.0.1:9/auth/keys")
        #expect(keys.clock.now() == Self.now)
        let fixed: FixedTimeSource = .fixed(Self.now)
        let system: any TimeSource = .system
        #expect(fixed.now() == Self.now)
        #expect(system.now() >= Self.now)
        #expect(PinnedKeys(url: "http://127.0.0.1:9/auth/keys").provider.clock is SystemTimeSource)
        #expect(PinnedKeys(url: "http://127.0.0.1:9/auth/keys", clock: fixed).provider.clock.now() == Self.now)
    }
}
