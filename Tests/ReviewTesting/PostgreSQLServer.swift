import Foundation
import GatehouseCore
import GatehouseTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A throwaway PostgreSQL cluster for tests (issue 14): a real server, made with the distribution's `initdb` and
/// `pg_ctl` in a fresh temporary folder, listening on a free port of 127.0.0.1, and removed after.
///
/// Most tests share one cluster and give themselves a database of their own, so they can run in parallel:
///
/// ```swift
/// let server = try PostgreSQLServer.sharedOrSkip()
/// let database = try server.createDatabase()
/// try ProcessRunner.run("review", ["status", "--db", database.url])
/// ```
///
/// A test that stops or kills its server starts a dedicated one (`startOrSkip()`), never touching the shared one.
///
/// - The superuser is `gatehouse`, with a random password per cluster; connections over TCP must give it
///   (`scram-sha-256`), connections over the cluster's Unix socket are trusted (the socket sits in the cluster's
///   folder, which only the cluster's owner can enter). `password` is there so a test can assert that it never
///   appears in what a command prints.
/// - PostgreSQL refuses to run as root (initdb: "cannot be run as root"): as root, the folder belongs to Debian's
///   `postgres` user (else `nobody`) and `initdb` and `pg_ctl` run through `runuser -u USER --`.
/// - `fsync` stays on: the crash tests kill the server and expect every acknowledged write after restart.
/// - Nothing outlives the test process: a watchdog (a shell reading a pipe only this process writes to) stops the
///   server (`pg_ctl -m immediate stop`) and removes the folder when the process ends, even by a crash or a signal;
///   `remove()`, `deinit` and, for the shared cluster, an `atexit` handler close that pipe and wait for it.
///
/// Where PostgreSQL cannot be started, `sharedOrSkip()` and `startOrSkip()` skip the test, saying why, except when
/// `CI=true`: there they fail. `GATEHOUSE_SKIP_POSTGRESQL=1` skips them deliberately, in CI too (the sanitizer runs
/// of the Makefile set it: the PostgreSQL tests run once, in `make test`).
public final class PostgreSQLServer: Sendable {
    /// The cluster's superuser, the user of every URL.
    public static let superuser = "gatehouse"
    /// The superuser's password: random, per cluster (letters and digits only, so it needs no escaping in a URL).
    public let password: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The cluster's temporary folder (data directory, Unix socket, log); removed by `remove()`.
    public let directory: URL
    /// The programs the cluster runs with.
    public let programs: Programs
    /// How long `initdb` and the first start took together.
    public let startup: Duration

    /// The data directory (`PGDATA`), inside `directory`.
    public var dataDirectory: URL { directory.appendingPathComponent("data") }
    /// The folder holding the Unix socket (`unix_socket_directories`): `directory` itself.
    public var socketDirectory: String { directory.path }
    /// The server's log (`pg_ctl -l`).
    public var logFile: URL { directory.appendingPathComponent("server.log") }

    /// The unprivileged account the server runs as when this process is root, else `nil` (the current user).
    private let account: Account?
    private let lifecycle: Mutex<Lifecycle>

    /// PostgreSQL's programs, from one installation.
    public struct Programs: Sendable {
        /// The folder holding the server programs (`/usr/lib/postgresql/15/bin` on Debian).
        public var directory: URL
        /// `initdb`.
        public var initdb: URL { directory.appendingPathComponent("initdb") }
        /// `pg_ctl`.
        public var pgCtl: URL { directory.appendingPathComponent("pg_ctl") }
        /// `psql`: beside the server programs (Debian ships it there), else the one on `PATH`.
        public var psql: URL

        /// The variable naming the folder of the programs to use instead of searching (`GATEHOUSE_POSTGRESQL_BIN`).
        public static let overrideVariable = "GATEHOUSE_POSTGRESQL_BIN"

