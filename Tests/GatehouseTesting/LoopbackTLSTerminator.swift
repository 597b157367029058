import Foundation
import GatehouseCore
import Synchronization

/// An https front for a `LoopbackHTTPServer`: a self-signed certificate for `localhost` and 127.0.0.1, made with
/// the `openssl` command at test time, and a small Python 3 TLS terminator on 127.0.0.1 that relays each
/// connection to the plain server, so the same handlers answer over https.
///
/// A client that trusts only the system CA store must refuse it; a client given `caBundlePath` must accept it.
/// The Python process exits when this value stops or is released (its standard input closes), and by itself
/// after `lifetime`. The certificate and key live in a `TemporaryDirectory` removed with this value.
public final class LoopbackTLSTerminator: @unchecked Sendable {
    /// The https port on 127.0.0.1.
    public let port: UInt16
    /// The PEM certificate to trust (it is its own CA).
    public let caBundlePath: String

    private let directory: TemporaryDirectory
    private let process: Process
    private let standardInput: Pipe
    private let stopped = Mutex(false)

    /// Starts the terminator in front of a server.
    /// - Parameters:
    ///   - backend: the plain server that answers.
    ///   - lifetime: the longest the terminator runs before it exits by itself (default 600 s).
    /// - Throws: `LoopbackServerError` when `openssl` or `python3` fails, with their standard error.
    public init(forwardingTo backend: LoopbackHTTPServer, lifetime: Duration = .seconds(600)) throws {
        directory = try TemporaryDirectory()
        let certificate = directory.file("cert.pem").path
        let key = directory.file("key.pem").path
        try Self.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ])
        let script = directory.file("tls_terminator.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        caBundlePath = certificate

        let launched = try ProcessRunner.launch(
            executableAt: Self.env,
            [
                "python3", script.path, certificate, key, String(backend.port),
                String(Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) / 1e18),
            ])
        process = launched.process
        standardInput = launched.input
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = launched.output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = UInt16(text) else {
            process.terminate()
            process.waitUntilExit()
            let stderr = String(decoding: launched.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw LoopbackServerError("python3 TLS terminator did not start: '\(text)' \(stderr)")
        }
        self.port = port
    }

    deinit { stop() }

    /// `https://127.0.0.1:<port>`.
    public var baseURL: String { "https://127.0.0.1:\(port)" }

    /// An absolute https URL on this terminator.
    /// - Parameter path: the path (with a leading "/"), optionally with a query.
    /// - Returns: the URL.
    public func url(_ path: String) -> String { baseURL + path }

    /// Stops the Python process and waits for it. Safe to call more than once.
    public func stop() {
        let first = stopped.withLockVisibleToTSan { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        try? standardInput.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private static let env = URL(fileURLWithPath: "/usr/bin/env")

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let result = try ProcessRunner.run(executableAt: env, [tool] + arguments)
        guard result.status == 0 else {
            throw LoopbackServerError(
                "\(tool) \(arguments.joined(separator: " ")) exited \(result.status): \(result.standardError)")
        }
    }

    /// The terminator: accepts TLS on 127.0.0.1 and relays bytes to the plain server, one thread per
    /// connection with a single-threaded select loop (an SSL object is never used from two threads).
    private static let script = #"""
        import os, select, socket, ssl, sys, threading

        certificate, key, backend_port, lifetime = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        print(listener.getsockname()[1], flush=True)

        def exit_when_parent_goes():
            try:
                sys.stdin.buffer.read()
            finally:
                os._exit(0)

        threading.Thread(target=exit_when_parent_goes, daemon=True).start()
        timer = threading.Timer(lifetime, lambda: os._exit(0))
        timer.daemon = True
        timer.start()

        def relay(tls, backend):
            while True:
                if tls.pending():
                    readable = [tls]
                else:
                    readable, _, _ = select.select([tls, backend], [], [], 15)
                if not readable:
                    return
                for source in readable:
                    target = backend if source is tls else tls
                    try:
                        data = source.recv(65536)
                    except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
                        continue
                    except OSError:
                        return
                    if not data:
                        return
                    try:
                        target.sendall(data)
                    except OSError:
                        return

        def handle(raw):
            raw.settimeout(15)
            try:
                tls = context.wrap_socket(raw, server_side=True)
            except (ssl.SSLError, OSError):
                raw.close()
                return
            try:
                backend = socket.create_connection(("127.0.0.1", backend_port), timeout=15)
            except OSError:
                tls.close()
                return
            try:
                relay(tls, backend)
            finally:
                backend.close()
                tls.close()

        while True:
            connection, _ = listener.accept()
            threading.Thread(target=handle, args=(connection,), daemon=True).start()
        """#
}
