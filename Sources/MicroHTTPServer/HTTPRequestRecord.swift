internal import GatehouseCore

/// What the server logs of one request: never a header value or a body.
///
/// The method and path are kept as the client sent them, for the JSON log (whose writer escapes every control
/// character, so the decoded value is exact); the text `line` shows them with their control characters escaped
/// (`TerminalText.value(_:)`, issue 20 item 5), as it does the note.
package struct HTTPRequestRecord: Sendable, Hashable {
    /// The method, as sent.
    package var method: String
    /// The path, as sent.
    package var path: String
    /// The status answered, or nil when no answer was made (the connection closed first).
    package var status: Int?
    /// What the request did (the handler's `logNote`).
    package var note: String
    /// Whether the answer was sent completely.
    package var answerSent: Bool
    /// From the head's arrival to the end of the answer.
    package var milliseconds: Double

    /// `POST /webhooks/app-store-connect 200 <note> 3ms`.
    package var line: String {
        var line = "\(TerminalText.value(method)) \(TerminalText.value(path)) \(status.map(String.init) ?? "-")"
        if !note.isEmpty { line += " \(TerminalText.value(note))" }
        if !answerSent { line += " (connection closed before the answer was sent)" }
        return line + " \(Int(milliseconds.rounded()))ms"
    }
}
