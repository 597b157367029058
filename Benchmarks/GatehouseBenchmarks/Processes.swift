#if canImport(Glibc)
    import Glibc
#endif

/// Whole processes, started with posix_spawn (no shell), output discarded, timed from spawn to reaped exit.
enum Processes {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments` (arguments[0] is an absolute path) and returns its exit status.
    @discardableResult
    static func run(_ arguments: [String], stdoutPath: String = "/dev/null") throws -> Int32 {
        try runMeasured(arguments, stdoutPath: stdoutPath).status
    }

    /// Runs `arguments` and returns its exit status and the CPU seconds (user + system) the child used.
    static func runMeasured(_ arguments: [String], stdoutPath: String = "/dev/null") throws -> (
        status: Int32, cpuSeconds: Double
    ) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else { throw Failure(description: "wait4 failed for \(arguments[0])") }
        }
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), cpu)
    }

    /// Runs and requires exit status 0.
    static func runChecked(_ arguments: [String], stdoutPath: String = "/dev/null") throws {
        let status = try run(arguments, stdoutPath: stdoutPath)
        guard status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) exited with \(status)")
        }
    }

    /// Wall and CPU seconds of one run (CPU: the child's user + system time).
    typealias Run = (wall: Double, cpu: Double)

    /// Wall and CPU seconds of one checked run.
    static func measure(_ arguments: [String]) throws -> Run {
        var cpu = 0.0
        let wall = try Clock.time {
            let result = try runMeasured(arguments)
            guard result.status == 0 else {
                throw Failure(description: "\(arguments.joined(separator: " ")) exited with \(result.status)")
            }
            cpu = result.cpuSeconds
        }
        return (wall, cpu)
    }

    /// The median wall and the median CPU seconds of `runs` checked runs, one after another.
    static func median(of runs: Int, _ arguments: [String]) throws -> Run {
        var measured: [Run] = []
        for _ in 0..<runs { measured.append(try measure(arguments)) }
        return (medianOf(measured.map(\.wall)), medianOf(measured.map(\.cpu)))
    }

    /// Seconds one checked run takes.
    static func time(_ arguments: [String]) throws -> Double {
        try Clock.time { try runChecked(arguments) }
    }

    /// The absolute path of a command on PATH, or nil.
    static func which(_ name: String) -> String? {
        if name.hasPrefix("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
