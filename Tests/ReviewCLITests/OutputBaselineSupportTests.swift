import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

/// The App Store output baseline's parts (issue 24): the generated history is what it says and the same for a seed,
/// and the hash file is read, compared and refused as `OutputBaseline` says.
@Suite("App Store output baseline: the generated history and the hash file")
struct OutputBaselineSupportTests {
    @Test("a seed gives the same text; another seed another; the cycles, the open ones and the events add up")
    func generatedHistory() throws {
        let history = GeneratedReviewHistory(cycles: 300)
        #expect(history.csv == GeneratedReviewHistory(cycles: 300).csv)
        #expect(history.csv != GeneratedReviewHistory(cycles: 300, seed: 1).csv)
        let events = try EventInterchange.events(from: Array(history.csv.utf8), format: .csv, name: "generated.csv")
        #expect(events.count == history.events && history.events == history.rows.count)
        #expect(events.count { $0.state == .waitingForReview } == 300 && history.cycles == 300)
        #expect(history.openCycles == 2)
        #expect(events.allSatisfy { $0.at.secondsSince1970 < history.now })
        #expect(events.contains { $0.timing.isObserved } && events.contains { $0.note?.contains("\n") == true })
        #expect(events.contains { $0.note == "'tis the season" } && events.contains { $0.app.name == "Prism, Pro" })
        #expect(Set(events.map(\.platform)).count >= 3)
    }

    @Test("every entry into Waiting for Review starts a cycle of its own (no two tracks share an app and platform)")
    func everyCycleCounts() throws {
        // 11,000 cycles make 55 apps: app 52 is the first whose first platform is macOS with a second one.
        let history = GeneratedReviewHistory(cycles: 11_000)
        let events = try EventInterchange.events(from: Array(history.csv.utf8), format: .csv, name: "generated.csv")
        let numbered = events.enumerated().map { index, event in
            var event = event
            event.id = Int64(index + 1)
            return event
        }
        let timelines = VersionTimeline.timelines(of: numbered, now: Timestamp(secondsSince1970: history.now))
        #expect(timelines.reduce(0) { $0 + $1.cycles.count { $0.start != nil } } == 11_000)
        #expect(timelines.count { $0.isOpen } == history.openCycles)
    }

    @Test("the parts of a large history hold every row once, in order, each part under the limit")
    func parts() throws {
        let history = GeneratedReviewHistory(cycles: 500)
        let parts = history.csvParts(maximumBytes: 20_000)
        #expect(parts.count > 1 && parts.allSatisfy { $0.utf8.count <= 20_000 })
        #expect(parts.allSatisfy { $0.hasPrefix(GeneratedReviewHistory.header + "\n") })
        let header = GeneratedReviewHistory.header.count + 1
        #expect(
            GeneratedReviewHistory.header + "\n" + parts.map { String($0.dropFirst(header)) }.joined() == history.csv)
    }

    @Test("changed, new and gone outputs are mismatches; a line that is not <hash>  <name> is refused")
    func hashFile() throws {
        let directory = try TemporaryDirectory()
        let baseline = OutputBaseline(file: directory.file("b.sha256"))
        #expect(try baseline.entries().isEmpty)
        let a = OutputBaseline.Entry(name: "stats --json", sha256: String(repeating: "a", count: 64))
        let b = OutputBaseline.Entry(name: "status", sha256: String(repeating: "b", count: 64))
        try baseline.write([a, b])
        #expect(
            try String(contentsOf: baseline.file, encoding: .utf8) == "\(a.sha256)  stats --json\n\(b.sha256)  status\n"
        )
        #expect(try baseline.entries() == [a, b] && baseline.mismatches([a, b]).isEmpty)
        var changed = b
        changed.sha256 = String(repeating: "c", count: 64)
        let new = OutputBaseline.Entry(name: "export", sha256: a.sha256)
        #expect(
            try baseline.mismatches([changed, new]) == [
                .init(name: "status", expected: b.sha256, actual: changed.sha256),
                .init(name: "export", expected: nil, actual: a.sha256),
                .init(name: "stats --json", expected: a.sha256, actual: nil),
            ])
        try Data("\(String(repeating: "A", count: 64))  stats\n".utf8).write(to: baseline.file)
        #expect(throws: (any Error).self) { try baseline.entries() }
        #expect(OutputBaseline.outputFileName(for: "timeline 'Say \"Hi\"' --all") == "timeline_Say_Hi_--all")
    }
}
