import Foundation

extension Bench {
    /// Issue 20's outside figure: RS256 verifications per wall-clock second of `JWTVerifier` and
    /// `AppleIdentityTokenVerifier`, called from a package of their own through the public `JWT` and `AppleSignIn`
    /// products (`Benchmarks/OutsidePackage`), against a C program on OpenSSL with the key preloaded. Benchmarks/run
    /// builds that package and passes its bin folder; its `outside-bench` runs the rounds and prints one line per
    /// verifier ("outside <name> <median> <min> <max> <C verifications per second>"), read here.
    static func outside(settings: Settings, report: inout Report) throws {
        let names = [
            (
                "JWTVerifier",
                "RS256 JWTVerifier from a package outside vs a C program (EVP_DigestVerify, key preloaded)"
            ),
            (
                "AppleIdentityTokenVerifier",
                "RS256 AppleIdentityTokenVerifier from a package outside vs a C program (EVP_DigestVerify, key preloaded)"
            ),
        ]
        guard let bin = settings.outsideDirectory else {
            for (_, measure) in names {
                report.add(measure, "skipped: no --outside (Benchmarks/run builds Benchmarks/OutsidePackage)")
            }
            return
        }
        let output = "\(settings.workDirectory)/outside.txt"
        var arguments = [
            "\(bin)/outside-bench", "--raw", "\(bin)/raw-evp-verify", "--work", "\(settings.workDirectory)/outside",
        ]
        if settings.quick { arguments += ["--rounds", "5", "--batch", "1000"] }
        try Processes.runChecked(arguments, stdoutPath: output)
        let lines: [[Substring]] = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: " ")
        }
        for (name, measure) in names {
            let line = lines.first { $0.count == 6 && $0[0] == "outside" && $0[1] == name }
            guard let fields = line, let median = Double(fields[2]), let low = Double(fields[3]),
                let high = Double(fields[4])
            else {
                throw Processes.Failure(description: "outside-bench printed no line for \(name)")
            }
            report.add(
                measure,
                "\(fixed(median, 3)) of the C program's rate (min \(fixed(low, 3)), max \(fixed(high, 3)); C "
                    + "\(fields[5])/s)",
                target: "≥ 0.95", met: median >= 0.95,
                short: "outside \(name == "JWTVerifier" ? "JWT" : "Apple") \(fixed(median, 3))")
        }
    }
}
