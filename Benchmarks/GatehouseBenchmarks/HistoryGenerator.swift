import Foundation
import GatehouseCore
import GatehouseTesting

/// Writes a synthetic App Review history in `review import`'s CSV form: 100 apps on two platforms, each version
/// one submission cycle (prepare, waiting, in review, then released, or rejected in one cycle of seven).
enum HistoryGenerator {
    /// Writes whole cycles until they make at least `events` events, and returns the cycles and events written. A
    /// cycle is 5 events, 4 when rejected (one in seven): the first try is `events` / (34 / 7) cycles, and each
    /// further try adds cycles for the events still missing.
    static func write(atLeast events: Int, to path: String) throws -> (cycles: Int, events: Int) {
        var cycles = Int((Double(events) * 7 / 34).rounded(.up))
        while true {
            let written = try write(cycles: cycles, to: path)
            if written >= events { return (cycles, written) }
            cycles += (events - written) / 4 + 1
        }
    }

    /// Writes `cycles` cycles and returns the number of events written.
    static func write(cycles: Int, to path: String) throws -> Int {
        var generator = SplitMix64(seed: 20_261_129)
        var text = "app,bundle_id,platform,version,build,state,at,note\n"
        text.reserveCapacity(cycles * 5 * 80)
        var events = 0
        let apps = 100
        let perApp = (cycles + apps - 1) / apps
        var written = 0
        outer: for app in 0..<apps {
            let name = "App \(app)"
            let bundle = "com.example.app\(app)"
            let platform = app % 2 == 0 ? "iOS" : "macOS"
            var at = 1_577_836_800 + Int(generator.next() % 86_400)
            for version in 0..<perApp {
                if written == cycles { break outer }
                written += 1
                let versionName = "\(version / 10 + 1).\(version % 10)"
                func add(_ state: String, _ note: String = "") {
                    text += "\(name),\(bundle),\(platform),\(versionName),\(100 + version),\(state),"
                    text += CivilTime.iso8601(Int64(at)) + ",\(note)\n"
                    events += 1
                }
                add("PREPARE_FOR_SUBMISSION")
                at += 3_600 + Int(generator.next() % 86_400)
                add("WAITING_FOR_REVIEW")
                at += 1_800 + Int(generator.next() % 172_800)
                add("IN_REVIEW")
                at += 600 + Int(generator.next() % 21_600)
                if generator.next() % 7 == 0 {
                    add("REJECTED", "Guideline 2.1")
                } else {
                    add("PENDING_DEVELOPER_RELEASE")
                    at += 600 + Int(generator.next() % 86_400)
                    add("READY_FOR_DISTRIBUTION")
                }
                at += 86_400 + Int(generator.next() % 1_209_600)
            }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return events
    }
}
