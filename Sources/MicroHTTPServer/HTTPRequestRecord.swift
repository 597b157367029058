/// What the server logs of one request: never a header value or a body.
package struct HTTPRequestRecord: Sendable, Hashable {
    /// The method.
    package var method: String
    /// The path, control characters escaped.
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
        var line = "\(method) \(path) \(status.map(String.init) ?? "-")"
        if !note.isEmpty { line += " \(note)" }
        if !answerSent { line += " (connection closed before the answer was sent)" }
        return line + " \(Int(milliseconds.rounded()))ms"
    }
}
