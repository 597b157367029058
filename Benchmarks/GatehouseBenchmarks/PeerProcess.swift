import Foundation

/// A peer in its own process (a Python script that measures its own loop in CPU time and prints
/// "<version> <count> <CPU seconds>") against our in-process loop, also in CPU time, alternating for a second each.
struct PeerProcess {
    /// The peer's version and the medians: our throughput over theirs, ours and theirs per second.
    struct Outcome {
        var version: String
        var ratio: Double
        var ours: Double
        var theirs: Double
    }

    /// The command line of the peer.
    let arguments: [String]
    /// Where its output is written.
    let output: String

    /// Runs `rounds` alternating rounds.
    /// - Parameter ours: one of our operations.
    /// - Throws: `Processes.Failure` when the peer fails or prints something else.
    func compare(rounds: Int, ours: () async throws -> Void) async throws -> Outcome {
        var version = "?"
        var ratios: [Double] = []
        var theirs: [Double] = []
        var oursRates: [Double] = []
        for round in 0..<rounds {
            var peerRate = 0.0
            var ourRate = 0.0
            func runPeer() throws {
                let status = try Processes.run(arguments, stdoutPath: output)
                guard status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
                    throw Processes.Failure(description: "the peer \(arguments[1]) failed (status \(status))")
                }
                let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
                guard fields.count == 3, let count = Double(fields[1]), let seconds = Double(fields[2]) else {
                    throw Processes.Failure(description: "the peer \(arguments[1]) printed \(text)")
                }
                version = String(fields[0])
                peerRate = count / seconds
            }
            func runOurs() async throws {
                // Thread CPU time, as the peer's process_time: the loop never suspends, so it stays on one thread.
                var count = 0
                let start = Clock.threadCPUNow()
                var elapsed = 0.0
                repeat {
                    for _ in 0..<100 { try await ours() }
                    count += 100
                    elapsed = Clock.threadCPUNow() - start
                } while elapsed < 1
                ourRate = Double(count) / elapsed
            }
            if round % 2 == 0 {
                try runPeer()
                try await runOurs()
            } else {
                try await runOurs()
                try runPeer()
            }
            ratios.append(ourRate / peerRate)
            theirs.append(peerRate)
            oursRates.append(ourRate)
        }
        return Outcome(
            version: version, ratio: medianOf(ratios), ours: medianOf(oursRates), theirs: medianOf(theirs))
    }
}
