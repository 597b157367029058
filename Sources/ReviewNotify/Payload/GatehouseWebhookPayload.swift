import ReviewLog

/// The body of a notification Gatehouse sends to a generic webhook channel (outbound; App Store Connect's webhook
/// bodies, inbound, are ReviewWebhooks' `ASCWebhookPayload`): one object with the fields issue 12 names (`id`, `app`,
/// `bundleId`, `platform`, `version`, `build`, `state` as App Store Connect's API string, `stateName`, `previousState`,
/// `previousStateSeconds`, `at`, `source`, `sentAt`; times ISO 8601 in UTC), and `kind`, `cycleSeconds` and `text`
/// besides. `id` and `sentAt` are inside the signed body, so a receiver can deduplicate and refuse stale deliveries.
///
/// A signing alert's body (issue 22) is another object: `id` (`SigningAlert.id(itemID:)`), `kind` `"signing"`,
/// `alert` (`expiring`, `expired`, `invalid`, `gone`, `missing`), `threshold` (the days of an `expiring` alert, else
/// null), `item` (the object `review signing --json` shows for it, `SigningItemStatus.json`, as of the sending),
/// `text` and `sentAt`; `kind` tells a receiver which of the two it has.
enum GatehouseWebhookPayload {
    static func body(_ message: NotificationMessage, sentAt: Timestamp) -> String {
        let event = message.event
        // A TestFlight event's track and build id (issue 24); an App Store body is as it was before tracks.
        let track: [(String, String)] =
            event.track == .testFlight
            ? [("track", JSONText.string(event.track.rawValue)), ("ascBuildId", JSONText.string(event.ascBuildID))]
            : []
        return JSONText.object(
            [
                ("id", JSONText.string(message.id)), ("kind", JSONText.string(message.kind.rawValue)),
                ("app", JSONText.string(event.app.name)), ("bundleId", JSONText.string(event.app.bundleID)),
                ("platform", JSONText.string(event.platform.name)), ("version", JSONText.string(event.version)),
                ("build", JSONText.string(event.build)), ("state", JSONText.string(event.state.apiString)),
                ("stateName", JSONText.string(event.state.displayName)),
                ("previousState", JSONText.string(message.previousState?.apiString)),
                ("previousStateSeconds", JSONText.number(message.previousStateSeconds)),
                ("cycleSeconds", JSONText.number(message.cycleSeconds)), ("at", JSONText.string(event.at.iso8601)),
                ("source", JSONText.string(event.source.rawValue)), ("sentAt", JSONText.string(sentAt.iso8601)),
                ("text", JSONText.string(message.text)),
            ] + track)
    }

    static func body(_ message: SigningAlertMessage, sentAt: Timestamp) -> String {
        JSONText.object([
            ("id", JSONText.string(message.id)), ("kind", PayloadText.constant("signing")),
            ("alert", JSONText.string(message.alert.kind.rawValue)),
            ("threshold", message.alert.kind == .expiring ? JSONText.number(message.alert.threshold) : "null"),
            ("item", message.status.json), ("text", JSONText.string(message.text)),
            ("sentAt", JSONText.string(sentAt.iso8601)),
        ])
    }
}
