import CommandLineKit
import GatehouseTesting
import Testing

@testable import JWTCheckCLI

@Suite("jwtcheck command-line parsing")
struct JWTCheckParserTests {
    @Test("token: every option, repeatable --aud and --alg, --name=value")
    func tokenOptions() throws {
        let command = try JWTCheckTool.parse([
            "token", "@t.jwt", "--jwks", "k.json", "--aud", "a", "--aud=b", "--iss", "https://appleid.apple.com",
            "--alg", "RS256", "--leeway", "5", "--now", "2024-04-04T12:00:00Z", "--json",
        ])
        var expected = TokenCommand(token: .file("t.jwt"), jwksPath: "k.json")
        expected.audiences = ["a", "b"]
        expected.issuer = "https://appleid.apple.com"
        expected.algorithms = ["RS256"]
        expected.leewaySeconds = 5
        expected.now = "2024-04-04T12:00:00Z"
        expected.json = true
        #expect(command == .run(expected))
    }

    @Test("TOKEN is literal, @file or - for standard input; an argument is taken exactly")
    func tokenSources() {
        #expect(TokenSource(argument: "-") == .standardInput)
        #expect(TokenSource(argument: "@x") == .file("x"))
        #expect(TokenSource(argument: " a.b.c ") == .literal(" a.b.c "))
        #expect(TokenSource(argument: "") == .literal(""))
        #expect(TokenSource(argument: "@") == .literal("@"))
    }

    @Test("the empty string is a token (to be rejected later), not a missing argument")
    func emptyToken() throws {
        let command = try JWTCheckTool.parse(["token", "", "--jwks", "k"])
        #expect(command == .run(TokenCommand(token: .literal(""), jwksPath: "k")))
    }

    @Test(
        "usage errors name what is wrong",
        arguments: [
            ([], "no command given"),
            (["tokne"], "did you mean 'token'"),
            (["token", "--jwks", "k"], "needs TOKEN"),
            (["token", "t", "--no-cache", "--cache-dir", "d"], "exclude each other"),
            (["token", "t", "u", "--jwks", "k"], "takes one TOKEN"),
            (["token", "t", "--jwks", "k", "--leeway", "-1"], "--leeway takes whole seconds"),
            (["token", "t", "--jwks", "k", "--leeway", "ten"], "'ten'"),
            (["token", "t", "--jwks", "k", "--bogus"], "unknown option --bogus"),
            (["decode"], "needs TOKEN"),
            (["keys"], "needs FILE"),
            (["sign", "--alg", "ES256", "--claims", "{}"], "needs --key"),
            (["sign", "x", "--key", "k", "--alg", "ES256", "--claims", "{}"], "no positional arguments"),
        ])
    func usageErrors(arguments: [String], expected: String) {
        CommandInterfaceExpectations.expectUsageFailure(containing: expected) {
            _ = try JWTCheckTool.parse(arguments)
        }
    }

    @Test("help and version")
    func helpAndVersion() throws {
        #expect(try JWTCheckTool.parse(["--help"]) == .help(["jwtcheck"]))
        #expect(try JWTCheckTool.parse(["--version"]) == .version)
        #expect(try JWTCheckTool.parse(["help", "keys"]) == .help(["jwtcheck", "keys"]))
        for subcommand in JWTCheckCommand.subcommands.map({ $0.spec.name }) {
            #expect(try JWTCheckTool.parse([subcommand, "--help"]) == .help(["jwtcheck", subcommand]))
            let text = JWTCheckCommand.help.text(for: [subcommand]) ?? ""
            #expect(text.contains("USAGE: jwtcheck \(subcommand)"))
            #expect(text.contains("OPTIONS:"))
        }
    }

    @Test("sign: required and optional options")
    func sign() throws {
        let command = try JWTCheckTool.parse([
            "sign", "--key", "k.p8", "--alg", "ES256", "--kid", "ABC", "--claims", "@c.json",
        ])
        #expect(command == .run(SignCommand(keyPath: "k.p8", algorithm: "ES256", keyID: "ABC", claims: "@c.json")))
    }
}
