import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

@testable import ReviewCLI

/// Issue 20, items 6 and 7: what `--db`, `REVIEW_DB` and `migrate --to` name, and that no message about a PostgreSQL
/// URL tells anything of its password, against a real server (the shared throwaway cluster of `PostgreSQLServer`).
///
/// The honest check of "nothing of the password is shown" is a comparison: the same command is run with the password
/// and with another of the same shape (each letter and digit replaced by another of its kind, `%XX` kept, so that
/// the URL parses the same way), and what it prints must be the same byte for byte. Whatever of the password the
/// output held (its text, a part of it in the port, where a `***` replaced it in libpq's words) would differ; only
/// text that does not come from the password (`server`, the user name) may be there, in both.
@Suite("Store locations: one reading of --db, REVIEW_DB and migrate --to; no password in any message")
struct StoreLocationSecretTests {
    static let now = Timestamp(iso8601: "2026-03-01T10:00:00Z")!

    /// Passwords that are also words of libpq's and review's messages, the user name, the host, and every character
    /// that ends a part of a URL.
    static let passwords = [
        "server", "1", "postgres", "localhost", "127.0.0.1", PostgreSQLServer.superuser, "connection", "password",
        "failed", "pa/ss", "p@ss", "a:b", "%2F", "se?cret", "ha#sh", "a&b=c", "***", "p w", "Zq9",
    ]

    /// How the password is written into the URL.
    enum Spelling: CaseIterable, CustomStringConvertible {
        case userPart, userPartEncoded, parameter, parameterEncoded

        var description: String {
            switch self {
            case .userPart: "user:password@, as typed"
            case .userPartEncoded: "user:password@, percent-encoded"
            case .parameter: "?password=, as typed"
            case .parameterEncoded: "?password=, percent-encoded"
            }
        }

        var isEncoded: Bool { self == .userPartEncoded || self == .parameterEncoded }

        func url(password: String, port: Int, database: String = "postgres") -> String {
            let written = isEncoded ? Self.encoded(password) : password
            let user = PostgreSQLServer.superuser
            switch self {
            case .userPart, .userPartEncoded: return "postgresql://\(user):\(written)@127.0.0.1:\(port)/\(database)"
            case .parameter, .parameterEncoded:
                return "postgresql://127.0.0.1:\(port)/\(database)?user=\(user)&password=\(written)"
            }
        }

        /// Every byte but letters and digits as `%XX`.
        static func encoded(_ text: String) -> String {
            text.utf8.map { byte in
                let character = Character(Unicode.Scalar(byte))
                return character.isLetter || character.isNumber
                    ? String(character) : String(format: "%%%02X", Int(byte))
            }.joined()
        }
    }

    /// How the URL reaches review.
    enum Entry: CaseIterable, CustomStringConvertible {
        case option, optionJSON, variable, migrateTarget

        var description: String {
            switch self {
            case .option: "--db URL status"
            case .optionJSON: "--db URL status --json"
            case .variable: "REVIEW_DB=URL status"
            case .migrateTarget: "migrate --to URL --json"
            }
        }

        func run(_ url: String, in directory: TemporaryDirectory) -> CommandOutput {
            let home = directory.url.path
            var variables = ["HOME": home, "XDG_DATA_HOME": home]
            let arguments: [String]
            switch self {
            case .option: arguments = ["--db", url, "status"]
            case .optionJSON: arguments = ["--db", url, "status", "--json"]
            case .variable:
                variables["REVIEW_DB"] = url
                arguments = ["status"]
            case .migrateTarget:
                let source = directory.file("source.sqlite3").path
                if !FileManager.default.fileExists(atPath: source) {
                    let logged = ReviewCLI.main(
                        arguments: ["--db", source, "log", "Fokus", "in-review", "--version", "1.0", "--at", "-1d"],
                        environment: ReviewEnvironment(now: StoreLocationSecretTests.now, variables: variables))
                    #expect(logged.status == .success, "\(logged.standardError)")
                }
                arguments = ["--db", source, "migrate", "--to", url, "--json"]
            }
            return ReviewCLI.main(
                arguments: arguments,
                environment: ReviewEnvironment(now: StoreLocationSecretTests.now, variables: variables))
        }
    }

