import GatehouseTesting
import ReviewLog
import ReviewNotify

/// The chat-payload target: Slack, Discord and Teams payloads for a message built from the input, split at NUL into
/// the app name, the version, the build and a last part whose first byte picks the message's kind and state. No
/// value is validated first: the payloads must be safe whatever the store holds. Traps when a payload is not a JSON
/// object, when any text member holds active markup (a mention, a link, an entity or Markdown, read by
/// GatehouseTesting's `ChatPayloadInspection`), when Discord's `allowed_mentions.parse` is not empty or a Slack
/// `mrkdwn` object not verbatim, or when a value of up to 200 characters is not shown as typed.
enum ChatPayloadFuzzing {
    private static let kinds: [NotificationMessage.Kind] = [.stateChange, .reminderLongWait, .reminderOwnP90, .test]
    private static let states: [ReviewState] = [.waitingForReview, .inReview, .rejected, .metadataRejected]
    private static let channels: [(NotificationChannel.Kind, ChatPayloadInspection.Format)] = [
        (.slack, .slack), (.discord, .discord), (.teams, .teams),
    ]

    static func run(_ input: UnsafeRawBufferPointer) {
        var parts = FuzzInput.arguments(input)
        while parts.count < 4 { parts.append("") }
        let selector = Int(parts[3].utf8.first ?? 0)
        let kind = kinds[selector % kinds.count]
        let at = Timestamp(secondsSince1970: 1_700_000_000)
        let event = ReviewEvent(
            id: Int64(selector), app: App(name: parts[0]), platform: .iOS, version: parts[1],
            build: parts[2].isEmpty ? nil : parts[2], state: states[(selector / kinds.count) % states.count], at: at)
        let message = NotificationMessage(
            kind: kind, id: "\(selector)-0011223344556677", event: event,
            previousState: selector & 0x10 == 0 ? nil : .waitingForReview, previousStateSeconds: 3600,
            previousPrecision: .exact, cycleSeconds: selector & 0x20 == 0 ? nil : 100_000)
        for (channelKind, format) in channels {
            let channel = NotificationChannel(kind: channelKind, url: "https://chat.example/hook")
            guard let request = try? NotificationPayload.request(for: message, channel: channel, sentAt: at, key: nil)
            else {
                fatalError("no \(channelKind) payload for \(parts.prefix(3))")
            }
            let (problems, shown) = ChatPayloadInspection.inspect(request.body, as: format)
            if !problems.isEmpty { fatalError("\(channelKind) payload for \(parts.prefix(3)): \(problems)") }
            for value in parts.prefix(3) where !value.isEmpty && value.count <= 200 {
                if !shown.contains(where: { $0.contains(value) }) {
                    fatalError("\(channelKind) does not show \(value.debugDescription) as typed: \(shown)")
                }
            }
        }
    }
}
