import ReviewLog

/// The `review import` target: the bytes parsed as JSON and as CSV, and the format detection `review import` uses.
enum ReviewImportFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        _ = InterchangeFormat.detect(path: "fuzz", bytes: bytes)
        for format in InterchangeFormat.allCases {
            if let events = try? EventInterchange.events(from: bytes, format: format, name: "fuzz") {
                // What `review export` would write back.
                _ = EventInterchange.json(events)
                _ = EventInterchange.csv(events)
            }
        }
    }
}
