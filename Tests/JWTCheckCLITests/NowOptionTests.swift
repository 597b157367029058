import CommandLineKit
import Testing

@testable import JWTCheckCLI

/// `--now` is one record (`JWTCheckOptions.now`) and one reading (`JWTCheckOptions.resolveNow`), used by every
/// command that takes it.
@Suite("jwtcheck --now: one record, one reading")
struct NowOptionTests {
    static let clock: Int64 = 1_700_000_000

    func tool() -> JWTCheckTool {
        JWTCheckTool(environment: ToolEnvironment(now: { Self.clock }, readStandardInput: { _ in [] }))
    }

    @Test("the commands that take --now all declare the one record")
    func oneRecord() {
        let takers = JWTCheckCommand.interface.walk(path: []).filter {
            $0.command.allOptions.contains { $0.name == "now" }
        }
        #expect(
            takers.map { $0.path.joined(separator: " ") }
                == [
                    "token", "apple verify", "apple notification", "apple exchange", "apple refresh", "apple revoke",
                    "appstore verify",
                ])
        for (path, command) in takers {
            let now = command.allOptions.first { $0.name == "now" }!
            #expect(now.with(help: "") == JWTCheckOptions.now.spec.with(help: ""), "\(path)")
        }
    }

    @Test("without --now the clock; with it ISO 8601, Unix seconds, a relative time or now")
    func reading() throws {
        let environment = ToolEnvironment(now: { Self.clock }, readStandardInput: { _ in [] })
        #expect(try JWTCheckOptions.resolveNow(nil, environment: environment) == Self.clock)
        #expect(try JWTCheckOptions.resolveNow("2024-04-04T12:00:00Z", environment: environment) == 1_712_232_000)
        #expect(try JWTCheckOptions.resolveNow("1795955400", environment: environment) == 1_795_955_400)
        #expect(try JWTCheckOptions.resolveNow("-1h", environment: environment) == Self.clock - 3600)
        #expect(try JWTCheckOptions.resolveNow("now", environment: environment) == Self.clock)
    }

    @Test(
        "a --now that does not parse is the same usage error from every command that takes it, before any input",
        arguments: [
            ["token", "@/nonexistent", "--jwks", "/nonexistent"],
            ["apple", "verify", "@/nonexistent", "--client-id", "com.example", "--jwks", "/nonexistent"],
            ["apple", "notification", "@/nonexistent", "--client-id", "com.example", "--jwks", "/nonexistent"],
            [
                "apple", "exchange", "@/nonexistent", "--p8", "/nonexistent", "--key-id", "K", "--team-id", "T",
                "--client-id", "C",
            ],
            [
                "apple", "refresh", "@/nonexistent", "--p8", "/nonexistent", "--key-id", "K", "--team-id", "T",
                "--client-id", "C",
            ],
            [
                "apple", "revoke", "@/nonexistent", "--p8", "/nonexistent", "--key-id", "K", "--team-id", "T",
                "--client-id", "C",
            ],
        ])
    func badTime(arguments: [String]) async {
        let output = await tool().perform(arguments + ["--now", "yesterday"])
        #expect(output.status == .usage)
        #expect(
            output.standardError.hasPrefix("jwtcheck: cannot read the time \"yesterday\""), "\(output.standardError)")
        #expect(output.standardError.contains("or Unix seconds"))
    }
}
