import GatehouseCore
import GatehouseTesting

/// A synthetic App Review history, the same on every machine: `cycles` submission cycles (a cycle is an entry into
/// Waiting for Review) over several apps, each on one to three platforms, written in `review import`'s CSV form (the
/// columns `review export` writes, without `id`: the store numbers the events in file order).
///
/// Drawn from a `SplitMix64` seeded with `seed`, never from the system's random source, and built from integer
/// arithmetic only, so the text depends on `cycles` and `seed` alone. Its shape, per app and platform, one version
/// after another, the apps interleaved in time (the next version is always the app and platform whose clock is
/// earliest):
/// - versions that start in Prepare for Submission (most), some through Waiting for Export Compliance or Ready for
///   Review, some without a build;
/// - waits and reviews from minutes to ten days (a heavy tail, so percentiles, the 24 and 48 hour shares and the
///   expedite advice all have something to say);
/// - rejections (Rejected, Metadata Rejected, Invalid Binary) with a note, most resubmitted with the next build,
///   some abandoned; withdrawals (Developer Rejected) while waiting and in review, most resubmitted;
/// - releases through Pending Developer Release, Pending Apple Release or Processing for Distribution to Ready for
///   Distribution, the previous live version sometimes Replaced with New Version, a few removed from sale;
/// - events observed by a poll (`source` sync, `timing` observed, with or without `observed_after`) carrying App
///   Store Connect ids, and manual ones; some times written with an offset other than UTC;
/// - notes with commas, double quotes, a line break, non-ASCII text, and cells a spreadsheet would run as a formula
///   (written with the leading `'` that export adds and import removes);
/// - the last cycles open (no decision yet), each the last of its app and platform, waiting or in review at `now`.
///
/// `review stats`, `timeline`, `status` and `export` over it are the App Store output baseline (issue 24): the
/// test suite hashes them over 2,000 cycles, the benchmarks over 100,000 (`make bench`). Changing anything here
/// changes those hashes.
public struct GeneratedReviewHistory: Sendable {
    /// An app of the history.
    public struct GeneratedApp: Sendable, Hashable {
        /// The name (some hold a comma, a double quote or non-ASCII letters).
        public var name: String
        /// The bundle ID.
        public var bundleID: String
        /// Its platforms, as `review` spells them (`iOS`, `macOS`, ...), in the order they were first used.
        public var platforms: [String]
    }

    /// The CSV header row, without its line break.
    public static let header =
        "app,bundle_id,app_store_id,platform,version,build,state,at,note,source,timing,observed_after,asc_version_id,"
        + "asc_submission_id"

    /// The submission cycles written (entries into Waiting for Review).
    public let cycles: Int
    /// The events written.
    public let events: Int
    /// The cycles left open at the end.
    public let openCycles: Int
    /// The apps, in the order they were made (`Tideline` first).
    public let apps: [GeneratedApp]
    /// The time to run the reading commands at: a few hours after the last event, in Unix seconds.
    public let now: Int64
    /// The calendar year (UTC) holding the middle of the history, for a `--since Y --until Y` window.
    public let middleYear: Int64
    /// The data rows, each ending in a line feed (a note's line break is inside a quoted cell).
    public let rows: [String]

    /// `now` in ISO 8601 (UTC).
    public var nowISO8601: String { CivilTime.iso8601(now) }

    /// The whole import file: the header and every row.
    public var csv: String { Self.header + "\n" + rows.joined() }

    /// The history as several import files, each the header and as many whole rows as fit in `maximumBytes` (a row
    /// never splits): `review import` reads at most 64 MiB a file, and 100,000 cycles are more. Importing them in
    /// order gives the events the same ids as importing `csv`.
    /// - Parameter maximumBytes: the largest file.
    /// - Returns: the files' texts.
    public func csvParts(maximumBytes: Int) -> [String] {
        var parts: [String] = []
        var current = Self.header + "\n"
        let empty = current.utf8.count
        var size = empty
        for row in rows {
            let bytes = row.utf8.count
            if size + bytes > maximumBytes, size > empty {
                parts.append(current)
                current = Self.header + "\n"
                size = empty
            }
            current += row
            size += bytes
        }
        parts.append(current)
        return parts
    }

