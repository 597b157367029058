import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The throwaway PostgreSQL cluster the store's tests run against (issue 14, "Tests and CI"): a real server on a
/// free loopback port, a password required over TCP, a database per test, committed rows kept across a SIGKILL,
/// nothing left behind. One shared cluster; the kill test starts a dedicated one. Skipped (saying why) where
/// PostgreSQL cannot be started, failing instead when `CI=true`; the sanitizer runs skip it (`make asan`).
@Suite("A throwaway PostgreSQL server for the tests")
struct PostgreSQLServerTests {
    /// psql over TCP to `url`, the password given only through the URL (or not at all), never from `~/.pgpass`.
    static func psql(_ server: PostgreSQLServer, _ url: String, _ sql: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            executableAt: server.programs.psql, ["-X", "-A", "-t", "-w", "-d", url, "-c", sql],
            environment: ["PGPASSWORD": "", "PGPASSFILE": "/dev/null", "PGCONNECT_TIMEOUT": "10"])
    }

    @Test("psql over TCP with the password (in the URL or a password file) gets in; without it or a wrong one, refused")
    func passwordOverTCP() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let url = server.url()
        #expect(url == "postgresql://gatehouse:\(server.password)@127.0.0.1:\(server.port)/postgres")
        #expect(server.password.count == 24)

        let accepted = try Self.psql(server, url, "SELECT current_user, inet_server_addr(), current_setting('fsync')")
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(accepted.standardOutput == "gatehouse|127.0.0.1|on\n")

        let withoutPassword = try Self.psql(server, server.url(includingPassword: false), "SELECT 1")
        #expect(withoutPassword.status == 2)
        #expect(withoutPassword.standardError.contains("no password supplied"), "\(withoutPassword.standardError)")

        let passwordFile = try TemporaryDirectory()
        try Data((server.passwordFileLine() + "\n").utf8).write(to: passwordFile.file("pgpass"))
        chmod(passwordFile.file("pgpass").path, 0o600)
        let fromFile = try ProcessRunner.run(
            executableAt: server.programs.psql,
            ["-X", "-A", "-t", "-w", "-d", server.url(includingPassword: false), "-c", "SELECT 2"],
            environment: ["PGPASSWORD": "", "PGPASSFILE": passwordFile.file("pgpass").path])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(fromFile.standardOutput == "2\n")

        let wrong = url.replacingOccurrences(of: server.password, with: "not-the-password")
        let refused = try Self.psql(server, wrong, "SELECT 1")
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("password authentication failed"), "\(refused.standardError)")
    }

    @Test("as root the server runs as an unprivileged user, in a folder of its own; it listens on 127.0.0.1 only")
    func unprivileged() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let pid = try #require(server.postmasterPID())
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let uid = try #require(status.split(separator: "\n").first { $0.hasPrefix("Uid:") })
            .split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { uid_t($0) }
        let owner = try FileManager.default.attributesOfItem(atPath: server.directory.path)
        #expect(owner[.posixPermissions] as? Int == 0o700)
        if geteuid() == 0 {
            #expect(uid != 0)
            #expect((owner[.ownerAccountID] as? NSNumber)?.uint32Value == uid)
        } else {
            #expect(uid == geteuid())
        }
        #expect(try server.query("SHOW listen_addresses") == "127.0.0.1")
        #expect(try server.query("SHOW unix_socket_directories") == server.socketDirectory)
        #expect(try server.query("SHOW server_encoding") == "UTF8")
    }

    @Test("each test's database is its own: a table in one is not in another; names are checked")
    func separateDatabases() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let first = try server.createDatabase()
        let second = try server.createDatabase()
        #expect(first.name != second.name)
        #expect(first.url == server.url(database: first.name))
        #expect(!first.description.contains(server.password))
        #expect(first.urlWithoutPassword == "postgresql://gatehouse@127.0.0.1:\(server.port)/\(first.name)")

        let created = try Self.psql(server, first.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('one')")
        #expect(created.status == 0, "\(created.standardError)")
        #expect(try server.query("SELECT note FROM kept", database: first.name) == "one")
        #expect(try server.query("SELECT to_regclass('kept') IS NULL", database: second.name) == "t")

        #expect(throws: PostgreSQLServer.Failure.self) { try server.createDatabase(first.name) }
        #expect(throws: PostgreSQLServer.Failure.self) { try server.createDatabase("Bad-Name; DROP") }
    }

    @Test("a committed row survives kill -9 of the postmaster and a restart on the same port; remove leaves nothing")
    func killAndRestart() throws {
        let server = try PostgreSQLServer.startOrSkip()
        let directory = server.directory
        let database = try server.createDatabase("crash")
        try server.query(
            "CREATE TABLE acknowledged (id int PRIMARY KEY); INSERT INTO acknowledged VALUES (1)",
            database: database.name)
        let pid = try #require(server.postmasterPID())

        try server.kill()
        #expect(!PostgreSQLServer.isAlive(pid))
        #expect(!server.isRunning)
        let down = try Self.psql(server, database.url, "SELECT 1")
        #expect(down.status == 2, "the killed server still answers")

        try server.restart()
        let after = try Self.psql(server, database.url, "SELECT id FROM acknowledged")
        #expect(after.status == 0, "\(after.standardError)")
        #expect(after.standardOutput == "1\n")
        #expect(server.postmasterPID() != pid)
        #expect(server.isRunning)

        try server.stop()
        #expect(server.postmasterPID() == nil)
        #expect(!server.isRunning)
        try server.restart()
        #expect(try server.query("SELECT count(*) FROM acknowledged", database: database.name) == "1")

        let running = try #require(server.postmasterPID())
        server.remove()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(!PostgreSQLServer.isAlive(running))
        server.remove()  // a second time does nothing
    }

    @Test("a test process killed by SIGKILL leaves no server running and no folder behind")
    func killedTestProcess() async throws {
        _ = try PostgreSQLServer.sharedOrSkip()  // the skip rule, before a child process that cannot skip
        // The child (this test binary, run again by Swift Testing) starts a cluster, prints its folder and its
        // postmaster's pid, and kills itself: no deinit, no atexit; only the watchdog is left to clean up.
        let result = try #require(
            await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) {
                let server = try PostgreSQLServer.start()
                let line = "\(server.directory.path) \(server.postmasterPID() ?? 0)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
                Glibc.kill(getpid(), SIGKILL)
            })
        let printed = String(decoding: result.standardOutputContent, as: UTF8.self)
        let words = printed.split(whereSeparator: \.isWhitespace)
        let directory = try #require(words.first.map(String.init), "the child printed \(printed)")
        let pid = try #require(words.dropFirst().first.flatMap { pid_t($0) }, "the child printed \(printed)")
        #expect(directory.contains("gatehouse-pg-") && pid > 0)
        let deadline = ContinuousClock.now + .seconds(30)
        while FileManager.default.fileExists(atPath: directory) || PostgreSQLServer.isAlive(pid),
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!FileManager.default.fileExists(atPath: directory), "\(directory) is still there")
        #expect(!PostgreSQLServer.isAlive(pid), "the postmaster \(pid) still runs")
    }

    @Test("the skip rule: disabled skips everywhere, a server that cannot start skips outside CI and fails in CI")
    func skipRule() {
        let failure = PostgreSQLServer.Failure("initdb: not installed")
        #expect(PostgreSQLServer.decision(disabled: false, ci: false, failure: nil) == .run)
        #expect(PostgreSQLServer.decision(disabled: false, ci: true, failure: nil) == .run)
        guard case .skip(let skipped) = PostgreSQLServer.decision(disabled: false, ci: false, failure: failure),
            case .fail(let failed) = PostgreSQLServer.decision(disabled: false, ci: true, failure: failure),
            case .skip(let disabled) = PostgreSQLServer.decision(disabled: true, ci: true, failure: nil)
        else {
            Issue.record("wrong decisions")
            return
        }
        #expect(skipped.contains("initdb: not installed") && skipped.contains("CI=true"))
        #expect(failed.contains("initdb: not installed") && failed.contains("CI=true"))
        #expect(disabled.contains("GATEHOUSE_SKIP_POSTGRESQL"))
    }
}
