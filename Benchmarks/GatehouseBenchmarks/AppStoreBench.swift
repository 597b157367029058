import AppStoreServer
import Foundation
import JWT

extension Bench {
    /// The genuine signed transaction the App Store rows verify (Sandbox, leaf expired since, verified at its
    /// signedDate), from the shared fixtures, and the data its checks need.
    static let appStoreFixture = "gopay-subscription-transaction-sandbox-2022-11.jws"
    static let appStoreBundleID = "Com.VoiceRecording.Telephone"

    /// App Store signed data: a signed transaction verified offline with a warm chain cache, against raw OpenSSL
    /// (one ES256 verification plus the chain's `X509_verify_cert`; and one ES256 verification alone), and against
    /// Apple's Python library on the same data and root.
    static func appStore(settings: Settings, report: inout Report) async throws {
        let directory = settings.appStoreFixtures
        guard
            let signed = try? String(contentsOfFile: "\(directory)/\(appStoreFixture)", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        else {
            report.add("App Store signed data", "skipped: \(directory)/\(appStoreFixture) is absent")
            return
        }
        print("\n== App Store signed data: a genuine signed transaction, offline, warm chain cache ==")
        let verifier = try AppStoreSignedDataVerifier(bundleID: appStoreBundleID, environment: .sandbox)
        _ = try await verifier.verifyTransaction(signed)
        var tampered = Array(signed.utf8)
        tampered[tampered.count - 8] =
            tampered[tampered.count - 8] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let refused = await verifier.explain(String(decoding: tampered, as: UTF8.self)).error != nil
        precondition(refused, "a tampered App Store transaction verified")

        // The raw side: the leaf key, the signature in DER, the certificates, all prepared once.
        let parts = signed.split(separator: ".")
        let header = try UnverifiedJWT.inspect(signed).header
        let x5c = header.raw["x5c"]!.arrayValue!.map { Array(Data(base64Encoded: $0.stringValue!)!) }
        let leafKey = try X509Certificate(der: x5c[0]).subjectPublicKeyInfo!
        let es256 = RawBaseline(
            verifier: RawVerifier(spki: leafKey, scheme: .ecdsaSHA256),
            signature: RawVerifier.derECDSA(raw: try Base64URL.decode(parts[2], segment: "signature")),
            message: Array("\(parts[0]).\(parts[1])".utf8))
        precondition(es256.verifyOnce(), "raw ES256 refused the genuine transaction")
        let chain = RawAppStoreChain(
            leaf: x5c[0], intermediate: x5c[1], root: AppStoreRootCertificate.appleRootCAG3.derRepresentation)
        precondition(chain.verify(), "raw X509_verify_cert refused the genuine chain")

        let rounds = settings.quick ? 9 : 41
        let batch = settings.quick ? 50 : 500
        let withChain = try await InterleavedRatio.measure(
            rounds: rounds, batch: batch,
            baseline: { n in
                for _ in 0..<n {
                    guard chain.verify() else { fatalError("raw chain refused") }
                    es256.loop(1)
                }
            },
            subject: { n in for _ in 0..<n { blackHole(try await verifier.verifyTransaction(signed)) } })
        report.add(
            "App Store transaction, offline, warm cache, vs raw ES256 + chain",
            "\(fixed(withChain.median, 2)) of raw (min \(fixed(withChain.spread.0, 2)), max "
                + "\(fixed(withChain.spread.1, 2)); raw \(perSecond(withChain.baselineSeconds, batch))/s)",
            target: "≥ 0.9", met: withChain.median >= 0.9, short: "App Store \(fixed(withChain.median, 2))")
        let signatureOnly = try await InterleavedRatio.measure(
            rounds: rounds, batch: batch, baseline: { n in es256.loop(n) },
            subject: { n in for _ in 0..<n { blackHole(try await verifier.verifyTransaction(signed)) } })
        report.add(
            "App Store transaction, offline, warm cache, vs raw ES256 alone",
            "\(fixed(signatureOnly.median, 3)) of raw ES256 (raw \(perSecond(signatureOnly.baselineSeconds, batch))/s)")

        guard let python = Processes.which(settings.python), let folder = settings.appStorePythonDependencies else {
            report.add("App Store vs Apple's Python library", "skipped: app-store-server-library is not installed")
            return
        }
        setenv("PYTHONPATH", folder, 1)
        defer { unsetenv("PYTHONPATH") }
        let arguments = [
            python, "\(settings.peersDirectory)/appstore_verify.py", "--signed", "\(directory)/\(appStoreFixture)",
            "--root", "\(directory)/AppleRootCA-G3.cer", "--bundle-id", appStoreBundleID, "--environment", "Sandbox",
            "--seconds", "1",
        ]
        do {
            let outcome = try await PeerProcess(arguments: arguments, output: "\(settings.workDirectory)/appstore.out")
                .compare(
                    rounds: settings.quick ? 3 : 5, ours: { blackHole(try await verifier.verifyTransaction(signed)) })
            report.add(
                "App Store transaction vs app-store-server-library \(outcome.version) (Python, same data and root)",
                "\(fixed(outcome.ratio, 1))× its throughput (\(Int(outcome.ours))/s vs \(Int(outcome.theirs))/s, CPU time)",
                target: "≥ 10×", met: outcome.ratio >= 10, short: "\(fixed(outcome.ratio, 1))× Apple's Python")
        } catch {
            report.add("App Store vs Apple's Python library", "skipped: \(error)")
        }
    }
}
