import Foundation

/// `review serve` started as a process (the release binary) on 127.0.0.1 with an ephemeral port, for the webhook
/// rows: its standard error goes to `work/serve.log`, where the port is read from its "listening on" line.
final class ServeProcess {
    let process = Process()
    /// The port serve listens on.
    private(set) var port: UInt16 = 0

    /// Starts serve and waits (up to 30 s) for its port.
    /// - Throws: `Processes.Failure` when serve does not start.
    init(
        settings: Settings, work: String, database: String, secret: String, appStoreConnect: String,
        keyID: String, keyPath: String
    ) throws {
        process.executableURL = URL(fileURLWithPath: settings.binDirectory + "/review")
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--db", database]
        process.environment = [
            "ASC_WEBHOOK_SECRET": secret, "ASC_API_BASE_URL": appStoreConnect, "ASC_KEY_ID": keyID,
            "ASC_ISSUER_ID": Bench.benchIssuerID, "ASC_PRIVATE_KEY_PATH": keyPath, "HOME": work,
            "XDG_CONFIG_HOME": work,
        ]
        let logPath = work + "/serve.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        do {
            port = try Self.waitForPort(logPath, process)
        } catch {
            stop()
            throw error
        }
    }

    /// Stops serve (SIGTERM: its graceful shutdown) and waits for it; nothing when it has exited.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    static func waitForPort(_ logPath: String, _ process: Process) throws -> UInt16 {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let range = log.range(of: "listening on http://127.0.0.1:") {
                let digits = log[range.upperBound...].prefix { $0.isNumber }
                if let port = UInt16(digits), log[range.upperBound...].dropFirst(digits.count).hasPrefix("/") {
                    return port
                }
            }
            usleep(20_000)
        }
        throw Processes.Failure(
            description: "review serve did not start: \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
    }
}