    /// Generates the history.
    /// - Parameters:
    ///   - cycles: how many submission cycles (at least 1).
    ///   - seed: the generator's seed; the baselines use the default.
    public init(cycles: Int, seed: UInt64 = 20_260_124) {
        precondition(cycles >= 1, "a history needs at least one cycle")
        var writer = Writer(seed: seed, cycles: cycles)
        writer.run()
        self.cycles = writer.cyclesWritten
        self.events = writer.rows.count
        self.openCycles = writer.openWritten
        self.rows = writer.rows
        self.apps = writer.apps.map { GeneratedApp(name: $0.name, bundleID: $0.bundleID, platforms: $0.platformsUsed) }
        self.now = writer.latest + 3 * 3_600 + 1_234
        self.middleYear = CivilTime.date(fromDays: CivilTime.split((writer.earliest + writer.latest) / 2).days).year
    }
}

// MARK: - The writer

extension GeneratedReviewHistory {
    fileprivate struct AppDraft {
        var name: String
        var bundleID: String
        var appStoreID: String
        var platformsUsed: [String] = []
    }

    /// One app on one platform: its clock and its version and build counters.
    fileprivate struct Track {
        var app: Int
        var platform: String
        var clock: Int64
        var major = 1
        var minor = 0
        var patch = 0
        var build: Int
        var live: String?
        var closed = false
    }

