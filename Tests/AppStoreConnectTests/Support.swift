import AppStoreConnect
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// A sleeper that records each wait and returns at once; it can move a clock by the wait.
final class RecordingSleeper: ASCSleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []
    private let clock: ManualClock?

    init(advancing clock: ManualClock? = nil) { self.clock = clock }

    func sleep(for duration: Duration) async throws {
        lock.withLock { recorded.append(duration) }
        let (seconds, attoseconds) = duration.components
        clock?.advance(Double(seconds) + Double(attoseconds) / 1e18)
    }

    var waits: [Duration] { lock.withLock { recorded } }
}

/// The test keys and credentials (generated once per test process; IDs made up in Apple's formats).
enum TestKeys {
    static let key: PrivateKey = try! PrivateKey.generate(.ec(.p256))
    static let otherKey: PrivateKey = try! PrivateKey.generate(.ec(.p256))
    static let keyID = "2X9R4HXF34"
    static let individualKeyID = "7Q4M2KZ9PB"
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"

    static let team = try! ASCCredentials(keyID: keyID, issuerID: issuerID, privateKey: key)
    static let individual = try! ASCCredentials(keyID: individualKeyID, issuerID: nil, privateKey: otherKey)

    /// The keys the fake server accepts: the team key and the individual key.
    static let serverKeys: [FakeASCTokenCheck.Key] = [
        .init(keyID: keyID, publicKey: key.publicKey, issuerID: issuerID),
        .init(keyID: individualKeyID, publicKey: otherKey.publicKey, issuerID: nil),
    ]

    /// The base64 body of the team key's `.p8`, which must never appear in any message.
    static var p8Body: String {
        key.pemRepresentation.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
    }

    /// A compact ES256 token over hand-written claims and header values.
    static func token(
        claims: String, key: PrivateKey = key, kid: String? = keyID, algorithm: JWSAlgorithm = .es256
    ) -> String {
        try! JWSSigner(privateKey: key, algorithm: algorithm, keyID: kid).sign(claimsJSON: Array(claims.utf8))
    }
}

/// A fake server and a client of it sharing a manual clock and a recording sleeper.
struct Harness {
    let fake: FakeAppStoreConnect
    let client: ASCClient
    let clock: ManualClock
    let sleeper: RecordingSleeper

    init(
        state: FakeASCState = FakeASCState(), credentials: ASCCredentials = TestKeys.team,
        configuration: ASCClientConfiguration = ASCClientConfiguration(), sleeperMovesClock: Bool = false
    ) throws {
        clock = ManualClock()
        sleeper = RecordingSleeper(advancing: sleeperMovesClock ? clock : nil)
        fake = try FakeAppStoreConnect(keys: TestKeys.serverKeys, state: state, clock: clock)
        client = try ASCClient(
            credentials: credentials, baseURL: fake.baseURL, clock: clock, sleeper: sleeper,
            configuration: configuration)
    }
}

/// A small catalogue: two apps; app 1 has an iOS version in review with a build and a macOS draft; app 2 has one
/// released version and no submissions.
enum Catalogue {
    static let state = FakeASCState(
        apps: [
            .init(id: "1000000001", name: "Gatehouse Demo", bundleID: "com.example.demo"),
            .init(id: "1000000002", name: "Second App", bundleID: "com.example.second"),
        ],
        versions: [
            .init(
                id: "v-ios-241", appID: "1000000001", platform: "IOS", versionString: "2.4.1",
                appVersionState: "IN_REVIEW", createdDate: "2026-11-20T09:30:00.000-08:00",
                build: .init(id: "b-241", version: "241", uploadedDate: "2026-11-20T10:00:00Z")),
            .init(
                id: "v-mac-20", appID: "1000000001", platform: "MAC_OS", versionString: "2.0",
                appVersionState: "PREPARE_FOR_SUBMISSION"),
            .init(
                id: "v-second-1", appID: "1000000002", platform: "IOS", versionString: "1.0",
                appVersionState: "READY_FOR_DISTRIBUTION", build: .init(id: "b-1", version: "17")),
        ],
        submissions: [
            .init(
                id: "s-1", appID: "1000000001", platform: "IOS", submittedDate: "2026-11-21T08:00:00.123Z",
                state: "IN_REVIEW",
                items: [
                    .init(id: "i-1", state: "READY_FOR_REVIEW", appStoreVersionID: "v-ios-241"),
                    .init(id: "i-2", state: "READY_FOR_REVIEW", otherType: "appEvents", otherID: "e-1"),
                ])
        ])
}

/// Runs `body` and returns the AppStoreConnectError it throws, recording an issue otherwise.
func ascError(
    _ body: () async throws -> some Any, sourceLocation: SourceLocation = #_sourceLocation
) async -> AppStoreConnectError? {
    do {
        _ = try await body()
        Issue.record("expected an AppStoreConnectError, got success", sourceLocation: sourceLocation)
    } catch let error as AppStoreConnectError {
        return error
    } catch {
        Issue.record("expected an AppStoreConnectError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Checks an error's code and that its description names every fragment.
func expect(
    _ error: AppStoreConnectError?, _ code: AppStoreConnectError.Code, naming fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(error?.code == code, "expected \(code), got \(String(describing: error))", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(
            error?.description.contains(fragment) == true,
            "'\(fragment)' is not named in \(String(describing: error))", sourceLocation: sourceLocation)
    }
}

/// The seconds of a duration, as a Double.
func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
}
