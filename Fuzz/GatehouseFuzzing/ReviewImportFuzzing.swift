import ReviewLog

/// The `review import` target: the bytes parsed as JSON and as CSV, and the format detection `review import` uses;
/// what parses is exported and imported again, and must read back the same (ids within the import bound). Then the
/// input as one cell: written into every free-text column of an event (each column whose rules accept it), exported
/// as CSV and imported, it must read back exactly, and no exported cell may start with a formula character
/// (`CSVCell`, issue 20 item 9). Traps on a failed check.
enum ReviewImportFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        _ = InterchangeFormat.detect(path: "fuzz", bytes: bytes)
        for format in InterchangeFormat.allCases {
            if let events = try? EventInterchange.events(from: bytes, format: format, name: "fuzz") {
                for event in events where event.id > ReviewLimits.maximumImportedID {
                    fatalError("an import accepted id \(event.id), above ReviewLimits.maximumImportedID")
                }
                // What `review export` would write back, read again (an absent id given one, as a store would).
                var numbered = events
                for index in numbered.indices where numbered[index].id == 0 { numbered[index].id = Int64(index + 1) }
                roundTrip(numbered)
            }
        }
        cellRoundTrip(FuzzInput.text(input))
    }

    /// Exports in both formats and imports each back; traps when anything differs.
    private static func roundTrip(_ events: [ReviewEvent]) {
        for format in InterchangeFormat.allCases {
            let text = format == .json ? EventInterchange.json(events) : EventInterchange.csv(events)
            do {
                let read = try EventInterchange.events(from: Array(text.utf8), format: format, name: "export")
                if read != events { fatalError("a \(format) export did not read back the events it was written from") }
            } catch {
                fatalError("a \(format) export was refused by import: \(error)")
            }
        }
        let csv = EventInterchange.csv(events)
        guard let rows = try? CSVReader.rows(csv, name: "export") else { fatalError("an export is not CSV") }
        for row in rows.dropFirst() {
            for cell in row.fields where CSVCell.isFormula(cell) {
                fatalError("export wrote a cell a spreadsheet runs: \(cell.debugDescription)")
            }
        }
    }

    /// The text in every free-text column its rules accept, one event per column, round-tripped.
    private static func cellRoundTrip(_ text: String) {
        let at = Timestamp(secondsSince1970: 1_600_000_000)
        var events: [ReviewEvent] = []
        func add(_ change: (inout ReviewEvent) -> Void) {
            var event = ReviewEvent(
                id: Int64(events.count + 1), app: App(name: "A"), platform: .iOS, version: "1.0", build: nil,
                state: .inReview, at: at, note: nil, source: .import)
            change(&event)
            let valid =
                (try? EventInterchange.events(
                    from: Array(EventInterchange.json([event]).utf8), format: .json, name: "cell")) != nil
            if valid, !text.isEmpty { events.append(event) }
        }
        add { $0.app.name = text }
        add { $0.app.bundleID = text }
        add { $0.app.appStoreID = text }
        add { $0.version = text }
        add { $0.build = text }
        add { $0.note = text }
        add { $0.ascVersionID = text }
        add { $0.ascSubmissionID = text }
        roundTrip(events)
    }
}
