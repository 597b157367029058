// gatehouse-bench: the performance suite of issue 5. Run by `make bench` (Benchmarks/run), which builds release,
// installs PyJWT and jose for the peer comparisons and passes the paths below.
//
// Every figure is a ratio taken in this one process and run: the two sides run interleaved, in alternating order,
// for several rounds, and the median of the per-round ratios is reported, so the machine's noise cancels out.
//
// USAGE: gatehouse-bench --bin <release bin dir> --work <scratch dir> [--python <python3>] [--pydeps <dir>]...
//        [--samples <Samples dir>] [--quick]
//        [--outside <Benchmarks/OutsidePackage release bin dir>]
//        [--only crypto,outside,allocations,scaling,memory,processes,startup,peers,sync,webhooks,postgresql,appstore,
//        baseline]
//        [--appstore-fixtures DIR] [--appstore-pydeps DIR] [--baselines DIR]
//        (--only breakdown: where an RS256 verification's time goes, step by step; not in the default run;
//        --only webhook-latency: the webhooks section's stored-webhook-to-channel row alone)
// A failed check (the baseline section's outputs not identical to the committed hashes) makes it exit 1, after the
// table; a missed performance target does not.

import AllocationCounter
import AppleSignIn
import Foundation
import JWT

struct Settings {
    var binDirectory = ".build/release"
    var workDirectory = "/tmp/gatehouse-bench"
    var python = "python3"
    /// PYTHONPATH folders, one PyJWT installation each; one peer row per folder.
    var pythonDependencies: [String] = []
    var peersDirectory = "Benchmarks/peers"
    /// The sample token and key set (`Samples/`), for the start-up row.
    var samplesDirectory = "Samples"
    var quick = false
    /// The release bin folder of Benchmarks/OutsidePackage (outside-bench, raw-evp-verify), for the outside rows.
    var outsideDirectory: String?
    /// Sections to run (crypto, outside, allocations, scaling, memory, processes, startup, peers, sync, webhooks,
    /// postgresql, appstore, baseline); all when empty.
    var sections: Set<String> = []
    /// The genuine App Store signed data (the shared fixtures), for the App Store rows.
    var appStoreFixtures = "../shared/fixtures/apple-real/appstore"
    /// The PYTHONPATH folder holding Apple's app-store-server-library, for the App Store peer row.
    var appStorePythonDependencies: String?
    /// The committed output hashes (`app-store-100k.sha256`), for the baseline section.
    var baselinesDirectory = "Benchmarks/baselines"

    func runs(_ section: String) -> Bool { sections.isEmpty || sections.contains(section) }

    static func parse(_ arguments: [String]) -> Settings {
        var settings = Settings()
        var index = 0
        func value() -> String {
            index += 1
            guard index < arguments.count else { fatalError("missing value after \(arguments[index - 1])") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--bin": settings.binDirectory = value()
            case "--work": settings.workDirectory = value()
            case "--python": settings.python = value()
            case "--pydeps": settings.pythonDependencies.append(value())
            case "--peers": settings.peersDirectory = value()
            case "--samples": settings.samplesDirectory = value()
            case "--quick": settings.quick = true
            case "--outside": settings.outsideDirectory = value()
            case "--appstore-fixtures": settings.appStoreFixtures = value()
            case "--appstore-pydeps": settings.appStorePythonDependencies = value()
            case "--baselines": settings.baselinesDirectory = value()
            case "--only": settings.sections = Set(value().split(separator: ",").map(String.init))
            default: fatalError("unknown argument \(arguments[index])")
            }
            index += 1
        }
        return settings
    }
}

