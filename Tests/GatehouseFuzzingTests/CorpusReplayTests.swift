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
    func seeds(target: FuzzTarget) throws {
        let folder = Self.fuzzDirectory.appendingPathComponent("Corpus/\(target.rawValue)").path
        let count = try FuzzReplay.run(target, paths: [folder])
        #expect(count >= 3, "Fuzz/Corpus/\(target.rawValue) holds \(count) seeds; a target needs a few to start from")
    }

    @Test("every past finding replays without a crash", arguments: FuzzTarget.allCases)
    func regressions(target: FuzzTarget) throws {
        let folder = Self.fuzzDirectory.appendingPathComponent("Regressions/\(target.rawValue)").path
        guard FileManager.default.fileExists(atPath: folder) else { return }
        let count = try FuzzReplay.run(target, paths: [folder])
        #expect(count > 0, "Fuzz/Regressions/\(target.rawValue) exists but holds no inputs")
    }

    @Test("a missing corpus path is an error, not zero inputs")
    func missingPath() {
        #expect(throws: CocoaError.self) {
            try FuzzReplay.run(.jws, paths: ["/nonexistent/gatehouse-fuzz-corpus"])
        }
    }
}