    /// A password of the same shape: each ASCII letter rotated by 13, each digit by 5, `%XX` escapes kept.
    static func sameShape(_ password: String) -> String {
        var result = ""
        var keep = 0
        for scalar in password.unicodeScalars {
            let value = scalar.value
            if keep > 0 {
                keep -= 1
                result.unicodeScalars.append(scalar)
            } else if scalar == "%" {
                keep = 2
                result.unicodeScalars.append(scalar)
            } else if (65...90).contains(value) || (97...122).contains(value) {
                let base: UInt32 = value < 97 ? 65 : 97
                result.unicodeScalars.append(Unicode.Scalar((value - base + 13) % 26 + base)!)
            } else if (48...57).contains(value) {
                result.unicodeScalars.append(Unicode.Scalar((value - 48 + 5) % 10 + 48)!)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Runs `entry` with `password` and with its same-shape twin, expecting the same status and the same output.
    static func expectNothingOfPassword(
        _ password: String, spelling: Spelling, entry: Entry, port: Int, directory: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> CommandOutput {
        let twin = sameShape(password)
        let output = entry.run(spelling.url(password: password, port: port), in: directory)
        let reference = entry.run(spelling.url(password: twin, port: port), in: directory)
        let label = "password \(password) (twin \(twin)), \(spelling), \(entry)"
        #expect(
            output.status == reference.status, "\(label): \(output.status) against \(reference.status)",
            sourceLocation: sourceLocation)
        #expect(
            output.standardError == reference.standardError, "\(label): \(output.standardError)",
            sourceLocation: sourceLocation)
        #expect(
            output.standardOutput == reference.standardOutput, "\(label): \(output.standardOutput)",
            sourceLocation: sourceLocation)
        let printed = output.standardOutput + output.standardError
        let twinPrinted = reference.standardOutput + reference.standardError
        #expect(
            !printed.contains(password) || twinPrinted.contains(password), "\(label): \(printed)",
            sourceLocation: sourceLocation)
        #expect(!printed.isEmpty, "\(label): said nothing", sourceLocation: sourceLocation)
        return output
    }