        /// The folder named by `GATEHOUSE_POSTGRESQL_BIN`, when set (and only it); else the newest installation:
        /// Debian's `/usr/lib/postgresql/<major>/bin` (not on `PATH`), highest major first, else a folder on `PATH`
        /// holding `initdb` (symbolic links followed), with `pg_ctl` and `postgres` beside it.
        /// - Returns: the programs, or `nil` when the server is not installed.
        public static func find() -> Programs? {
            let fileManager = FileManager.default
            var candidates: [URL] = []
            if let given = ProcessInfo.processInfo.environment[overrideVariable], !given.isEmpty {
                candidates = [URL(fileURLWithPath: given)]
            } else {
                let debian = URL(fileURLWithPath: "/usr/lib/postgresql")
                let majors = ((try? fileManager.contentsOfDirectory(atPath: debian.path)) ?? [])
                    .compactMap { name in Double(name).map { (name, $0) } }
                    .sorted { $0.1 > $1.1 }
                candidates = majors.map { debian.appendingPathComponent($0.0).appendingPathComponent("bin") }
                if let initdb = ProcessRunner.installedProgram("initdb") {
                    candidates.append(initdb.resolvingSymlinksInPath().deletingLastPathComponent())
                }
            }
            for directory in candidates {
                let complete = ["initdb", "pg_ctl", "postgres"].allSatisfy {
                    fileManager.isExecutableFile(atPath: directory.appendingPathComponent($0).path)
                }
                guard complete else { continue }
                let psql = directory.appendingPathComponent("psql")
                if fileManager.isExecutableFile(atPath: psql.path) {
                    return Programs(directory: directory, psql: psql)
                }
                if let onPath = ProcessRunner.installedProgram("psql") {
                    return Programs(directory: directory, psql: onPath)
                }
            }
            return nil
        }
    }

    /// Why a cluster could not be started or used: the step, and what the programs said.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The reason, naming the step, the cause and the fix.
        public var description: String

