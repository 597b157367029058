import GatehouseFoundation

/// The `signing` member of a JSON export (`{"events": [...], "signing": [...]}`): every signing item with its history
/// and recorded alerts (`SigningRecord`), one item a line, in id order. CSV carries events only.
public enum SigningInterchange {
    /// The member's text, `"signing": [...]`, or nil for no items (an export without signing items is written as it
    /// was before the tracker).
    /// - Parameter records: the records, in id order.
    /// - Returns: the member.
    public static func jsonMember(_ records: [SigningRecord]) -> String? {
        guard !records.isEmpty else { return nil }
        return "\"signing\": [\n" + records.map { "  " + jsonObject($0) }.joined(separator: ",\n") + "\n]"
    }

    /// One record's object.
    public static func jsonObject(_ record: SigningRecord) -> String {
        let item = record.item
        func time(_ value: Timestamp?) -> String { JSONText.string(value?.iso8601) }
        return JSONText.object([
            ("id", JSONText.number(item.id)), ("kind", JSONText.string(item.kind.rawValue)),
            ("source", JSONText.string(item.source)), ("reference", JSONText.string(item.reference)),
            ("name", JSONText.string(item.readName)), ("customName", JSONText.string(item.customName)),
            ("detail", JSONText.string(item.detail)), ("renewalGroup", JSONText.string(item.renewalGroup)),
            ("invalid", item.isInvalid ? "true" : "false"), ("expires", time(item.expires)),
            ("ownExpires", time(item.ownExpires)), ("decidedBy", JSONText.string(item.decidedBy)),
            ("generation", JSONText.number(item.generation)), ("firstSeen", time(item.firstSeen)),
            ("goneAt", time(item.goneAt)), ("missingSince", time(item.missingSince)), ("lastSeen", time(item.lastSeen)),
            (
                "observations",
                "["
                    + record.observations.map {
                        JSONText.object([
                            ("at", time($0.at)), ("what", JSONText.string($0.what)), ("expires", time($0.expires)),
                        ])
                    }.joined(separator: ", ") + "]"
            ),
            (
                "alerts",
                "["
                    + record.alerts.map {
                        JSONText.object([
                            ("alert", JSONText.string($0.alert.kind.rawValue)),
                            ("threshold", JSONText.number($0.alert.threshold)),
                            ("generation", JSONText.number($0.alert.generation)), ("at", time($0.at)),
                        ])
                    }.joined(separator: ", ") + "]"
            ),
        ])
    }

    private struct File: Decodable {
        var signing: [Record]?
    }

    private struct Record: Decodable {
        var id: Int64?
        var kind: String
        var source: String
        var reference: String
        var name: String
        var customName: String?
        var detail: String?
        var renewalGroup: String?
        var invalid: Bool?
        var expires: String
        var ownExpires: String?
        var decidedBy: String?
        var generation: Int64?
        var firstSeen: String
        var goneAt: String?
        var missingSince: String?
        var lastSeen: String?
        var observations: [Observation]?
        var alerts: [Alert]?
    }

    private struct Observation: Decodable {
        var at: String
        var what: String
        var expires: String?
    }

    private struct Alert: Decodable {
        var alert: String
        var threshold: Int64?
        var generation: Int64?
        var at: String
    }

    /// Reads the `signing` member of a JSON import file (none in a bare array, or a file without the member).
    /// - Parameters:
    ///   - bytes: the file's bytes (already known to be JSON events).
    ///   - name: the file's name, for messages.
    /// - Returns: the records, in the file's order.
    /// - Throws: `ReviewError.malformedImport` naming the item and the field that is wrong.
    public static func records(fromJSON bytes: [UInt8], name: String) throws(ReviewError) -> [SigningRecord] {
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        guard first == UInt8(ascii: "{") else { return [] }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(bytes))
        } catch {
            throw ReviewError(
                .malformedImport,
                "\(name): its \"signing\" member is not a list of signing items as an export writes them (\(error)); "
                    + "nothing was imported")
        }
        var records: [SigningRecord] = []
        for (index, record) in (file.signing ?? []).enumerated() {
            let place = "\(name): signing item \(index + 1) (signing[\(index)])"
            func time(_ text: String?, _ field: String) throws(ReviewError) -> Timestamp? {
                guard let text else { return nil }
                guard let value = Timestamp(iso8601: text) else {
                    throw ReviewError(
                        .malformedImport, "\(place): \"\(field)\" is \"\(text)\", not an ISO 8601 time with an offset")
                }
                return value
            }
            func required(_ text: String, _ field: String) throws(ReviewError) -> Timestamp {
                guard let value = try time(text, field) else { preconditionFailure("a given text reads or throws") }
                return value
            }
            guard let kind = SigningItemKind(rawValue: record.kind) else {
                throw ReviewError(
                    .malformedImport,
                    "\(place): \"kind\" is \"\(record.kind)\", not one of "
                        + SigningItemKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            var alerts: [SigningRecord.RecordedAlert] = []
            for alert in record.alerts ?? [] {
                guard let alertKind = SigningAlert.Kind(rawValue: alert.alert) else {
                    throw ReviewError(.malformedImport, "\(place): the alert \"\(alert.alert)\" is not known")
                }
                alerts.append(
                    SigningRecord.RecordedAlert(
                        alert: SigningAlert(
                            kind: alertKind, threshold: alert.threshold ?? 0, generation: alert.generation ?? 1),
                        at: try required(alert.at, "alerts.at")))
            }
            var observations: [SigningRecord.Observation] = []
            for observation in record.observations ?? [] {
                observations.append(
                    SigningRecord.Observation(
                        at: try required(observation.at, "observations.at"), what: observation.what,
                        expires: try time(observation.expires, "observations.expires")))
            }
            let expires = try required(record.expires, "expires")
            records.append(
                SigningRecord(
                    item: SigningItem(
                        id: record.id ?? 0, kind: kind, source: record.source, reference: record.reference,
                        readName: record.name, customName: record.customName, detail: record.detail ?? "",
                        renewalGroup: record.renewalGroup, isInvalid: record.invalid ?? false, expires: expires,
                        ownExpires: try time(record.ownExpires, "ownExpires") ?? expires, decidedBy: record.decidedBy,
                        generation: record.generation ?? 1, firstSeen: try required(record.firstSeen, "firstSeen"),
                        goneAt: try time(record.goneAt, "goneAt"),
                        missingSince: try time(record.missingSince, "missingSince"),
                        lastSeen: try time(record.lastSeen, "lastSeen")),
                    observations: observations, alerts: alerts))
        }
        return records
    }
}
