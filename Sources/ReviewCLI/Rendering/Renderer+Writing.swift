import CommandLineKit
import ReviewLog

/// The output of the commands that write: `log`, `import` and `delete`, as text and as their `--json` objects
/// (each shape is documented in its command's `--json` help, in its `spec`). Events are the objects of
/// `EventInterchange.jsonObject(_:)`, the export's own.
extension Renderer {
    /// `log`: the text of `logged(_:)`, with the app's identifiers when `--bundle-id` or `--app-store-id` was
    /// given; or `{"inserted", "event", "previous", "previousStateSeconds", "normalTransition"}`.
    func logged(_ result: LogResult, showIdentifiers: Bool, json: Bool) -> String {
        if json {
            return JSONText.object([
                ("inserted", String(result.inserted)), ("event", EventInterchange.jsonObject(result.event)),
                ("previous", result.previous.map { EventInterchange.jsonObject($0) } ?? "null"),
                ("previousStateSeconds", JSONText.number(result.previousStateSeconds)),
                ("normalTransition", String(result.isNormalTransition)),
            ]) + "\n"
        }
        let app = result.event.app
        guard showIdentifiers else { return logged(result) }
        return logged(result) + "\(shown(app.name)): \(identifiers(app))\n"
    }

    /// "bundle ID com.example.fokus, App Store ID 1234567890", or what is unknown.
    func identifiers(_ app: App) -> String {
        "bundle ID \(app.bundleID.map(shown) ?? "unknown"), App Store ID \(app.appStoreID.map(shown) ?? "unknown")"
    }

    /// `import`: a sentence, or `{"file", "inserted", "alreadyPresent"}` (`file` is `-` for standard input).
    func imported(_ summary: ImportSummary, signing: ImportSummary? = nil, path: String, json: Bool) -> String {
        if json {
            var members = [
                ("file", JSONText.string(path)), ("inserted", String(summary.inserted)),
                ("alreadyPresent", String(summary.alreadyPresent)),
            ]
            if let signing {
                members.append(
                    (
                        "signing",
                        JSONText.object([
                            ("inserted", String(signing.inserted)), ("alreadyPresent", String(signing.alreadyPresent)),
                        ])
                    ))
            }
            return JSONText.object(members) + "\n"
        }
        let name = path == "-" ? "standard input" : path
        var text =
            "Imported \(summary.inserted) events from \(shown(name)) (\(summary.alreadyPresent) already present).\n"
        if let signing {
            text +=
                "Imported \(signing.inserted) signing item\(signing.inserted == 1 ? "" : "s") "
                + "(\(signing.alreadyPresent) already present).\n"
        }
        return text
    }

    /// `delete`: a sentence, or `{"deleted": EVENT}`.
    func deleted(_ event: ReviewEvent, json: Bool) -> String {
        if json { return JSONText.object([("deleted", EventInterchange.jsonObject(event))]) + "\n" }
        return "Deleted event \(event.id): \(label(event.versionKey)) \(event.state.displayName) at \(time(event.at))\n"
    }
}
