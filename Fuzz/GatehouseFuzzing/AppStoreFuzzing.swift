import AppStoreServer
import Dispatch
import Foundation
import GatehouseCore
import JWT

/// The App Store signed data target: `AppStoreSignedDataVerifier.explain` (offline), and the unverified decoding
/// `jwtcheck appstore decode` shows, on a token made from the input.
/// The first byte picks the mode: even, the rest is the token text (the seeds are data of each kind signed by a
/// throwaway PKI whose root the verifier trusts, so the chain, extension, signature and payload checks are all
/// reached); odd, the rest is DER certificates separated by `FF FE "X5C" FE FF`, put in an `x5c` header over a
/// fixed payload with a signature that cannot verify. Invariants: nothing verifies but through a path of three
/// certificates ending at the trusted root with a decoded payload; the x5c mode never verifies; every report's error
/// has a reason.
package enum AppStoreFuzzing {
    /// The throwaway root the seeds chain to (Fuzz/Corpus/appstore; its key was discarded). SHA-256
    /// 6cc7f0f3105a4eb5add760c81a733a5b6bf64e79e9014087765c6ea30d8e00ba.
    private static let rootDER =
        "MIIBrTCCAVOgAwIBAgIBATAKBggqhkjOPQQDAjA9MR8wHQYDVQQDDBZHYXRlaG91c2UgRnV6emluZyBSb290MRowGAYDVQQKDBFHYXRlaG91c2UgRnV6emluZzAgFw0yMDAxMDEwMDAwMDBaGA8yMDk5MDEwMTAwMDAwMFowPTEfMB0GA1UEAwwWR2F0ZWhvdXNlIEZ1enppbmcgUm9vdDEaMBgGA1UECgwRR2F0ZWhvdXNlIEZ1enppbmcwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAREX7lmbLd1xKsZDPXunsvKawM5oBoUyHCpmyG2YqsP4E0Fio6SsLGwjcjlir4iPGGyObE+vS4XqbEsWJm76ZCuo0IwQDAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIBBjAdBgNVHQ4EFgQUM076RUnpLu0pg0BomzNd+M+13zkwCgYIKoZIzj0EAwIDSAAwRQIgHsyiOCiz3nbLqjqnXoycCFCFR7Y60F34/Q9qNxEOomMCIQDrsaoa48c9n3dZqsmVtDHGB9dVtVsslUZl947HLFdryg=="

    private static let separator: [UInt8] = [0xFF, 0xFE, 0x58, 0x35, 0x43, 0xFE, 0xFF]

    /// Built once per process; a failure is a defect of the harness.
    private static let verifier: AppStoreSignedDataVerifier = {
        do {
            guard let der = Data(base64Encoded: rootDER) else { fatalError("appstore fuzz root: not base64") }
            return try AppStoreSignedDataVerifier(
                bundleID: "com.example.fuzz", environment: .sandbox,
                roots: [try AppStoreRootCertificate(derRepresentation: Array(der))],
                clock: .fixed(Date(timeIntervalSince1970: 1_717_200_000)))
        } catch { fatalError("appstore fuzz verifier: \(error)") }
    }()

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let mode = input.first else { return }
        let rest = Array(input.dropFirst())
        if mode & 1 == 0 {
            let token = String(decoding: rest, as: UTF8.self)
            // The unverified view `jwtcheck appstore decode` shows: every payload member of every kind is read.
            _ = try? UnverifiedSignedData(decoding: token)
            let report = explain(token)
            if report.isVerified {
                guard report.chain.count == 3, report.chain.last?.role == .root,
                    report.chain.last?.subject.contains("Gatehouse Fuzzing Root") == true, report.payload != nil
                else { fatalError("appstore: verified without a path to the trusted root and a payload") }
            }
            check(report)
        } else {
            let certificates = split(rest).map { "\"" + Data($0).base64EncodedString() + "\"" }.joined(separator: ",")
            let header = Base64URL.encode(Array("{\"alg\":\"ES256\",\"x5c\":[\(certificates)]}".utf8))
            let payload = Base64URL.encode(Array("{\"transactionId\":\"1\",\"signedDate\":1717200000000}".utf8))
            let report = explain(header + "." + payload + "." + Base64URL.encode([UInt8](repeating: 7, count: 64)))
            guard !report.isVerified else { fatalError("appstore: a signature of sevens verified") }
            check(report)
        }
    }

    /// Whether an input of the token mode verifies (the seeds must, to reach every check).
    package static func verifies(_ input: [UInt8]) -> Bool {
        guard let mode = input.first, mode & 1 == 0 else { return false }
        return explain(String(decoding: input.dropFirst(), as: UTF8.self)).isVerified
    }

    /// Every error names its cause.
    private static func check(_ report: AppStoreVerificationReport) {
        if let error = report.error, error.reason.isEmpty { fatalError("appstore: \(error.code) without a reason") }
        for nested in report.nested { check(nested.report) }
    }

    /// The async verifier, waited for on this (libFuzzer's) thread, which is not one of the concurrency pool's. Never
    /// call it from a task: a pool thread blocked here may be the one the verification needs.
    private static func explain(_ token: String) -> AppStoreVerificationReport {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: AppStoreVerificationReport?
        Task {
            result = await verifier.explain(token)
            done.signal()
        }
        done.wait()
        guard let result else { fatalError("appstore: no report") }
        return result
    }

    /// The input's parts between separators.
    private static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + separator.count <= bytes.count, Array(bytes[index..<index + separator.count]) == separator {
                parts.append(current)
                current = []
                index += separator.count
            } else {
                current.append(bytes[index])
                index += 1
            }
        }
        parts.append(current)
        return parts
    }
}