        /// A failure with this reason.
        public init(_ description: String) { self.description = description }
    }

    /// A database of the cluster.
    public struct Database: Sendable, CustomStringConvertible {
        /// Its name.
        public var name: String
        /// `postgresql://gatehouse:PASSWORD@127.0.0.1:PORT/NAME`.
        public var url: String
        /// The same URL without the password (for `PGPASSWORD` or `~/.pgpass`).
        public var urlWithoutPassword: String

        public var description: String { urlWithoutPassword }
    }

    // MARK: Starting

    /// Starts a dedicated cluster: `initdb` in a fresh temporary folder, then `pg_ctl start` on a free port.
    /// - Returns: the running server; `remove()` (or releasing it) stops it and removes its folder.
    /// - Throws: `Failure` naming the step that failed, with the program's output or the log's last lines.
    public static func start() throws -> PostgreSQLServer {
        guard let programs = Programs.find() else {
            let searched =
                ProcessInfo.processInfo.environment[Programs.overrideVariable].map {
                    "\(Programs.overrideVariable)=\($0)"
                }
                ?? "/usr/lib/postgresql/*/bin and PATH"
            throw Failure(
                "PostgreSQL's programs (initdb, pg_ctl, postgres, psql) were not found in \(searched): install "
                    + "Debian's postgresql (scripts/install-deps does)")
        }
        return try PostgreSQLServer(programs: programs, account: try Account.forServer())
    }

    /// The cluster shared by the whole test process, started on first use and removed when the process exits.
    /// - Returns: the running server.
    /// - Throws: `Failure` when it cannot be started (the same failure on every call: it is tried once).
    public static func shared() throws -> PostgreSQLServer { try sharedResult.get() }

    /// The shared cluster, or the test skipped (cancelled, with the reason) where PostgreSQL cannot be started
    /// or `GATEHOUSE_SKIP_POSTGRESQL` is set. When `CI=true`, a cluster that cannot be started is a failure
    /// instead: the error is thrown.
    /// - Returns: the running server.
    /// - Throws: `Failure` (in CI), or Swift Testing's cancellation (a skip).
    public static func sharedOrSkip(sourceLocation: SourceLocation = #_sourceLocation) throws -> PostgreSQLServer {
        try orSkip(sourceLocation: sourceLocation) { try shared() }
    }

    /// A dedicated cluster (`start()`), for a test that stops or kills its server, or the test skipped under the
    /// rules of `sharedOrSkip()`.
    /// - Returns: the running server.
    /// - Throws: `Failure` (in CI), or Swift Testing's cancellation (a skip).
    public static func startOrSkip(sourceLocation: SourceLocation = #_sourceLocation) throws -> PostgreSQLServer {
        try orSkip(sourceLocation: sourceLocation) { try start() }
    }

    /// The variable that disables the PostgreSQL tests, in CI too.
    public static let skipVariable = "GATEHOUSE_SKIP_POSTGRESQL"

    /// Whether `GATEHOUSE_SKIP_POSTGRESQL` is set (to anything but empty or `0`).
    public static var isDisabled: Bool {
        let value = ProcessInfo.processInfo.environment[skipVariable] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// What `sharedOrSkip()` and `startOrSkip()` do with a server, or with why there is none.
    public typealias Decision = SkipUnlessCI.Decision

    /// The skip rule of issue 14: disabled by `GATEHOUSE_SKIP_POSTGRESQL` is a skip everywhere; a server that
    /// cannot be started is a skip, except in CI, where it is a failure (`SkipUnlessCI`, the rule of every test
    /// that needs a program this machine may lack).
    /// - Parameters:
    ///   - disabled: whether `GATEHOUSE_SKIP_POSTGRESQL` is set.
    ///   - ci: whether `CI=true`.
    ///   - failure: why the server could not be started, or `nil` when it runs.
    /// - Returns: the decision, with the message the test shows.
    public static func decision(disabled: Bool, ci: Bool, failure: Failure?) -> Decision {
        if disabled { return .skip("PostgreSQL tests disabled by \(skipVariable)=1: skipped") }
        guard let failure else { return .run }
        return SkipUnlessCI.decision(missing: "PostgreSQL cannot be started here", cause: "\(failure)", ci: ci)
    }

    private static func orSkip(
        sourceLocation: SourceLocation, _ server: () throws -> PostgreSQLServer
    ) throws -> PostgreSQLServer {
        var started: PostgreSQLServer?
        var failure: Failure?
        if !isDisabled {
            do { started = try server() } catch let error as Failure { failure = error }
        }
        try SkipUnlessCI.apply(
            decision(disabled: isDisabled, ci: SkipUnlessCI.isCI, failure: failure), failure: { Failure($0) },
            sourceLocation: sourceLocation)
        guard let started else { throw Failure("no server and no reason") }
        return started
    }

    private static let sharedResult: Result<PostgreSQLServer, Failure> = {
        do {
            let server = try start()
            sharedForExit.withLockVisibleToTSan { $0 = server }
            atexit { PostgreSQLServer.sharedForExit.withLockVisibleToTSan { $0 }?.remove() }
            return .success(server)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure("\(error)"))
        }
    }()

    /// The shared cluster, once started, for the `atexit` handler (which must not start it).
    private static let sharedForExit = Mutex<PostgreSQLServer?>(nil)

    private init(programs: Programs, account: Account?) throws {
        let clock = ContinuousClock()
        let began = clock.now
        self.programs = programs
        self.account = account
        password = Self.randomText(count: 24)
        directory = try Self.makeDirectory(for: account)
        let watchdog = try Watchdog(directory: directory, pgCtl: programs.pgCtl, prefix: account?.runuser ?? [])
        lifecycle = Mutex(Lifecycle(watchdog: watchdog))
        do {
            try Self.initialize(
                directory: directory, programs: programs, account: account, password: password)
            port = try Self.startOnFreePort(directory: directory, programs: programs, account: account)
        } catch {
            watchdog.finish()
            throw error
        }
        startup = clock.now - began
    }

    deinit { remove() }

    // MARK: Databases and URLs

    /// The URL of a database over TCP, with the password: `postgresql://gatehouse:PASSWORD@127.0.0.1:PORT/NAME`.
    /// - Parameters:
    ///   - database: the database's name.
    ///   - includingPassword: false leaves the password out (`postgresql://gatehouse@127.0.0.1:PORT/NAME`).
    /// - Returns: the URL.
    public func url(database: String = "postgres", includingPassword: Bool = true) -> String {
        let credentials = includingPassword ? "\(Self.superuser):\(password)" : Self.superuser
        return "postgresql://\(credentials)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates a fresh, empty database (through `psql` on the cluster's Unix socket).
    /// - Parameter name: its name (lower-case letters, digits and `_`, at most 63 bytes); `nil` picks a new unique
    ///   one, so that tests running in parallel each get their own.
    /// - Returns: the database, with its URL.
    /// - Throws: `Failure` when the name is not allowed or `CREATE DATABASE` fails (the name exists).
    @discardableResult
    public func createDatabase(_ name: String? = nil) throws -> Database {
        let name = name ?? Self.uniqueDatabaseName()
        let allowed =
            name.utf8.count <= 63 && name.first.map { $0 == "_" || ("a"..."z").contains($0) } == true
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        guard allowed else {
            throw Failure(
                "database name \"\(name)\" not allowed here: use lower-case letters, digits and _ (at most 63)")
        }
        try query("CREATE DATABASE \"\(name)\"")
        return Database(
            name: name, url: url(database: name), urlWithoutPassword: url(database: name, includingPassword: false))
    }

    /// `test_<n>_<8 random characters>`: unique within the process, and across processes sharing a cluster.
    private static func uniqueDatabaseName() -> String {
        "test_\(databaseCounter.add(1, ordering: .relaxed).newValue)_\(randomText(count: 8).lowercased())"
    }

    private static let databaseCounter = Atomic<Int>(0)

    /// A line for a password file (`~/.pgpass` or the file named by `PGPASSFILE`; libpq's format,
    /// `hostname:port:database:username:password`), for tests of a password that is not in the URL.
    /// - Parameter database: the database, or `*` for any.
    /// - Returns: the line, without a newline.
    public func passwordFileLine(database: String = "*") -> String {
        "127.0.0.1:\(port):\(database):\(Self.superuser):\(password)"
    }

    /// Runs SQL through `psql` on the cluster's Unix socket, as the superuser (`-X -A -t`, stopping at the first
    /// error): a way for tests to set up or inspect a database apart from the code under test.
    /// - Parameters:
    ///   - sql: one or more statements (sent together, so they run as one transaction; `CREATE DATABASE` and
    ///     `VACUUM` must come alone).
    ///   - database: the database (default `postgres`).
    /// - Returns: what psql printed: the rows, unaligned (`|` between columns), without headers or the final
    ///   newline.
    /// - Throws: `Failure` with psql's message when a statement fails or the server is not running.
    @discardableResult
    public func query(_ sql: String, database: String = "postgres") throws -> String {
        let result = try ProcessRunner.run(
            executableAt: programs.psql,
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", "\(port)", "-U",
                Self.superuser, "-d", database, "-c", sql,
            ], environment: ["PGCONNECT_TIMEOUT": "10"])
        guard result.status == 0 else {
            throw Failure("psql on \(database) failed (status \(result.status)): \(result.standardError)")
        }
        var output = result.standardOutput
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    // MARK: Stopping, killing, restarting

    /// Stops the server (`pg_ctl -m fast stop`), keeping the cluster: `restart()` starts it again.
    /// - Throws: `Failure` when pg_ctl fails.
    public func stop() throws {
        try lifecycle.withLockVisibleToTSan { _ throws(Failure) in
            try Self.pgCtl(
                programs, account, directory, ["-D", dataDirectory.path, "-m", "fast", "-w", "-t", "60", "stop"],
                step: "pg_ctl stop")
        }
    }

    /// Kills the postmaster with SIGKILL (its pid from `postmaster.pid`), as a crash would, and waits until it is
    /// gone. The server's other processes end on their own when they notice; `restart()` waits for them.
    /// - Throws: `Failure` when the pid cannot be read or the process does not die within 10 s.
    public func kill() throws {
        try lifecycle.withLockVisibleToTSan { _ throws(Failure) in
            guard let pid = postmasterPID() else {
                throw Failure("no postmaster.pid in \(dataDirectory.path): the server is not running")
            }
            _ = Glibc.kill(pid, SIGKILL)
            let deadline = ContinuousClock.now + .seconds(10)
            while Self.isAlive(pid) {
                guard ContinuousClock.now < deadline else {
                    throw Failure("the postmaster (pid \(pid)) is still alive 10 s after SIGKILL")
                }
                usleep(10_000)
            }
        }
    }

    /// Starts the server again on the same port and data directory, after `stop()` or `kill()` (PostgreSQL
    /// recovers from its WAL after a kill). Retries for up to 30 s while the killed server's processes still hold
    /// its shared memory or port.
    /// - Throws: `Failure` with the log's last lines when it does not start.
    public func restart() throws {
        try lifecycle.withLockVisibleToTSan { _ throws(Failure) in
            let lockFile = dataDirectory.appendingPathComponent("postmaster.pid")
            let deadline = ContinuousClock.now + .seconds(30)
            while true {
                // A killed postmaster left its lock file; where nothing reaps orphans (a container whose PID 1 is
                // not an init), the dead process stays a zombie that `kill(pid, 0)` still finds, and the new
                // postmaster would take the stale lock file for a running server.
                if let pid = postmasterPID(), Self.isZombie(pid) {
                    try? FileManager.default.removeItem(at: lockFile)
                }
                do throws(Failure) {
                    try Self.pgCtlStart(programs, account, directory, port: port)
                    return
                } catch {
                    guard ContinuousClock.now < deadline else { throw error }
                    usleep(200_000)
                }
            }
        }
    }

    /// Stops the server at once (`pg_ctl -m immediate stop`) and removes its folder, waiting until it is gone.
    /// Called by `deinit` and, for the shared cluster, at exit; calling it again does nothing.
    public func remove() {
        let watchdog = lifecycle.withLockVisibleToTSan { lifecycle -> Watchdog? in
            defer { lifecycle.watchdog = nil }
            return lifecycle.watchdog
        }
        watchdog?.finish()
    }

    /// Whether the server runs: `postmaster.pid` names a live process.
    public var isRunning: Bool { postmasterPID().map(Self.isAlive) ?? false }

    /// The postmaster's pid, from the first line of `postmaster.pid`, or `nil` when the file is absent.
    public func postmasterPID() -> pid_t? {
        let lockFile = dataDirectory.appendingPathComponent("postmaster.pid")
        guard let text = try? String(contentsOf: lockFile, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.flatMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
    }

    // MARK: Implementation

    private struct Lifecycle: ~Copyable {
        var watchdog: Watchdog?
    }

    /// The unprivileged user the server runs as when this process is root.
    struct Account {
        var name: String
        var uid: uid_t
        var gid: gid_t

        /// `runuser -u NAME --`, the prefix of every server program's command line.
        var runuser: [String] {
            let runuser =
                ["/usr/sbin/runuser", "/sbin/runuser"].first { FileManager.default.isExecutableFile(atPath: $0) }
                ?? "runuser"
            return [runuser, "-u", name, "--"]
        }

        /// `postgres` (Debian's package creates it), else `nobody`, when this process is root; else `nil`.
        static func forServer() throws -> Account? {
            guard geteuid() == 0 else { return nil }
            for name in ["postgres", "nobody"] {
                if let entry = getpwnam(name) {
                    return Account(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
                }
            }
            throw Failure("running as root, and neither a postgres nor a nobody user exists to run the server as")
        }
    }

    /// A fresh folder `gatehouse-pg-XXXXXXXX`, mode 0700, owned by the server's account. As root it is under
    /// `/tmp` (which every user can reach; `TMPDIR` may be a folder of root's), else under the temporary folder.
    private static func makeDirectory(for account: Account?) throws -> URL {
        let base =
            account == nil ? FileManager.default.temporaryDirectory : URL(fileURLWithPath: "/tmp", isDirectory: true)
        let directory = base.appendingPathComponent("gatehouse-pg-\(randomText(count: 8).lowercased())")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            if let account, chown(directory.path, account.uid, account.gid) != 0 {
                throw Failure("chown \(directory.path) to \(account.name): \(String(cString: strerror(errno)))")
            }
        } catch let failure as Failure {
            try? FileManager.default.removeItem(at: directory)
            throw failure
        } catch {
            throw Failure("cannot create the cluster's folder \(directory.path): \(error)")
        }
        return directory
    }

    /// `initdb` with the superuser `gatehouse` (password from a file removed after), SCRAM over TCP, trust on the
    /// socket, UTF-8, and the C.UTF-8 locale where the C library has it (else `--no-locale`); then the settings.
    private static func initialize(directory: URL, programs: Programs, account: Account?, password: String) throws {
        let passwordFile = directory.appendingPathComponent("password")
        guard
            FileManager.default.createFile(
                atPath: passwordFile.path, contents: Data((password + "\n").utf8),
                attributes: [.posixPermissions: 0o600])
        else { throw Failure("cannot write \(passwordFile.path)") }
        if let account { _ = chown(passwordFile.path, account.uid, account.gid) }
        defer { try? FileManager.default.removeItem(at: passwordFile) }
        let data = directory.appendingPathComponent("data")
        var attempts: [[String]] = [["--locale=C.UTF-8"], ["--no-locale"]]
        while true {
            let locale = attempts.removeFirst()
            // -N (no fsync of the new files): initdb's own sync guards only against an operating-system crash,
            // which a test cluster does not outlive; the server keeps fsync on.
            let arguments =
                [
                    "-D", data.path, "-U", superuser, "--pwfile=\(passwordFile.path)", "--auth-host=scram-sha-256",
                    "--auth-local=trust", "-E", "UTF8", "-N",
                ] + locale
            let result = try run(programs.initdb, arguments, account: account, directory: directory)
            if result.status == 0 { break }
            try? FileManager.default.removeItem(at: data)
            guard !attempts.isEmpty else {
                throw Failure("initdb failed (status \(result.status)): \(result.standardError)")
            }
        }
        let settings = """

            # Gatehouse test cluster (Tests/ReviewTesting/PostgreSQLServer.swift)
            listen_addresses = '127.0.0.1'
            unix_socket_directories = '\(directory.path)'
            fsync = on
            shared_buffers = 16MB
            max_connections = 200

            """
        let configuration = data.appendingPathComponent("postgresql.conf")
        do {
            let handle = try FileHandle(forWritingTo: configuration)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(settings.utf8))
        } catch {
            throw Failure("cannot append the settings to \(configuration.path): \(error)")
        }
    }

    /// Starts the server on a random port of 127.0.0.1 below the kernel's ephemeral range (32768 and up on Linux);
    /// tries ten, since one may be in use. Below that range, because a server killed in a test is restarted on its
    /// port (`restart()`), and while it is down an ephemeral port would be given to another test's loopback server
    /// (bound to port 0) at once: a CI run here saw `pg_ctl start` fail for that.
    private static func startOnFreePort(directory: URL, programs: Programs, account: Account?) throws -> Int {
        var lastFailure = Failure("no free port")
        for _ in 0..<10 {
            let port = Int.random(in: 20000..<32000)
            do throws(Failure) {
                try pgCtlStart(programs, account, directory, port: port)
                return port
            } catch {
                lastFailure = error
                guard error.description.contains("could not bind") || error.description.contains("in use")
                else { throw error }
            }
        }
        throw lastFailure
    }

    /// `pg_ctl -w -t 60 -o "-p PORT" -l server.log start`.
    private static func pgCtlStart(_ programs: Programs, _ account: Account?, _ directory: URL, port: Int)
        throws(Failure)
    {
        let log = directory.appendingPathComponent("server.log")
        let data = directory.appendingPathComponent("data")
        do {
            try pgCtl(
                programs, account, directory,
                ["-D", data.path, "-w", "-t", "60", "-o", "-p \(port)", "-l", log.path, "start"],
                step: "pg_ctl start on port \(port)")
        } catch {
            let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(8) ?? []
            throw Failure(error.description + "; the log's last lines: " + lines.joined(separator: " | "))
        }
    }

    private static func pgCtl(
        _ programs: Programs, _ account: Account?, _ directory: URL, _ arguments: [String], step: String
    ) throws(Failure) {
        let result: ProcessRunner.Result
        do {
            result = try run(programs.pgCtl, arguments, account: account, directory: directory)
        } catch {
            throw Failure("\(step): cannot run \(programs.pgCtl.path): \(error)")
        }
        guard result.status == 0 else {
            throw Failure("\(step) failed (status \(result.status)): \(result.standardError)\(result.standardOutput)")
        }
    }

    /// Runs a server program as the server's account, in the cluster's folder (which that account can enter).
    ///
    /// Through a shell that runs it with every descriptor above 2 closed: Foundation's `Process` learns that a
    /// child ended when the end of a socket pair that the child inherits is closed, and a postmaster started by
    /// `pg_ctl` would otherwise inherit that end and hold it for its whole life (`waitUntilExit` would wait for
    /// the server to stop). The shell keeps its own copy until the program has ended.
    private static func run(_ program: URL, _ arguments: [String], account: Account?, directory: URL) throws
        -> ProcessRunner.Result
    {
        try ProcessRunner.run(
            executableAt: URL(fileURLWithPath: "/bin/bash"),
            ["-c", closingDescriptors, "gatehouse-pg"] + (account?.runuser ?? []) + [program.path] + arguments,
            currentDirectory: directory)
    }

    /// Runs `"$@"` with the shell's descriptors above 2 closed (`N>&-` for each in `/proc/$$/fd`).
    private static let closingDescriptors = #"""
        closes=""
        for fd in /proc/$$/fd/*; do
            fd=${fd##*/}
            if [ "$fd" -gt 2 ]; then closes="$closes $fd>&-"; fi
        done
        eval "\"\$@\"$closes"
        """#

    /// Whether a process exists and is not a zombie (a killed postmaster may stay one where nothing reaps it).
    /// - Parameter pid: the process.
    /// - Returns: true while it runs.
    public static func isAlive(_ pid: pid_t) -> Bool {
        (Glibc.kill(pid, 0) == 0 || errno == EPERM) && !isZombie(pid)
    }

    /// Whether a process has exited but was not reaped: the state after the command's parenthesis in
    /// `/proc/PID/stat` (proc(5)) is `Z` (or `X`).
    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state == "Z" || state == "X"
    }

    /// Letters and digits from the system's random generator.
    private static func randomText(count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}

/// The process that removes a cluster when its test process ends, however it ends: a shell that reads its
/// standard input, a pipe whose write end only the test process holds (Foundation's `Process` closes every other
/// descriptor in its children, and the end is close-on-exec). At end of file (the test process closed it or died)
/// it stops the server with `pg_ctl -m immediate stop` and removes the folder. It ignores SIGINT, SIGTERM and
/// SIGHUP, so a Ctrl-C that ends the test process still leaves it to clean up.
final class Watchdog: Sendable {
    private let input: FileHandle
    private let directory: URL

    private static let script = """
        trap '' INT TERM HUP QUIT PIPE
        directory=$1 pg_ctl=$2
        shift 2
        while read -r _; do :; done
        if [ -f "$directory/data/postmaster.pid" ]; then
            "$@" "$pg_ctl" -D "$directory/data" -m immediate -w -t 30 stop >/dev/null 2>&1
        fi
        exec rm -rf -- "$directory"
        """

    /// Starts the watchdog of `directory`.
    /// - Parameters:
    ///   - directory: the cluster's folder.
    ///   - pgCtl: `pg_ctl`.
    ///   - prefix: the command line's prefix that runs it as the server's account (`runuser -u postgres --`).
    init(directory: URL, pgCtl: URL, prefix: [String]) throws {
        self.directory = directory
        let pipe = Pipe()
        _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", Self.script, "gatehouse-pg-watchdog", directory.path, pgCtl.path] + prefix
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw PostgreSQLServer.Failure("cannot start the cluster's watchdog (/bin/sh): \(error)")
        }
        input = pipe.fileHandleForWriting
    }

    /// Closes the pipe and waits (up to 60 s) until the folder is gone.
    func finish() {
        try? input.close()
        let deadline = ContinuousClock.now + .seconds(60)
        while FileManager.default.fileExists(atPath: directory.path), ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }
}
