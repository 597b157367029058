import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// Security round 3, item 1: `review sync` (the key from the flags or from `ASC_PRIVATE_KEY_PATH`) and `review auth
/// add` refuse a damaged `.p8` with 65, and nothing they print holds 4 characters of the key's body, in process and
/// through the built binary.
@Suite("review: a damaged .p8 is never printed")
struct SyncMalformedKeyTests {
    static let keyID = "2X9R4HXF34"
    static let issuerID = "00000000-0000-4000-8000-000000000000"

    /// The commands that read a `.p8`, and the variables each runs with, for a key file at `path`.
    static func runs(_ path: String, in directory: TemporaryDirectory) -> [(
        arguments: [String], variables: [String: String]
    )] {
        let base = [
            "REVIEW_DB": directory.file("review.sqlite3").path, "HOME": directory.url.path,
            "XDG_CONFIG_HOME": directory.file("config").path, "ASC_API_BASE_URL": "http://127.0.0.1:9",
        ]
        let fromEnvironment = base.merging([
            "ASC_KEY_ID": keyID, "ASC_ISSUER_ID": issuerID, "ASC_PRIVATE_KEY_PATH": path,
        ]) { $1 }
        return [
            (["sync", "--key-id", keyID, "--issuer-id", issuerID, "--private-key", path], base),
            (["sync"], fromEnvironment),
            (
                ["auth", "add", "--profile", "p", "--key-id", keyID, "--issuer-id", issuerID, "--private-key", path],
                base
            ),
        ]
    }

    static func keyFile(_ shape: MalformedPEM.Shape, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("AuthKey_\(keyID).p8").path
        try Data(shape.text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("in process: 65, no 4 characters of the key, no profile saved", arguments: MalformedPEM.shapes)
    func inProcess(_ shape: MalformedPEM.Shape) async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.keyFile(shape, in: directory)
        for (arguments, variables) in Self.runs(path, in: directory) {
            let output = await ReviewCLI.perform(
                arguments: arguments,
                environment: ReviewEnvironment(now: Timestamp(secondsSince1970: 0), variables: variables))
            #expect(output.status == .dataError, "\(shape.name), \(arguments): \(output.standardError)")
            let leaked = MalformedPEM.leakedRun(in: output.standardError + output.standardOutput, ignoring: [path])
            #expect(leaked == nil, "\(shape.name), \(arguments): \(output.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("config/gatehouse/app-store-connect.json").path))
    }

    @Test("the built review: 65, no 4 characters of the key on either stream", arguments: MalformedPEM.shapes)
    func builtBinary(_ shape: MalformedPEM.Shape) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.keyFile(shape, in: directory)
        for (arguments, variables) in Self.runs(path, in: directory) {
            let result = try ProcessRunner.run("review", arguments, environment: variables)
            #expect(result.status == 65, "\(shape.name), \(arguments): \(result.standardError)")
            let leaked = MalformedPEM.leakedRun(in: result.standardError + result.standardOutput, ignoring: [path])
            #expect(leaked == nil, "\(shape.name), \(arguments): \(result.standardError)")
        }
    }
}
