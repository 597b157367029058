import Foundation
import GatehouseFuzzing
import GatehouseTesting
import Testing

/// Every fuzz target over its seed corpus (`Fuzz/Corpus/<target>/`) and its past findings
/// (`Fuzz/Regressions/<target>/`): the inputs that once crashed must now run to the end in the normal build.
@Suite("Fuzz corpora replay without a crash")
struct CorpusReplayTests {
    static let fuzzDirectory = SharedResources.packageRoot.appendingPathComponent("Fuzz")

    @Test("the seed corpus of each target is present and replays", arguments: FuzzTarget.allCases)
    func seeds(target: FuzzTarget) async throws {
        let folder = Self.fuzzDirectory.appendingPathComponent("Corpus/\(target.rawValue)").path
        let count = try await Self.offThePool { try FuzzReplay.run(target, paths: [folder]) }
        #expect(count >= 3, "Fuzz/Corpus/\(target.rawValue) holds \(count) seeds; a target needs a few to start from")
    }

    @Test("every past finding replays without a crash", arguments: FuzzTarget.allCases)
    func regressions(target: FuzzTarget) async throws {
        let folder = Self.fuzzDirectory.appendingPathComponent("Regressions/\(target.rawValue)").path
        guard FileManager.default.fileExists(atPath: folder) else { return }
        let count = try await Self.offThePool { try FuzzReplay.run(target, paths: [folder]) }
        #expect(count > 0, "Fuzz/Regressions/\(target.rawValue) exists but holds no inputs")
    }

    @Test("the appstore seeds of each kind verify, so the fuzzer starts past the chain and signature checks")
    func appStoreSeedsVerify() async throws {
        let folder = Self.fuzzDirectory.appendingPathComponent("Corpus/appstore")
        for name in ["transaction", "renewal", "app-transaction", "notification"] {
            let input = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(
                try await Self.offThePool { AppStoreFuzzing.verifies(input) },
                "Fuzz/Corpus/appstore/\(name) does not verify")
        }
    }

    /// Runs a target on a thread of its own: a target may block its thread until a task of the concurrency pool
    /// finishes (the appstore target waits for the async verifier, as libFuzzer's thread does), which would deadlock
    /// if every thread of the pool were a test's, blocked so.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    @Test("a missing corpus path is an error, not zero inputs")
    func missingPath() {
        #expect(throws: CocoaError.self) {
            try FuzzReplay.run(.jws, paths: ["/nonexistent/gatehouse-fuzz-corpus"])
        }
    }
}
