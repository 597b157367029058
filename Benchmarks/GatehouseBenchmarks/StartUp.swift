import Foundation

extension Bench {
    /// `jwtcheck token` against `jose jws ver` (the Debian package `jose`, a JOSE command line in C on the same
    /// OpenSSL): the whole verification of the same RS256 token with the same two-key set, as whole processes. Most
    /// of either process is start-up (loading, relocating, initialising OpenSSL), so this row measures start-up.
    ///
    /// The token and key set are the samples (`Samples/identity-token.jwt`, `Samples/jwks.json`), copied as
    /// `valid.jwt` and `jwks.json`; the token is written without its trailing newline, which `jose` refuses.
    /// `jwtcheck` is pinned to a time inside the token's lifetime (`--now`), and checks the audience as always.
    static func startUp(settings: Settings, report: inout Report) throws {
        let measure = "jwtcheck token vs jose jws ver (processes, same RS256 token and two-key set)"
        let skipped = "start-up row skipped"
        guard let jose = Processes.which("jose") else {
            report.add(
                measure,
                "skipped: jose is not on PATH (Debian package jose; Benchmarks/run installs it when it runs as root "
                    + "with apt-get)", short: skipped)
            return
        }
        let directory = "\(settings.workDirectory)/startup"
        let token: String
        let keySet: String
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let sample = try String(contentsOfFile: "\(settings.samplesDirectory)/identity-token.jwt", encoding: .utf8)
            token = sample.trimmingCharacters(in: .whitespacesAndNewlines)
            keySet = try String(contentsOfFile: "\(settings.samplesDirectory)/jwks.json", encoding: .utf8)
        } catch {
            report.add(measure, "skipped: cannot read the samples: \(error.localizedDescription)", short: skipped)
            return
        }
        try write(token, to: "\(directory)/valid.jwt")
        try write(keySet, to: "\(directory)/jwks.json")

        let jwtcheck = [
            "\(settings.binDirectory)/jwtcheck", "token", "@\(directory)/valid.jwt", "--jwks", "\(directory)/jwks.json",
            "--aud", Fixtures.clientID, "--now", String(sampleNow),
        ]
        let verify = [
            jose, "jws", "ver", "-i", "\(directory)/valid.jwt", "-k", "\(directory)/jwks.json", "-O", "/dev/null",
        ]
        // Both must accept the token, or the comparison means nothing.
        for command in [jwtcheck, verify] {
            let status = try Processes.run(command)
            guard status == 0 else {
                report.add(measure, "skipped: \(command.joined(separator: " ")) exited with \(status)", short: skipped)
                return
            }
        }

        let pairs = settings.quick ? 10 : 40
        for _ in 0..<3 {  // warm the page cache
            _ = try Processes.runMeasured(jwtcheck)
            _ = try Processes.runMeasured(verify)
        }
        var ours = (wall: [Double](), cpu: [Double]())
        var theirs = (wall: [Double](), cpu: [Double]())
        var pairRatios: [Double] = []
        for index in 0..<pairs {
            for side in index % 2 == 0 ? [0, 1] : [1, 0] {
                var cpu = 0.0
                let wall = try Clock.time { cpu = try Processes.runMeasured(side == 0 ? jwtcheck : verify).cpuSeconds }
                if side == 0 {
                    ours.wall.append(wall)
                    ours.cpu.append(cpu)
                } else {
                    theirs.wall.append(wall)
                    theirs.cpu.append(cpu)
                }
            }
            pairRatios.append(ours.wall[index] / theirs.wall[index])
        }
        // The median of the per-pair ratios, as every other row: a pair runs back to back, so a change in the
        // machine's load between pairs cancels out, where it shifts the ratio of the two medians.
        let ratio = medianOf(pairRatios)
        let cpuRatio = medianOf(ours.cpu) / medianOf(theirs.cpu)
        report.add(
            measure,
            "\(fixed(ratio, 2))× the time (median of \(pairs) interleaved pairs; medians "
                + "\(fixed(medianOf(ours.wall) * 1000, 2)) ms vs \(fixed(medianOf(theirs.wall) * 1000, 2)) ms; CPU "
                + "\(fixed(medianOf(ours.cpu) * 1000, 2)) ms vs \(fixed(medianOf(theirs.cpu) * 1000, 2)) ms, "
                + "\(fixed(cpuRatio, 2))×)",
            target: "≤ 1.0×", met: ratio <= 1.0, short: "jwtcheck \(fixed(ratio, 2))× jose")
    }

    /// 2026-11-29T12:30:00Z: inside the sample token's lifetime (issued 12:00, valid for a day).
    static let sampleNow = 1_795_955_400
}
