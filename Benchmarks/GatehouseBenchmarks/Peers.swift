import AppleSignIn
import Foundation

extension Bench {
    /// PyJWT (Benchmarks/peers/pyjwt_verify.py) in its own process against our in-process verification, the two
    /// alternating for a second each; the Python process measures its own loop, so its start-up is not counted.
    static func peers(
        settings: Settings, fixtures: Fixtures, apple: AppleIdentityTokenVerifier, report: inout Report
    ) async throws {
        guard let python = Processes.which(settings.python) else {
            report.add("PyJWT", "skipped: \(settings.python) not found")
            return
        }
        let folders: [String?] = settings.pythonDependencies.isEmpty ? [nil] : settings.pythonDependencies.map { $0 }
        for folder in folders {
            try await peer(
                python: python, folder: folder, settings: settings, fixtures: fixtures, apple: apple,
                report: &report)
        }
    }

    /// One PyJWT installation (the folder on PYTHONPATH) against ours, both timed in CPU time.
    private static func peer(
        python: String, folder: String?, settings: Settings, fixtures: Fixtures, apple: AppleIdentityTokenVerifier,
        report: inout Report
    ) async throws {
        let work = settings.workDirectory
        let output = "\(work)/pyjwt.out"
        if let folder { setenv("PYTHONPATH", folder, 1) } else { unsetenv("PYTHONPATH") }
        let arguments = [
            python, "\(settings.peersDirectory)/pyjwt_verify.py", "--token", "\(work)/token.txt", "--jwks",
            "\(work)/jwks.json", "--aud", Fixtures.clientID, "--iss", Fixtures.issuer, "--seconds", "1",
        ]
        var version = "?"
        var ratios: [Double] = []
        var theirs: [Double] = []
        var ours: [Double] = []
        for round in 0..<(settings.quick ? 3 : 5) {
            var peerRate = 0.0
            var ourRate = 0.0
            func runPeer() throws {
                let status = try Processes.run(arguments, stdoutPath: output)
                guard status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
                    throw Processes.Failure(description: "PyJWT peer failed (status \(status)); is PyJWT installed?")
                }
                let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
                guard fields.count == 3, let count = Double(fields[1]), let seconds = Double(fields[2]) else {
                    throw Processes.Failure(description: "PyJWT peer printed \(text)")
                }
                version = String(fields[0])
                peerRate = count / seconds
            }
            func runOurs() async throws {
                // Thread CPU time, as the peer's process_time: the loop never suspends, so it stays on one thread.
                var count = 0
                let start = Clock.threadCPUNow()
                var elapsed = 0.0
                repeat {
                    for _ in 0..<100 {
                        blackHole(try await apple.verify(fixtures.rs256.token, nonce: .insecureNotChecked))
                    }
                    count += 100
                    elapsed = Clock.threadCPUNow() - start
                } while elapsed < 1
                ourRate = Double(count) / elapsed
            }
            do {
                if round % 2 == 0 {
                    try runPeer()
                    try await runOurs()
                } else {
                    try await runOurs()
                    try runPeer()
                }
            } catch {
                report.add("PyJWT (\(folder ?? "system"))", "skipped: \(error)")
                return
            }
            ratios.append(ourRate / peerRate)
            theirs.append(peerRate)
            ours.append(ourRate)
        }
        let ratio = medianOf(ratios)
        report.add(
            "RS256 Apple verification vs PyJWT \(version) (same token and key set)",
            "\(fixed(ratio, 2))× PyJWT's throughput (\(Int(medianOf(ours)))/s vs \(Int(medianOf(theirs)))/s, CPU time)",
            target: "≥ 2.3×", met: ratio >= 2.3, short: "\(fixed(ratio, 2))× PyJWT \(version)")
    }
}
