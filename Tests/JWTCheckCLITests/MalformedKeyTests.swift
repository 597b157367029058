import CommandLineKit
import Foundation
import GatehouseTesting
import Testing

@testable import JWTCheckCLI

/// Security round 3, item 1: `jwtcheck sign` and `jwtcheck apple client-secret` refuse a damaged key with 65, and
/// neither standard error nor standard output holds 4 characters of the key's body, in process and as processes.
@Suite("jwtcheck: a damaged key is never printed")
struct MalformedKeyTests {
    static let now: Int64 = 1_795_955_400

    /// The two commands that read a private key, with the key file's path in its place.
    static func commands(_ path: String) -> [[String]] {
        [
            ["sign", "--key", path, "--alg", "ES256", "--claims", #"{"sub":"u"}"#],
            [
                "apple", "client-secret", "--p8", path, "--key-id", "TEST0KEY01", "--team-id", "TEAM123456",
                "--client-id", "com.example.gatehouse",
            ],
        ]
    }

    /// Writes the shape to a file and returns its path.
    static func keyFile(_ shape: MalformedPEM.Shape, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("AuthKey_TEST0KEY01.p8").path
        try Data(shape.text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("in process: 65, the file named, no 4 characters of the key", arguments: MalformedPEM.shapes)
    func inProcess(_ shape: MalformedPEM.Shape) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.keyFile(shape, in: directory)
        let tool = JWTCheckTool(environment: ToolEnvironment(now: { Self.now }, readStandardInput: { _ in [] }))
        for arguments in Self.commands(path) {
            let output = tool.run(arguments)
            #expect(output.status == .dataError, "\(shape.name), \(arguments[0]): \(output.standardError)")
            #expect(output.standardError.contains(path), "\(shape.name): \(output.standardError)")
            let leaked = MalformedPEM.leakedRun(in: output.standardError + output.standardOutput, ignoring: [path])
            #expect(leaked == nil, "\(shape.name), \(arguments[0]): \(output.standardError)")
        }
    }

    @Test("the built jwtcheck: 65, no 4 characters of the key on either stream", arguments: MalformedPEM.shapes)
    func builtBinary(_ shape: MalformedPEM.Shape) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.keyFile(shape, in: directory)
        for arguments in Self.commands(path) {
            let result = try ProcessRunner.run("jwtcheck", arguments)
            #expect(result.status == 65, "\(shape.name), \(arguments[0]): \(result.standardError)")
            #expect(result.standardError.contains("cannot be used"), "\(shape.name): \(result.standardError)")
            let leaked = MalformedPEM.leakedRun(in: result.standardError + result.standardOutput, ignoring: [path])
            #expect(leaked == nil, "\(shape.name), \(arguments[0]): \(result.standardError)")
        }
    }
}
