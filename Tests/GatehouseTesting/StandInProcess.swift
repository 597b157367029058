import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The command-line plumbing the local stand-ins of `make demo` share (`gatehouse-asc-standin`,
/// `gatehouse-notify-receiver`): `--name value` options, lines said at once, failures with an exit status, the URL
/// file written whole, and the wait for SIGTERM or SIGINT or the end of the lifetime.
public final class StandInProcess: Sendable {
    /// The program's name, which starts each line it writes.
    public let name: String
    /// The usage line, shown with a usage error.
    public let usage: String
    private let stop = DispatchSemaphore(value: 0)
    /// Kept only so the sources live as long as the process: never read after `init`.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    /// Creates the plumbing of a program, and from now on takes SIGTERM and SIGINT as a request to stop
    /// (``waitForStop(lifetime:)`` returns) rather than letting them end the process.
    /// - Parameters:
    ///   - name: its name.
    ///   - usage: its usage line.
    public init(name: String, usage: String) {
        self.name = name
        self.usage = usage
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let stop = stop
        sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
    }

    /// Writes a line to standard output at once (unbuffered: the demo shows it while the program runs).
    public func say(_ line: String) {
        FileHandle.standardOutput.write(Data("\(name): \(line)\n".utf8))
    }

    /// Writes a line to standard error and exits with `status`.
    public func fail(_ status: Int32, _ message: String) -> Never {
        FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
        exit(status)
    }

    /// Reads `--name value` pairs from the command line; anything else is a usage error (exit 64).
    /// - Parameter allowed: the option names.
    /// - Returns: each option's value.
    public func options(_ allowed: [String]) -> [String: String] {
        var options: [String: String] = [:]
        var arguments = CommandLine.arguments.dropFirst()
        while let option = arguments.popFirst() {
            guard allowed.contains(option) else { fail(64, "unknown argument \(option)\n\(usage)") }
            guard let value = arguments.popFirst() else { fail(64, "\(option) needs a value\n\(usage)") }
            options[option] = value
        }
        return options
    }

    /// The `--lifetime` value: whole seconds from 1 to 3600 (default 120), else a usage error.
    public func lifetime(_ options: [String: String]) -> Int {
        guard let lifetime = Int(options["--lifetime"] ?? "120"), (1...3600).contains(lifetime) else {
            fail(64, "--lifetime takes whole seconds from 1 to 3600")
        }
        return lifetime
    }

    /// Writes `url` and a newline to `path` under a temporary name, then renames it, so a script polling for the
    /// file never reads half of it; exit 73 when it cannot.
    public func writeURLFile(_ url: String, to path: String) {
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((url + "\n").utf8)),
            rename(temporary, path) == 0
        else { fail(73, "cannot write \(path)") }
    }

    /// Waits for SIGTERM or SIGINT, or for `lifetime` seconds.
    /// - Returns: whether a signal ended the wait.
    public func waitForStop(lifetime: Int) -> Bool {
        stop.wait(timeout: .now() + .seconds(lifetime)) == .success
    }
}