    fileprivate struct Writer {
        var random: SplitMix64
        let target: Int
        let openTarget: Int
        var apps: [AppDraft] = []
        var tracks: [Track] = []
        var rows: [String] = []
        var cyclesWritten = 0
        var openWritten = 0
        var earliest = Int64.max
        var latest = Int64.min

        static let start: Int64 = 1_546_300_800  // 2019-01-01T00:00:00Z
        static let names = [
            "Tideline", "Kanji Garden", "Loop Timer", "Prism, Pro", "Say \"Hi\"", "Café Menü", "Fokus", "Lumen",
            "Northwind", "Orbit Notes", "Pebble Budget", "Quill",
        ]
        static let platforms = ["iOS", "macOS", "tvOS", "visionOS", "watchOS"]
        static let rejectionNotes = [
            "Guideline 2.1 - Performance: App Completeness", "Guideline 4.3(a) - Design: Spam",
            "Guideline 5.1.1 - Legal: Privacy, \"Data Collection\"", "Guideline 2.3.3, screenshots; resubmit",
        ]
        /// Notes as the CSV cells that hold them: quoted where a comma, a quote or a line break needs it, and with
        /// export's leading `'` where a spreadsheet would run the value (import removes it).
        static let noteCells = [
            "found a crash; withdrawn", "\"asked \"\"why\"\"; no answer yet\"", "\"waited, then waited, then waited\"",
            "\"line one\nline two\"", "\"'=HYPERLINK(\"\"http://example.com\"\")\"", "'+1 from QA", "'- hotfix for 1.2",
            "''tis the season", "Überprüfung läuft — 審査中", "expedite requested",
            "\"reviewer: \"\"works, but\"\", called back\"",
        ]

        init(seed: UInt64, cycles: Int) {
            random = SplitMix64(seed: seed)
            target = cycles
            let appCount = max(8, cycles / 200)
            var openable = 0
            for index in 0..<appCount {
                let base = Self.names[index % Self.names.count]
                let round = index / Self.names.count
                let name = round == 0 ? base : "\(base) \(round + 1)"
                let slug = String(base.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) })
                let appStoreID = index % 3 == 2 ? "" : String(1_400_000_000 + index * 7_919)
                apps.append(AppDraft(name: name, bundleID: "com.example.\(slug)\(index)", appStoreID: appStoreID))
                // iOS first for most apps; one in four on a second platform, one in eight on a third.
                var platforms = [index % 7 == 3 ? "macOS" : "iOS"]
                if index % 4 == 0 {
                    platforms.append(index % 8 == 0 ? "watchOS" : (platforms[0] == "iOS" ? "macOS" : "iOS"))
                }
                if index % 8 == 4 { platforms.append(Self.platforms[2 + index / 8 % 2]) }
                for platform in platforms {
                    let clock = Self.start + Int64(random.next() % (60 * 86_400))
                    tracks.append(Track(app: index, platform: platform, clock: clock, build: 100 + index % 50))
                    openable += 1
                }
            }
            openTarget = min(max(2, cycles / 150), openable / 2, max(0, cycles - 1))
        }

        mutating func draw(_ range: ClosedRange<Int64>) -> Int64 {
            range.lowerBound + Int64(random.next() % UInt64(range.upperBound - range.lowerBound + 1))
        }

        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        /// A wait with a heavy tail: half within a day, a third one to three days, the rest three to ten.
        mutating func longWait() -> Int64 {
            switch random.next() % 20 {
            case 0..<10: draw(1_800...86_400)
            case 10..<17: draw(86_400...259_200)
            default: draw(259_200...864_000)
            }
        }

        mutating func hexID() -> String {
            let value = random.next()
            let text = String(value, radix: 16)
            let padded = String(repeating: "0", count: 16 - text.count) + text
            return "\(padded.prefix(8))-\(padded.dropFirst(8).prefix(4))-4\(padded.suffix(3))"
        }

        mutating func run() {
            while cyclesWritten < target {
                // The app and platform whose clock is earliest, among those not closed (the first on a tie).
                var next = -1
                for (index, track) in tracks.enumerated() where !track.closed {
                    if next < 0 || track.clock < tracks[next].clock { next = index }
                }
                precondition(next >= 0, "every track closed before the cycles were written")
                version(of: next)
            }
        }

        /// One version of a track: its preparation, its cycles up to a decision that ends it, then a gap.
        mutating func version(of index: Int) {
            var track = tracks[index]
            defer { tracks[index] = track }
            if chance(12) {
                track.major += 1
                track.minor = 0
                track.patch = 0
            } else if chance(70) {
                track.minor += 1
                track.patch = 0
            } else {
                track.patch += 1
            }
            let version =
                track.patch == 0 ? "\(track.major).\(track.minor)" : "\(track.major).\(track.minor).\(track.patch)"
            let ascVersionID = hexID()
            var at = track.clock
            var build: String? = chance(8) ? nil : String(track.build)
            var previous: Int64?
            var submissionID = ""
            func add(_ state: String, note: String = "", of other: String? = nil) {
                let observed = previous != nil && chance(12)
                let source = observed ? "sync" : (chance(10) ? "manual" : (chance(50) ? "import" : ""))
                var observedAfter = ""
                if observed, let previous, chance(80) {
                    observedAfter = CivilTime.iso8601(previous + draw(0...(at - previous)))
                }
                var time = CivilTime.iso8601(at)
                if chance(6) {
                    // The same instant written at another offset: +09:00, -07:00 or +05:30.
                    let offsets: [(Int64, String)] = [(32_400, "+09:00"), (-25_200, "-07:00"), (19_800, "+05:30")]
                    let (seconds, suffix) = offsets[Int(random.next() % 3)]
                    time = String(CivilTime.iso8601(at + seconds).dropLast()) + suffix
                }
                let app = apps[track.app]
                let ids = source == "sync" ? "\(ascVersionID),\(submissionID)" : ","
                let fields = [
                    Self.cell(app.name), app.bundleID, app.appStoreID, track.platform, other ?? version, build ?? "",
                    state, time, note, source, observed ? "observed" : (chance(50) ? "exact" : ""), observedAfter,
                ]
                rows.append(fields.joined(separator: ",") + "," + ids + "\n")
                if !apps[track.app].platformsUsed.contains(track.platform) {
                    apps[track.app].platformsUsed.append(track.platform)
                }
                earliest = min(earliest, at)
                latest = max(latest, at)
                previous = at
            }
            func note() -> String {
                chance(12) ? Self.noteCells[Int(random.next() % UInt64(Self.noteCells.count))] : ""
            }
            func release() {
                switch random.next() % 20 {
                case 0..<9:
                    add("PENDING_DEVELOPER_RELEASE", note: note())
                    at += draw(600...432_000)
                    if chance(50) {
                        add("PROCESSING_FOR_DISTRIBUTION")
                        at += draw(300...7_200)
                    }
                case 9..<14:
                    add("PROCESSING_FOR_DISTRIBUTION")
                    at += draw(300...7_200)
                case 14..<16:
                    add("PENDING_APPLE_RELEASE")
                    at += draw(3_600...172_800)
                default: break
                }
                add("READY_FOR_DISTRIBUTION", note: note())
                if let live = track.live, chance(20) {
                    at += 1
                    add("REPLACED_WITH_NEW_VERSION", of: live)
                }
                track.live = version
                if chance(1) {
                    at += draw(86_400...864_000)
                    add(chance(50) ? "DEVELOPER_REMOVED_FROM_SALE" : "REMOVED_FROM_SALE", note: note())
                    track.live = nil
                }
            }

            if chance(70) {
                add("PREPARE_FOR_SUBMISSION", note: note())
                at += draw(3_600...259_200)
            }
            if chance(5) {
                add("WAITING_FOR_EXPORT_COMPLIANCE")
                at += draw(600...86_400)
            }
            if chance(10) {
                add("READY_FOR_REVIEW")
                at += draw(300...21_600)
            }
            while cyclesWritten < target {
                submissionID = hexID()
                let isOpen = cyclesWritten >= target - openTarget
                add("WAITING_FOR_REVIEW", note: note())
                cyclesWritten += 1
                if isOpen {
                    // The end of this track: a cycle with no decision yet, waiting or in review at `now`.
                    if chance(40) {
                        at += draw(1_800...86_400)
                        add("IN_REVIEW")
                    }
                    openWritten += 1
                    track.closed = true
                    break
                }
                at += longWait()
                var resubmit = false
                if chance(6) {
                    add("DEVELOPER_REJECTED", note: note())
                    resubmit = chance(75)
                } else {
                    add("IN_REVIEW", note: note())
                    at += chance(85) ? draw(600...21_600) : draw(21_600...172_800)
                    let outcome = random.next() % 100
                    if outcome < 3 {
                        add("DEVELOPER_REJECTED", note: note())
                        resubmit = chance(75)
                    } else if outcome < 18 {
                        let kind = random.next() % 20
                        let state = kind == 0 ? "INVALID_BINARY" : (kind < 5 ? "METADATA_REJECTED" : "REJECTED")
                        let rejection = Self.cell(Self.rejectionNotes[Int(random.next() % 4)])
                        add(state, note: chance(60) ? rejection : note())
                        resubmit = chance(80)
                    } else {
                        release()
                    }
                }
                guard resubmit else { break }
                at += draw(3_600...432_000)
                track.build += 1
                build = chance(8) ? nil : String(track.build)
            }
            track.build += 1
            track.clock = at + draw(86_400...2_592_000)
        }

        /// A value as a CSV cell: quoted (quotes doubled) when it holds a comma, a quote or a line break.
        static func cell(_ value: String) -> String {
            guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
            var quoted = "\""
            for character in value { quoted += character == "\"" ? "\"\"" : String(character) }
            return quoted + "\""
        }
    }
}
