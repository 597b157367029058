import GatehouseFoundation

/// Export and import of events as JSON or CSV. An export imported into an empty store exports again byte for
/// byte: every field is written, ids are kept, times are whole seconds in UTC.
public enum EventInterchange {
    /// The CSV columns, in the order `csv(_:)` writes them. Import needs `app`, `version`, `state` and `at`.
    public static let csvColumns = [
        "id", "app", "bundle_id", "app_store_id", "platform", "version", "build", "state", "at", "note", "source",
        "timing", "observed_after", "asc_version_id", "asc_submission_id",
    ]

    /// The columns an export with tracks adds after ``csvColumns`` (issue 24): the event's track and its build's App
    /// Store Connect id. An import reads them when present; a file without them is App Store events.
    public static let csvTrackColumns = ["track", "asc_build_id"]

    /// Events as `{"events": [...]}`, one event object per line, each with `id`, `app`, `bundleId`,
    /// `appStoreId`, `platform`, `version`, `build`, `state` (the API string), `at` (ISO 8601 UTC), `note`,
    /// `source`, `timing` (`exact`, or `observed` for a state first seen by a poll at `at`), `observedAfter` (the
    /// previous look, for an observed time; null when unknown), `ascVersionId` and `ascSubmissionId`. Files without
    /// the last four (written before schema 2) import as exact, without ids.
    /// - Parameters:
    ///   - events: the events, in the order to write them.
    ///   - signing: the signing items to write after the events, as `"signing": [...]` (`SigningInterchange`): an
    ///     unfiltered export's; none leaves the file as it was before the tracker.
    ///   - withTracks: whether every event carries `track` and `ascBuildId` (issue 24); a TestFlight event always
    ///     does, so an App Store export reads as it did before tracks.
    /// - Returns: the document, ending in a newline.
    public static func json(_ events: [ReviewEvent], signing: [SigningRecord] = [], withTracks: Bool = false)
        -> String
    {
        let eventsMember =
            events.isEmpty
            ? "\"events\": []"
            : "\"events\": [\n" + events.map { "  " + jsonObject($0, withTracks: withTracks) }.joined(separator: ",\n")
                + "\n]"
        guard let signingMember = SigningInterchange.jsonMember(signing) else { return "{\(eventsMember)}\n" }
        return "{\(eventsMember),\n\(signingMember)}\n"
    }

    /// One event as the JSON object `json(_:)` writes per event, on one line: the shape every `review --json`
    /// output uses for an event (`log`, `delete`, `edit`, `undo`), so a script reads events one way.
    /// - Parameters:
    ///   - event: the event.
    ///   - withTracks: whether to add `track` and `ascBuildId` to an App Store event (a TestFlight event always has
    ///     them).
    /// - Returns: the object.
    public static func jsonObject(_ event: ReviewEvent, withTracks: Bool = false) -> String {
        let trackMembers: [(String, String)] =
            withTracks || event.track != .appStore
            ? [("track", JSONText.string(event.track.rawValue)), ("ascBuildId", JSONText.string(event.ascBuildID))]
            : []
        return JSONText.object(
            [
                ("id", String(event.id)), ("app", JSONText.string(event.app.name)),
                ("bundleId", JSONText.string(event.app.bundleID)),
                ("appStoreId", JSONText.string(event.app.appStoreID)),
                ("platform", JSONText.string(event.platform.rawValue)),
                ("version", JSONText.string(event.version)), ("build", JSONText.string(event.build)),
                ("state", JSONText.string(event.state.rawValue)), ("at", JSONText.string(event.at.iso8601)),
                ("note", JSONText.string(event.note)), ("source", JSONText.string(event.source.rawValue)),
                ("timing", JSONText.string(event.timing.isObserved ? "observed" : "exact")),
                ("observedAfter", JSONText.string(observedAfter(event)?.iso8601)),
                ("ascVersionId", JSONText.string(event.ascVersionID)),
                ("ascSubmissionId", JSONText.string(event.ascSubmissionID)),
            ] + trackMembers)
    }