enum Bench {
    nonisolated static func main() async throws {
        gatehouse_bench_line_buffered_stdout()  // progress lines appear as they happen, also when piped
        let settings = Settings.parse(Array(CommandLine.arguments.dropFirst()))
        let scale = settings.quick ? 0.1 : 1.0
        func count(_ n: Int) -> Int { max(1, Int(Double(n) * scale)) }
        try FileManager.default.createDirectory(atPath: settings.workDirectory, withIntermediateDirectories: true)
        var report = Report()

        print("gatehouse-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores; OpenSSL: \(OpenSSLVersion.text)")
        let issuedAt = Int(Date().timeIntervalSince1970)
        let fixtures = try Fixtures(issuedAt: issuedAt)
        let now = Date(timeIntervalSince1970: Double(issuedAt + 60))
        let apple = try AppleIdentityTokenVerifier(
            clientIDs: [Fixtures.clientID], keySet: fixtures.keySet, clock: .fixed(now))
        let verifier = JWTVerifier(
            keySet: fixtures.keySet,
            options: try JWTValidationOptions(
                audience: .oneOf([Fixtures.clientID]), allowedAlgorithms: [.rs256, .ps256, .es256, .edDSA],
                issuer: Fixtures.issuer, requiredClaims: ["exp", "iat", "sub"]))

        // Sanity: every side accepts its token, and a token with one changed signature byte is refused.
        let appleToken = try await apple.verify(fixtures.rs256.token, nonce: .insecureNotChecked)
        precondition(appleToken.subject.hasPrefix("001234."), "the Apple verifier returned another subject")
        for signed in [fixtures.rs256, fixtures.ps256, fixtures.es256, fixtures.edDSA] {
            _ = try verifier.verify(signed.token, now: now)
            precondition(raw(signed).verifyOnce(), "raw baseline refused the \(signed.algorithm) token")
            var bytes = Array(signed.token.utf8)
            let position = bytes.count - 8
            bytes[position] = bytes[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            let tampered = String(decoding: bytes, as: UTF8.self)
            precondition(
                (try? verifier.verify(tampered, now: now)) == nil, "a tampered \(signed.algorithm) token verified")
        }
        print("sanity: all four algorithms verify; tampered tokens are refused")

        // 1. Signature algorithms against their naive raw baselines.
        let rsRaw = raw(fixtures.rs256)
        if settings.runs("crypto") {
            print("\n== In-process verification against raw OpenSSL (EVP_DigestVerifyInit + EVP_DigestVerify) ==")
            let rounds = settings.quick ? 9 : 41
            let rs = try await InterleavedRatio.measure(
                rounds: rounds, batch: count(1000),
                baseline: { n in rsRaw.loop(n) },
                subject: { n in
                    for _ in 0..<n {
                        blackHole(try await apple.verify(fixtures.rs256.token, nonce: .insecureNotChecked))
                    }
                })
            report.add(
                "RS256 full Apple verification vs raw",
                "\(fixed(rs.median, 3)) of raw (min \(fixed(rs.spread.0, 3)), "
                    + "max \(fixed(rs.spread.1, 3)); raw \(perSecond(rs.baselineSeconds, count(1000)))/s)",
                target: "≥ 0.95", met: rs.median >= 0.95, short: "RS256 \(fixed(rs.median, 3))")
            let rsPlain = try await InterleavedRatio.measure(
                rounds: rounds, batch: count(1000),
                baseline: { n in rsRaw.loop(n) },
                subject: { n in for _ in 0..<n { blackHole(try verifier.verify(fixtures.rs256.token, now: now)) } })
            report.add("RS256 JWTVerifier (iss, aud, exp, iat) vs raw", "\(fixed(rsPlain.median, 3)) of raw")

            for (signed, target) in [(fixtures.es256, 0.95), (fixtures.ps256, 0.95), (fixtures.edDSA, 0.95)] {
                let baseline = raw(signed)
                let result = try await InterleavedRatio.measure(
                    rounds: rounds, batch: count(signed.algorithm == .ps256 ? 1000 : 500),
                    baseline: { n in baseline.loop(n) },
                    subject: { n in for _ in 0..<n { blackHole(try verifier.verify(signed.token, now: now)) } })
                report.add(
                    "\(signed.algorithm.rawValue) JWTVerifier vs raw", "\(fixed(result.median, 3)) of raw",
                    target: "≥ \(target)", met: result.median >= target,
                    short: "\(signed.algorithm.rawValue) \(fixed(result.median, 3))")
            }

        }

        // 1a. Where an RS256 verification's time goes, each step against the same raw baseline in one run: the
        // pooled signature check alone, then with the compact JWS parsed and the key chosen by kid, then the
        // claims, then Apple's verifier. Only with --only breakdown (a diagnosis, not a target).
        if settings.sections.contains("breakdown") {
            print("\n== RS256, step by step, against raw OpenSSL ==")
            let rounds = settings.quick ? 9 : 41
            let signed = fixtures.rs256
            guard let jwksKey = try fixtures.keySet.selectKey(keyID: signed.keyID).key.publicKey else {
                fatalError("the RS256 key of the set has no public key")
            }
            let steps: [(String, (Int) async throws -> Void)] = [
                (
                    "signature only (PublicKey.isValidSignature, the JWKS key)",
                    { n in
                        signed.signature.withUnsafeBytes { s in
                            signed.signingInput.withUnsafeBytes { m in
                                for _ in 0..<n { blackHole(jwksKey.isValidSignature(s, for: m, algorithm: .rs256)) }
                            }
                        }
                    }
                ),
                (
                    "+ compact JWS parsed, key chosen by kid (JWTVerifier.verifyJWS)",
                    { n in
                        for _ in 0..<n { blackHole(try verifier.verifyJWS(signed.token)) }
                    }
                ),
                (
                    "+ claims (JWTVerifier.verify)",
                    { n in
                        for _ in 0..<n { blackHole(try verifier.verify(signed.token, now: now)) }
                    }
                ),
                (
                    "+ Apple's claims (AppleIdentityTokenVerifier.verify)",
                    { n in
                        for _ in 0..<n { blackHole(try await apple.verify(signed.token, nonce: .insecureNotChecked)) }
                    }
                ),
            ]
            let payload = Array(Fixtures.appleClaims(issuedAt: fixtures.issuedAt).utf8)
            let segments = signed.token.split(separator: ".").map(String.init)
            let headerJSON = try Base64URL.decode(segments[0], segment: "header")
            let parts: [(String, (Int) async throws -> Void)] = [
                (
                    "part: the claims' JSON alone (JSONValue.parse, 600 bytes)",
                    { n in
                        for _ in 0..<n { blackHole(try JSONValue.parse(payload)) }
                    }
                ),
                (
                    "part: the three segments' base64url decoded (Base64URL.decode)",
                    { n in
                        for _ in 0..<n {
                            for segment in segments { blackHole(try Base64URL.decode(segment, segment: "payload")) }
                        }
                    }
                ),
                (
                    "part: the header's JSON alone (JSONValue.parse)",
                    { n in
                        for _ in 0..<n { blackHole(try JSONValue.parse(headerJSON)) }
                    }
                ),
                (
                    "part: header and claims read, nothing verified (UnverifiedJWT)",
                    { n in
                        for _ in 0..<n { blackHole(try UnverifiedJWT(parsing: signed.token)) }
                    }
                ),
            ]
            for (name, step) in steps + parts {
                let result = try await InterleavedRatio.measure(
                    rounds: rounds, batch: count(1000), baseline: { n in rsRaw.loop(n) }, subject: step)
                report.add(
                    "RS256 \(name) vs raw",
                    "\(fixed(result.median, 3)) of raw (min \(fixed(result.spread.0, 3)), max \(fixed(result.spread.1, 3)))"
                )
            }
        }

        // 1b. The same verifications from a package outside Gatehouse, against a C program (issue 20).
        if settings.runs("outside") {
            print("\n== From a package outside, against a C program ==")
            try outside(settings: settings, report: &report)
        }

        // 2. Heap allocations per verification, counted by the interposed malloc (Benchmarks/AllocationCounter).
        if settings.runs("allocations") {
            print("\n== Heap allocations per verification ==")
            if await Memory.counterIsInterposed() {
                let n = 1000
                let appleAllocations = try await Memory.allocations {
                    for _ in 0..<n {
                        blackHole(try await apple.verify(fixtures.rs256.token, nonce: .insecureNotChecked))
                    }
                }
                let plainAllocations = try await Memory.allocations {
                    for _ in 0..<n { blackHole(try verifier.verify(fixtures.rs256.token, now: now)) }
                }
                let rawAllocations = await Memory.allocations { rsRaw.loop(n) }
                report.add(
                    "Heap allocations per RS256 verification",
                    "Apple verifier \(fixed(Double(appleAllocations) / Double(n), 1)), JWTVerifier "
                        + "\(fixed(Double(plainAllocations) / Double(n), 1)), raw OpenSSL baseline "
                        + "\(fixed(Double(rawAllocations) / Double(n), 1))",
                    short: "\(fixed(Double(appleAllocations) / Double(n), 0)) allocs")
            } else {
                report.add("Heap allocations per RS256 verification", "not counted: malloc is not interposed")
            }
        }

        // 3. Scaling: all cores at once against one.
        if settings.runs("scaling") {
            print("\n== Scaling ==")
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let perTask = count(3000)
            var scaling: [Double] = []
            var cpuCost: [Double] = []
            var parallelism: [Double] = []
            for round in 0..<(settings.quick ? 3 : 9) {
                var one = (wall: 0.0, cpu: 0.0)
                var all = (wall: 0.0, cpu: 0.0)
                if round % 2 == 0 {
                    one = try await parallelTime(tasks: 1, each: perTask, apple: apple, token: fixtures.rs256.token)
                    all = try await parallelTime(tasks: cores, each: perTask, apple: apple, token: fixtures.rs256.token)
                } else {
                    all = try await parallelTime(tasks: cores, each: perTask, apple: apple, token: fixtures.rs256.token)
                    one = try await parallelTime(tasks: 1, each: perTask, apple: apple, token: fixtures.rs256.token)
                }
                scaling.append(Double(cores) * one.wall / all.wall)
                // CPU per verification on all cores against one: above 1 means contention inside the process.
                cpuCost.append(all.cpu / Double(cores) / one.cpu)
                parallelism.append(all.cpu / all.wall)
            }
            let speedup = medianOf(scaling)
            report.add(
                "RS256 on \(cores) cores vs 1 core",
                "\(fixed(speedup, 2))× (min \(fixed(scaling.min()!, 2)), max \(fixed(scaling.max()!, 2)); the machine gave "
                    + "\(fixed(medianOf(parallelism), 2)) cores on median; CPU per verification \(fixed(medianOf(cpuCost), 3))× "
                    + "that of one core)",
                target: "≥ \(fixed(0.9 * Double(cores), 1))×", met: speedup >= 0.9 * Double(cores),
                short: "\(cores) cores \(fixed(speedup, 2))×")
        }

        // 4. Resident memory after 1,000,000 verifications against after 10,000.
        if settings.runs("memory") {
            print("\n== Resident memory ==")
            let total = settings.quick ? 100_000 : 1_000_000
            for _ in 0..<10_000 { blackHole(try await apple.verify(fixtures.rs256.token, nonce: .insecureNotChecked)) }
            let early = Memory.residentBytes()
            let started = Clock.now()
            for _ in 10_000..<total {
                blackHole(try await apple.verify(fixtures.rs256.token, nonce: .insecureNotChecked))
            }
            let elapsed = Clock.now() - started
            let late = Memory.residentBytes()
            let growth = 100 * Double(late - early) / Double(early)
            report.add(
                "RSS after \(total) vs 10000 verifications",
                "\(fixed(growth, 2))% (\(early / 1024) KiB -> \(late / 1024) KiB; \(Int(Double(total - 10_000) / elapsed))/s)",
                target: "< 1%", met: growth < 1, short: "RSS \(fixed(growth, 2))%")
        }

        // 5. Whole processes.
        if settings.runs("processes") || settings.runs("peers") {
            try writeFiles(settings: settings, fixtures: fixtures)
        }
        if settings.runs("processes") {
            print("\n== Whole processes ==")
            try await processes(settings: settings, fixtures: fixtures, report: &report)
        }

        // 6. Start-up: jwtcheck token against jose jws ver, whole processes on the sample token and key set.
        if settings.runs("startup") {
            print("\n== Start-up ==")
            try startUp(settings: settings, report: &report)
        }

        // 7. PyJWT in its own process, same token and key set.
        if settings.runs("peers") {
            print("\n== Peers ==")
            try await peers(settings: settings, fixtures: fixtures, apple: apple, report: &report)
        }

        // 8. A review sync pass over a fake team of 50 apps with nothing changed: requests per app, time per pass.
        if settings.runs("sync") {
            print("\n== review sync ==")
            try await sync(settings: settings, report: &report)
        }

        // 9. review serve: signed deliveries from 16 concurrent clients, and a flood of unsigned requests; then a
        // stored webhook's way to a notification channel (also alone: --only webhook-latency).
        if settings.runs("webhooks") || settings.sections.contains("webhook-latency") {
            print("\n== review serve ==")
            if settings.runs("webhooks") { try webhooks(settings: settings, report: &report) }
            try webhookToChannel(settings: settings, report: &report)
        }

        // 10. The PostgreSQL store on loopback against SQLite: review log latency, review stats over 500,000 events.
        if settings.runs("postgresql") {
            print("\n== PostgreSQL ==")
            try postgreSQL(settings: settings, report: &report)
        }

        if settings.runs("appstore") {
            try await appStore(settings: settings, report: &report)
        }

        // 11. The App Store outputs over 100,000 generated cycles against their committed hashes (issue 24).
        if settings.runs("baseline") {
            print("\n== App Store output baseline ==")
            try baseline(settings: settings, report: &report)
        }

        print("\n" + report.table())
        print(report.summary())
        for failure in report.failures { print(failure) }
        if !report.failures.isEmpty { exit(1) }
    }

    static func raw(_ signed: Fixtures.Signed) -> RawBaseline {
        let scheme: RawVerifier.Scheme
        switch signed.algorithm {
        case .ps256: scheme = .rsaPSSSHA256
        case .es256: scheme = .ecdsaSHA256
        case .edDSA: scheme = .ed25519
        default: scheme = .rsaPKCS1SHA256
        }
        return RawBaseline(
            verifier: RawVerifier(spki: signed.publicKey.derRepresentation, scheme: scheme),
            signature: signed.opensslSignature, message: signed.signingInput)
    }

    static func perSecond(_ seconds: [Double], _ batch: Int) -> String {
        String(Int(Double(batch) / medianOf(seconds)))
    }

    /// Wall seconds for `tasks` concurrent tasks each verifying `each` tokens, and the CPU seconds the tasks used.
    static func parallelTime(tasks: Int, each: Int, apple: AppleIdentityTokenVerifier, token: String) async throws
        -> (wall: Double, cpu: Double)
    {
        var cpu = 0.0
        let wall = try await Clock.time {
            cpu = try await withThrowingTaskGroup(of: Double.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        // The loop never suspends, so it stays on one thread and its CPU clock.
                        try await Clock.threadCPUTime {
                            for _ in 0..<each { blackHole(try await apple.verify(token, nonce: .insecureNotChecked)) }
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        return (wall, cpu)
    }
}

/// The raw baseline bound to one signature and message.
struct RawBaseline {
    let verifier: RawVerifier
    let signature: [UInt8]
    let message: [UInt8]

    func verifyOnce() -> Bool {
        signature.withUnsafeBytes { s in message.withUnsafeBytes { m in verifier.verify(s, m) } }
    }

    func loop(_ n: Int) {
        signature.withUnsafeBytes { s in
            message.withUnsafeBytes { m in
                for _ in 0..<n {
                    guard verifier.verify(s, m) else { fatalError("raw baseline refused a valid signature") }
                }
            }
        }
    }
}

try await Bench.main()
