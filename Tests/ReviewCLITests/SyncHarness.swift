import Foundation
import GatehouseTesting
import JWT

/// A fake App Store Connect server in the test process, an API key it knows written as a `.p8` in a temporary
/// folder, and the environment that points the built `review` at both (`ASC_API_BASE_URL`, `ASC_KEY_ID`,
/// `ASC_ISSUER_ID`, `ASC_PRIVATE_KEY_PATH`, `REVIEW_DB`), with `HOME` and `XDG_CONFIG_HOME` in the temporary folder so
/// that no profile of the machine's user is read.
struct SyncHarness {
    static let keyID = "E2E0KEY001"
    static let issuerID = "00000000-0000-4000-8000-000000000000"

    let directory: TemporaryDirectory
    let fake: FakeAppStoreConnect
    /// The `.p8` of the key the fake accepts.
    let keyPath: String

    var database: String { directory.file("review.sqlite3").path }

    init(state: FakeASCState) throws {
        directory = try TemporaryDirectory()
        let key = try PrivateKey.generate(.ec(.p256))
        fake = try FakeAppStoreConnect(
            keys: [.init(keyID: Self.keyID, publicKey: key.publicKey, issuerID: Self.issuerID)], state: state)
        keyPath = directory.file("AuthKey_\(Self.keyID).p8").path
        try Data(key.pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyPath))
        for folder in ["home", "config"] {
            try FileManager.default.createDirectory(at: directory.file(folder), withIntermediateDirectories: true)
        }
    }

    /// The variables of a `review` run against the fake, with `overrides` on top.
    func environment(_ overrides: [String: String] = [:]) -> [String: String] {
        var variables = [
            "REVIEW_DB": database, "TZ": "UTC", "ASC_API_BASE_URL": fake.baseURL, "ASC_KEY_ID": Self.keyID,
            "ASC_ISSUER_ID": Self.issuerID, "ASC_PRIVATE_KEY_PATH": keyPath, "HOME": directory.file("home").path,
            "XDG_CONFIG_HOME": directory.file("config").path, "XDG_DATA_HOME": directory.file("home").path,
        ]
        for (name, value) in overrides { variables[name] = value }
        return variables
    }

    /// Runs the built `review` to the end.
    func review(_ arguments: [String], _ overrides: [String: String] = [:]) throws -> ProcessRunner.Result {
        try ProcessRunner.run("review", arguments, environment: environment(overrides))
    }

    /// Starts the built `review` without waiting (its output is discarded), for a test that kills it.
    func spawnReview(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = ProcessRunner.executable("review")
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["SWIFT_BACKTRACE"] = "enable=no"
        for (name, value) in environment() { variables[name] = value }
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