    /// Events as RFC 4180 CSV with the header row `csvColumns`; absent values are empty fields. A cell that a
    /// spreadsheet would run as a formula (it starts, after spaces, with `=`, `+`, `-`, `@`, tab or a line break), or
    /// that starts with `'`, is written with a `'` in front, which import removes (`CSVCell`): every value reads back
    /// exactly.
    /// - Parameters:
    ///   - events: the events, in the order to write them.
    ///   - withTracks: whether to add the columns `csvTrackColumns`; they are added anyway when an event is a
    ///     TestFlight one, so an App Store export reads as it did before tracks.
    /// - Returns: the CSV text, lines ending in CRLF as RFC 4180 section 2 asks.
    public static func csv(_ events: [ReviewEvent], withTracks: Bool = false) -> String {
        let withTracks = withTracks || events.contains { $0.track != .appStore }
        var out = (csvColumns + (withTracks ? csvTrackColumns : [])).joined(separator: ",") + "\r\n"
        for event in events {
            let trackFields: [String?] = withTracks ? [event.track.rawValue, event.ascBuildID] : []
            let fields: [String?] =
                [
                    String(event.id), event.app.name, event.app.bundleID, event.app.appStoreID, event.platform.rawValue,
                    event.version, event.build, event.state.rawValue, event.at.iso8601, event.note,
                    event.source.rawValue,
                    event.timing.isObserved ? "observed" : "exact", observedAfter(event)?.iso8601, event.ascVersionID,
                    event.ascSubmissionID,
                ] + trackFields
            out += fields.map { CSVReader.quote(CSVCell.neutralized($0 ?? "")) }.joined(separator: ",") + "\r\n"
        }
        return out
    }

    private static func observedAfter(_ event: ReviewEvent) -> Timestamp? {
        if case .observed(let after) = event.timing { return after }
        return nil
    }