    @Test(
        "a wrong password in each spelling and entry: 69 (64 where it does not parse), the words of any twin",
        arguments: Spelling.allCases)
    func wrongPassword(spelling: Spelling) throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let directory = try TemporaryDirectory()
        for password in Self.passwords {
            for entry in Entry.allCases {
                let output = Self.expectNothingOfPassword(
                    password, spelling: spelling, entry: entry, port: server.port, directory: directory)
                if spelling.isEncoded {
                    #expect(output.status == .unavailable, "\(password) \(entry): \(output.standardError)")
                    #expect(output.standardError.contains("password authentication failed"), "\(output.standardError)")
                } else {
                    #expect(output.status == .unavailable || output.status == .usage, "\(password) \(entry)")
                }
            }
        }
    }

    @Test(
        "nothing listening: 69 naming the host and port, the same words whatever the password",
        arguments: Spelling.allCases)
    func unreachable(spelling: Spelling) throws {
        _ = try PostgreSQLServer.sharedOrSkip()
        let closed = Int(try LoopbackHTTPServer.unusedPort())
        let directory = try TemporaryDirectory()
        for password in Self.passwords {
            for entry in Entry.allCases {
                let output = Self.expectNothingOfPassword(
                    password, spelling: spelling, entry: entry, port: closed, directory: directory)
                if spelling.isEncoded {
                    #expect(output.status == .unavailable, "\(password) \(entry): \(output.standardError)")
                    #expect(output.standardError.contains("127.0.0.1:\(closed)"), "\(output.standardError)")
                }
            }
        }
    }

    @Test(
        "an authority that does not parse is a usage error (64) that quotes none of it and names what to encode",
        arguments: [
            "postgresql://gatehouse:pa/ss@127.0.0.1:5432/postgres",
            "postgresql://gatehouse:12/ss@127.0.0.1:5432/postgres",
            "postgresql://gatehouse:se?cret@127.0.0.1:5432/postgres",
            "postgresql://gatehouse:ha#sh@127.0.0.1:5432/postgres",
            "postgresql://gatehouse:p@ss@127.0.0.1:5432/postgres",
            "postgresql://gatehouse:secret@127.0.0.1:54x2/postgres",
            "postgresql://gatehouse:secret@127.0.0.1:99999/postgres",
            "postgresql://gatehouse:sec%zzret@127.0.0.1/postgres",
            "postgresql://gatehouse@[::1:5432/postgres?password=secret",
            "postgresql://127.0.0.1/postgres?password=a&bcdef",
            "postgresql://127.0.0.1/postgres?password=a&bcdef=g",
        ])
    func unparsedAuthority(url: String) throws {
        let directory = try TemporaryDirectory()
        for entry in Entry.allCases {
            let output = entry.run(url, in: directory)
            #expect(output.status == .usage, "\(url) \(entry): \(output.standardError)")
            let message = output.standardError
            for part in ["gatehouse", "127.0.0.1", "5432", "secret", "pa/ss", "12/ss", "se?c", "ha#s", "p@ss", "bcdef"]
            {
                #expect(!message.contains(part), "\(url) \(entry): \(part) quoted in \(message)")
            }
            #expect(message.contains("percent-encod"), "\(message)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).allSatisfy {
                $0.hasPrefix("source")
            })
    }

    @Test("PGPASSWORD: a wrong one is never shown, through the built binary, whatever it is")
    func passwordVariable() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let directory = try TemporaryDirectory()
        let url = server.url(includingPassword: false)
        for password in ["server", "1", PostgreSQLServer.superuser, "pa/ss", "p@ss", "localhost"] {
            let runs = [password, Self.sameShape(password)].map { variable in
                try? ProcessRunner.run(
                    "review", ["--db", url, "status", "--json"],
                    environment: ["PGPASSWORD": variable, "HOME": directory.url.path, "REVIEW_DB": "", "TZ": "UTC"])
            }
            let result = try #require(runs[0])
            let twin = try #require(runs[1])
            #expect(result.status == 69 && result.standardError == twin.standardError, "\(password): \(result)")
            #expect(result.standardError.contains("password authentication failed"), "\(result.standardError)")
        }
    }

    @Test(
        "a URL scheme in another case is PostgreSQL, never a file name; another scheme is a usage error, never a path",
        arguments: ["Postgres", "POSTGRESQL", "PostgreSQL"])
    func schemeCase(scheme: String) throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        let directory = try TemporaryDirectory()
        let url = scheme + database.url.dropFirst("postgresql".count)
        let logged = try ProcessRunner.run(
            "review", ["--db", url, "log", "Fokus", "in-review", "--version", "1.0", "--at", "2026-01-05"],
            environment: ["HOME": directory.url.path, "REVIEW_DB": "", "TZ": "UTC"], currentDirectory: directory.url)
        #expect(logged.status == 0, "\(logged)")
        #expect(try server.query("SELECT count(*) FROM events", database: database.name) == "1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty, "a file was made")
        let variable = try ProcessRunner.run(
            "review", ["status", "--json"], environment: ["HOME": directory.url.path, "REVIEW_DB": url, "TZ": "UTC"],
            currentDirectory: directory.url)
        #expect(variable.status == 0 && variable.standardOutput.contains("Fokus"), "\(variable)")
        #expect(!(variable.standardOutput + logged.standardOutput).contains(server.password))
    }

    @Test(
        "a URL of a scheme review does not know is 64 in --db, REVIEW_DB and migrate --to, and creates nothing",
        arguments: [
            "pg://u:pw@h/db", "sqlite:///tmp/review.sqlite3", "file:///tmp/review.sqlite3", "HTTPS://h/x",
            "mysql://u:pw@h/db", "postgres+ssl://u:pw@h/db", "Postgre://u:pw@h/db",
        ])
    func unknownScheme(url: String) throws {
        let directory = try TemporaryDirectory()
        let environment = ["HOME": directory.url.path, "REVIEW_DB": "", "TZ": "UTC"]
        let runs: [([String], [String: String])] = [
            (["--db", url, "log", "Fokus", "in-review", "--version", "1.0"], environment),
            (["log", "Fokus", "in-review", "--version", "1.0"], environment.merging(["REVIEW_DB": url]) { $1 }),
            (["status"], environment.merging(["REVIEW_DB": url]) { $1 }),
            (["--db", "source.sqlite3", "migrate", "--to", url], environment),
        ]
        let source = try ProcessRunner.run(
            "review", ["--db", "source.sqlite3", "log", "Fokus", "in-review", "--version", "1.0"],
            environment: environment, currentDirectory: directory.url)
        #expect(source.status == 0, "\(source)")
        for (arguments, variables) in runs {
            let result = try ProcessRunner.run(
                "review", arguments, environment: variables, currentDirectory: directory.url)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.standardError.contains("postgres:// or postgresql://"), "\(result.standardError)")
            #expect(!result.standardError.contains("pw@"), "\(result.standardError)")
        }
        let made = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(made.allSatisfy { $0.hasPrefix("source.sqlite3") }, "\(made)")
    }
}
