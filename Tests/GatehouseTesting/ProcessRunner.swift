import Foundation

/// Runs a built executable of this package end to end and captures what it did.
public enum ProcessRunner {
    /// The outcome of a run.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: String
        /// Everything written to standard error.
        public var standardError: String
    }

    /// The directory holding the built products (the test bundle sits beside the executables).
    public static var productsDirectory: URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // On Linux the test runner is <products>/<Package>PackageTests.xctest; on macOS it is inside a bundle.
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("jwtcheck").path)
                || FileManager.default.fileExists(atPath: directory.appendingPathComponent("review").path)
            {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return executable.deletingLastPathComponent()
    }

    /// The path of a built executable product.
    /// - Parameter name: the product name (`jwtcheck`, `review`).
    /// - Returns: its URL.
    public static func executable(_ name: String) -> URL { productsDirectory.appendingPathComponent(name) }

    /// Runs a built product.
    /// - Parameters:
    ///   - name: the product name.
    ///   - arguments: its arguments.
    ///   - standardInput: bytes for standard input (standard input is empty when `nil`).
    ///   - environment: extra environment variables, over the current environment.
    ///   - currentDirectory: the working directory, if not the current one.
    /// - Returns: status, standard output and standard error.
    /// - Throws: when the process cannot be started.
    public static func run(
        _ name: String, _ arguments: [String], standardInput: Data? = nil,
        environment: [String: String] = [:], currentDirectory: URL? = nil
    ) throws -> Result {
        try run(
            executableAt: executable(name), arguments, standardInput: standardInput, environment: environment,
            currentDirectory: currentDirectory)
    }

    /// The path of a program installed on the machine (`bash`, `zsh`, `groff`), found on `PATH`.
    /// - Parameter name: the program's name.
    /// - Returns: its URL, or `nil` when it is not installed (tests that need it skip, saying so).
    public static func installedProgram(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// A started child process with a pipe on each of its standard input, output and error.
    public struct LaunchedProcess: @unchecked Sendable {
        /// The running process.
        public let process: Process
        /// Its standard input (the child reads end of file once the writing end is closed).
        public let input: Pipe
        /// Its standard output.
        public let output: Pipe
        /// Its standard error.
        public let errors: Pipe
    }

    /// Starts any executable with pipes on its standard streams and the tests' environment (`NO_COLOR=1`, no Swift
    /// backtracer), and returns at once: for a process that serves while the test runs. `run` waits for one.
    /// - Parameters:
    ///   - url: the executable.
    ///   - arguments: its arguments.
    ///   - environment: extra environment variables, over the current environment.
    ///   - currentDirectory: the working directory, if not the current one.
    /// - Returns: the process and its pipes.
    /// - Throws: when the process cannot be started.
    public static func launch(
        executableAt url: URL, _ arguments: [String], environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> LaunchedProcess {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let launched = LaunchedProcess(process: process, input: Pipe(), output: Pipe(), errors: Pipe())
        process.standardInput = launched.input
        process.standardOutput = launched.output
        process.standardError = launched.errors
        try process.run()
        return launched
    }

    /// Runs any executable, a built product or a program of the machine.
    /// - Parameters:
    ///   - url: the executable.
    ///   - arguments: its arguments.
    ///   - standardInput: bytes for standard input (standard input is empty when `nil`).
    ///   - environment: extra environment variables, over the current environment.
    ///   - currentDirectory: the working directory, if not the current one.
    /// - Returns: status, standard output and standard error.
    /// - Throws: when the process cannot be started.
    public static func run(
        executableAt url: URL, _ arguments: [String], standardInput: Data? = nil,
        environment: [String: String] = [:], currentDirectory: URL? = nil
    ) throws -> Result {
        let launched = try launch(
            executableAt: url, arguments, environment: environment, currentDirectory: currentDirectory)
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = launched.output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = launched.errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let standardInput { launched.input.fileHandleForWriting.write(standardInput) }
        try? launched.input.fileHandleForWriting.close()
        launched.process.waitUntilExit()
        group.wait()
        return Result(
            status: launched.process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self)
        )
    }
}