    /// Reads events from a file's bytes.
    /// - Parameters:
    ///   - bytes: the contents.
    ///   - format: JSON or CSV, as `review export` writes them.
    ///   - name: the file's name, for messages.
    /// - Returns: the events; an absent `id` is 0 (a new id), an absent `source` is `import`, an absent
    ///   `platform` is iOS.
    /// - Throws: `ReviewError.malformedImport` naming the file and the line, row or event at fault.
    public static func events(from bytes: [UInt8], format: InterchangeFormat, name: String) throws(ReviewError)
        -> [ReviewEvent]
    {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw ReviewError(.malformedImport, "\(name) is not UTF-8 text; save it as UTF-8 and import again")
        }
        switch format {
        case .json: return try fromJSON(Array(body), name: name)
        case .csv: return try fromCSV(text, name: name)
        }
    }

    private struct JSONFile: Decodable {
        var events: [JSONEvent]
    }

    private struct JSONEvent: Decodable {
        var id: EventID?
        var app: String
        var bundleId: String?
        var appStoreId: String?
        var platform: String?
        var version: String
        var build: String?
        var state: String
        var at: String
        var note: String?
        var source: String?
        var timing: String?
        var observedAfter: String?
        var ascVersionId: String?
        var ascSubmissionId: String?
        var track: String?
        var ascBuildId: String?
    }

    /// What an import file holds, in every message about its shape (never a decoder's type names).
    static let jsonShape =
        "an import file is {\"events\": [EVENT, ...]} as an export writes it, or a bare array [EVENT, ...]; "
        + "each EVENT an object with at least \"app\", \"version\", \"state\" and \"at\""

    /// An event's `id`: any JSON number, so that `1.5` or `1e20` is refused as an id, not taken for broken JSON
    /// (the decoder reports a number that does not fit an integer as "not valid JSON", with no location). Its value
    /// is read from the number's own text (`JSONMemberScan`, `ImportedID`), never through the decoder's rounding.
    private struct EventID: Decodable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if (try? container.decode(Int64.self)) == nil { _ = try container.decode(Double.self) }
        }
    }

    private static func fromJSON(_ bytes: [UInt8], name: String) throws(ReviewError) -> [ReviewEvent] {
        // A bare array of events is read as the "events" member (its first byte after blanks is "[").
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        let isArray = first == UInt8(ascii: "[")
        if first == nil { throw ReviewError(.malformedImport, "\(name) is empty; \(jsonShape)") }
        let items: [JSONEvent]
        do {
            if isArray {
                items = try JSONDecoder().decode([JSONEvent].self, from: Data(bytes))
            } else {
                items = try JSONDecoder().decode(JSONFile.self, from: Data(bytes)).events
            }
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                // The decoder refuses a number it cannot hold (an id of 1e400) as invalid JSON, with no location:
                // an id that is JSON but out of range is named by its event instead.
                for (index, text) in (try? memberScan(bytes, name: name, isArray: isArray)) ?? [:] {
                    _ = try ImportedID.value(of: text, at: "\(name): \(eventPlace(index, isArray: isArray))")
                }
            }
            throw malformedJSON(name, error, isArray: isArray)
        } catch {
            throw ReviewError(.malformedImport, "\(name) cannot be read as JSON; \(jsonShape)")
        }
        let idTexts = try memberScan(bytes, name: name, isArray: isArray)
        var events: [ReviewEvent] = []
        for (index, item) in items.enumerated() {
            let place = "\(name): \(eventPlace(index, isArray: isArray))"
            var id: Int64?
            if item.id != nil {
                id = try ImportedID.value(of: idTexts[index] ?? "", at: place)
            }
            events.append(
                try event(
                    where: place, id: id, app: item.app,
                    bundleID: item.bundleId, appStoreID: item.appStoreId, platform: item.platform,
                    version: item.version, build: item.build, state: item.state, at: item.at, note: item.note,
                    source: item.source, timing: item.timing, observedAfter: item.observedAfter,
                    ascVersionID: item.ascVersionId, ascSubmissionID: item.ascSubmissionId, track: item.track,
                    ascBuildID: item.ascBuildId))
        }
        return events
    }

    /// Reads the member names of the whole text (`JSONMemberScan`): a duplicated member anywhere is refused, naming the
    /// event and the member. Gives the text of each event's `id`.
    private static func memberScan(_ bytes: [UInt8], name: String, isArray: Bool) throws(ReviewError) -> [Int: String] {
        do {
            return try JSONMemberScan.scan(bytes)
        } catch {
            switch error {
            case .duplicate(let found):
                var place = name
                if let event = found.event { place += ": " + eventPlace(event, isArray: isArray) }
                let within = found.path.isEmpty ? "" : " in \"\(found.path)\""
                throw ReviewError(
                    .malformedImport,
                    "\(place): the member \"\(found.name)\"\(within) appears twice (names compare after "
                        + "unescaping); a reader may take either value (RFC 8259 section 4), so nothing was imported: "
                        + "keep one")
            case .malformed(let failure):
                throw ReviewError(
                    .malformedImport,
                    "\(name) is not valid JSON (RFC 8259) at byte offset \(failure.offset); \(jsonShape)")
            }
        }
    }

    /// "event 3 (events[2])", or "event 3 ([2])" in a bare array.
    private static func eventPlace(_ index: Int, isArray: Bool) -> String {
        "event \(index + 1) (\(isArray ? "" : "events")[\(index)])"
    }

    /// A decoding failure in the user's words: where (the event and member), what is wrong, and the expected shape.
    /// The decoder's own text (Swift type names, coding keys) is never shown.
    private static func malformedJSON(_ name: String, _ error: DecodingError, isArray: Bool) -> ReviewError {
        let path: [any CodingKey]
        let problem: (_ subject: String) -> String
        switch error {
        case .dataCorrupted(let context):
            path = context.codingPath
            problem = { path.isEmpty ? "is not valid JSON" : "\($0) is a number that cannot be read" }
        case .keyNotFound(let key, let context):
            path = context.codingPath
            problem = { _ in "lacks the member \"\(key.stringValue)\"" }
        case .typeMismatch(let type, let context):
            path = context.codingPath
            problem = { "\($0) is not \(kind(type))" }
        case .valueNotFound(let type, let context):
            path = context.codingPath
            problem = { "\($0) is null where \(kind(type)) is needed" }
        @unknown default:
            return ReviewError(.malformedImport, "\(name) cannot be read as an event list; \(jsonShape)")
        }
        let reason: String
        if let index = path.first(where: { $0.intValue != nil })?.intValue {
            // Inside an event: name it, and the member when the fault is in one.
            let member = path.last.flatMap { $0.intValue == nil ? $0.stringValue : nil }
            let subject = member.map { "\"\($0)\"" } ?? "the event"
            reason = "\(name): \(eventPlace(index, isArray: isArray)): \(problem(subject))"
        } else if let member = path.last {
            reason = "\(name): \(problem("\"\(member.stringValue)\""))"
        } else if case .dataCorrupted = error {
            reason = "\(name) \(problem(name))"
        } else if case .keyNotFound = error {
            reason = "\(name) \(problem(name))"
        } else {
            reason = "\(name) is neither a JSON object nor an array"
        }
        return ReviewError(.malformedImport, "\(reason); \(jsonShape)")
    }

    /// "a string", "a whole number", "an array" or "an object": what a member should have been.
    private static func kind(_ type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Int64.self || type == Double.self || type == EventID.self { return "a whole number" }
        if type is [JSONEvent].Type || type is [Any].Type { return "an array" }
        return "an object"
    }

    private static func fromCSV(_ text: String, name: String) throws(ReviewError) -> [ReviewEvent] {
        let rows = try CSVReader.rows(text, name: name)
        guard let header = rows.first else {
            throw ReviewError(
                .malformedImport,
                "\(name) is empty; a CSV import needs a header row: \(csvColumns.joined(separator: ","))")
        }
        var column: [String: Int] = [:]
        for (index, title) in header.fields.enumerated() {
            // The one matching of a title to a column: two titles that fill the same column are a duplicate.
            let key = title.trimmingSpaces().lowercased()
            guard csvColumns.contains(key) || csvTrackColumns.contains(key) else {
                throw ReviewError(
                    .malformedImport,
                    "\(name) line \(header.line): unknown column \"\(title)\"; the columns are "
                        + (csvColumns + csvTrackColumns).joined(separator: ","))
            }
            if let earlier = column[key] {
                throw ReviewError(
                    .malformedImport,
                    "\(name) line \(header.line): the column \"\(key)\" appears twice (field \(earlier + 1) "
                        + "\"\(header.fields[earlier])\" and field \(index + 1) \"\(title)\", matched without "
                        + "case or surrounding spaces), so either could be meant; nothing was imported: keep one")
            }
            column[key] = index
        }
        for required in ["app", "version", "state", "at"] where column[required] == nil {
            throw ReviewError(
                .malformedImport, "\(name) line \(header.line): the header row has no \"\(required)\" column")
        }
        var events: [ReviewEvent] = []
        for row in rows.dropFirst() {
            if row.fields.count == 1, row.fields[0].isEmpty { continue }
            guard row.fields.count == header.fields.count else {
                throw ReviewError(
                    .malformedImport,
                    "\(name) line \(row.line): \(row.fields.count) fields, but the header has \(header.fields.count)")
            }
            func field(_ key: String) -> String? { column[key].map { CSVCell.restored(row.fields[$0]) } }
            let where_ = "\(name) line \(row.line)"
            var id: Int64?
            if let text = field("id"), !text.isEmpty {
                id = try ImportedID.value(of: text, at: where_)
            }
            events.append(
                try event(
                    where: where_, id: id, app: field("app")!, bundleID: field("bundle_id"),
                    appStoreID: field("app_store_id"), platform: field("platform"), version: field("version")!,
                    build: field("build"), state: field("state")!, at: field("at")!, note: field("note"),
                    source: field("source"), timing: field("timing"), observedAfter: field("observed_after"),
                    ascVersionID: field("asc_version_id"), ascSubmissionID: field("asc_submission_id"),
                    track: field("track"), ascBuildID: field("asc_build_id")))
        }
        return events
    }

    private static func event(
        where place: String, id: Int64?, app: String, bundleID: String?, appStoreID: String?, platform: String?,
        version: String, build: String?, state: String, at: String, note: String?, source: String?,
        timing: String?, observedAfter: String?, ascVersionID: String?, ascSubmissionID: String?, track: String?,
        ascBuildID: String?
    ) throws(ReviewError) -> ReviewEvent {
        func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
        var eventTrack = ReviewTrack.appStore
        if let track = nonEmpty(track) {
            guard let parsed = ReviewTrack(rawValue: track) else {
                throw ReviewError(
                    .malformedImport, "\(place): unknown track \"\(track)\"; use app-store or testflight")
            }
            eventTrack = parsed
        }
        guard let reviewState = ReviewState(spelling: state) else {
            let hint = ReviewState.suggestion(for: state).map { "did you mean \($0.apiString)? " } ?? ""
            throw ReviewError(
                .malformedImport,
                "\(place): unknown state \"\(state)\"; \(hint)use an App Store Connect API string such as "
                    + "WAITING_FOR_REVIEW")
        }
        guard let instant = Timestamp(iso8601: at) else {
            throw ReviewError(
                .malformedImport,
                "\(place): time \"\(at)\" is not ISO 8601 with an offset (like 2020-03-15T10:00:00+09:00 or "
                    + "2020-03-15T01:00:00Z)")
        }
        var eventPlatform = Platform.iOS
        if let platform = nonEmpty(platform) {
            guard let parsed = Platform(spelling: platform) else {
                throw ReviewError(
                    .malformedImport,
                    "\(place): unknown platform \"\(platform)\"; use one of "
                        + Platform.allCases.map(\.rawValue).joined(separator: ", "))
            }
            eventPlatform = parsed
        }
        var eventSource = EventSource.import
        if let source = nonEmpty(source) {
            guard let parsed = EventSource(rawValue: source) else {
                throw ReviewError(
                    .malformedImport, "\(place): unknown source \"\(source)\"; use manual, import or sync")
            }
            eventSource = parsed
        }
        var eventTiming = EventTiming.exact
        switch nonEmpty(timing) {
        case nil, "exact":
            if nonEmpty(observedAfter) != nil {
                throw ReviewError(.malformedImport, "\(place): observedAfter is given for an exact time")
            }
        case "observed":
            var after: Timestamp?
            if let text = nonEmpty(observedAfter) {
                guard let parsed = Timestamp(iso8601: text), parsed <= instant else {
                    throw ReviewError(
                        .malformedImport,
                        "\(place): observedAfter \"\(text)\" is not an ISO 8601 time at or before \"\(at)\"")
                }
                after = parsed
            }
            eventTiming = .observed(after: after)
        case let other?:
            throw ReviewError(.malformedImport, "\(place): unknown timing \"\(other)\"; use exact or observed")
        }
        if let id, id <= 0 {
            throw ReviewError(.malformedImport, "\(place): id \(id) is not a positive integer")
        }
        if let problem = Validation.problem(app: app, version: version, build: nonEmpty(build), note: nonEmpty(note)) {
            throw ReviewError(.malformedImport, "\(place): \(problem)")
        }
        if let problem = eventTrack.problem(recording: reviewState, build: nonEmpty(build)) {
            throw ReviewError(.malformedImport, "\(place): \(problem)")
        }
        return ReviewEvent(
            id: id ?? 0, app: App(name: app, bundleID: nonEmpty(bundleID), appStoreID: nonEmpty(appStoreID)),
            platform: eventPlatform, version: version, build: nonEmpty(build), state: reviewState, at: instant,
            note: nonEmpty(note), source: eventSource, timing: eventTiming, ascVersionID: nonEmpty(ascVersionID),
            ascSubmissionID: nonEmpty(ascSubmissionID), track: eventTrack, ascBuildID: nonEmpty(ascBuildID))
    }
}
