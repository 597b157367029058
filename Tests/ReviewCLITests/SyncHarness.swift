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

    /// Runs the built `review` to the end, in `currentDirectory` if given.
    func review(_ arguments: [String], _ overrides: [String: String] = [:], currentDirectory: URL? = nil) throws
        -> ProcessRunner.Result
    {
        try ProcessRunner.run(
            "review", arguments, environment: environment(overrides), currentDirectory: currentDirectory)
    }

    /// Starts the built `review` without waiting, for a test that signals or kills it.
    /// - Parameters:
    ///   - arguments: its arguments.
    ///   - output: a name: standard output goes to `<name>.out` and standard error to `<name>.err` in the
    ///     temporary folder (see `output(_:)`); nil: both are discarded.
    ///   - overrides: variables over `environment()`'s.
    func spawnReview(_ arguments: [String], output: String? = nil, environment overrides: [String: String] = [:])
        throws -> Process
    {
        let process = Process()
        process.executableURL = ProcessRunner.executable("review")
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["SWIFT_BACKTRACE"] = "enable=no"
        for (name, value) in environment(overrides) { variables[name] = value }
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let output {
            process.standardOutput = try outputFile("\(output).out")
            process.standardError = try outputFile("\(output).err")
        }
        try process.run()
        return process
    }

    private func outputFile(_ name: String) throws -> FileHandle {
        let path = directory.file(name).path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// What a process started with `spawnReview(_:output:)` has written so far.
    func output(_ name: String) -> (standardOutput: String, standardError: String) {
        func read(_ suffix: String) -> String {
            (try? String(contentsOf: directory.file("\(name).\(suffix)"), encoding: .utf8)) ?? ""
        }
        return (read("out"), read("err"))
    }
}
