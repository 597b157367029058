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
        let outcome: PeerProcess.Outcome
        do {
            outcome = try await PeerProcess(arguments: arguments, output: output).compare(
                rounds: settings.quick ? 3 : 5,
                ours: { blackHole(try await apple.verify(fixtures.rs256.token, nonce: .insecureNotChecked)) })
        } catch {
            report.add("PyJWT (\(folder ?? "system"))", "skipped: \(error)")
            return
        }
        let (version, ratio) = (outcome.version, outcome.ratio)
        report.add(
            "RS256 Apple verification vs PyJWT \(version) (same token and key set)",
            "\(fixed(ratio, 2))× PyJWT's throughput (\(Int(outcome.ours))/s vs \(Int(outcome.theirs))/s, CPU time)",
            target: "≥ 2.3×", met: ratio >= 2.3, short: "\(fixed(ratio, 2))× PyJWT \(version)")
    }
}
