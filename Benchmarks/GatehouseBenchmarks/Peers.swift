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
        let work = settings.workDirectory
        let output = "\(work)/pyjwt.out"
        if let dependencies = settings.pythonDependencies { setenv("PYTHONPATH", dependencies, 1) }
        let arguments = [
            python, "\(settings.peersDirectory)/pyjwt_verify.py", "--token", "\(work)/token.txt", "--jwks",
            "\(work)/jwks.json", "--aud", Fixtures.clientID, "--iss", Fixtures.issuer, "--seconds", "1",
        ]
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
                guard fields.count == 2, let count = Double(fields[0]), let seconds = Double(fields[1]) else {
                    throw Processes.Failure(description: "PyJWT peer printed \(text)")
                }
                peerRate = count / seconds
            }
            func runOurs() async throws {
                var count = 0
                let start = Clock.now()
                var elapsed = 0.0
                repeat {
                    for _ in 0..<100 { blackHole(try await apple.verify(fixtures.rs256.token)) }
                    count += 100
                    elapsed = Clock.now() - start
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
                report.add("PyJWT", "skipped: \(error)")
                return
            }
            ratios.append(ourRate / peerRate)
            theirs.append(peerRate)
            ours.append(ourRate)
        }
        let ratio = medianOf(ratios)
        report.add(
            "RS256 Apple verification vs PyJWT (same token and key set)",
            "\(fixed(ratio, 2))× PyJWT's throughput (\(Int(medianOf(ours)))/s vs \(Int(medianOf(theirs)))/s)",
            target: "≥ 2.3×", met: ratio >= 2.3, short: "\(fixed(ratio, 2))× PyJWT")
    }
}
