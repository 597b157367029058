/// Where review notifications go: a Slack, Discord or Microsoft Teams webhook, or a generic JSON webhook, with the
/// apps and states it is for. Kept in the store, so a team sharing a store shares its channels.
public struct NotificationChannel: Sendable, Hashable {
    /// The service a channel posts to, which decides the payload's shape.
    public enum Kind: String, Sendable, CaseIterable {
        /// A Slack incoming webhook (a Block Kit message).
        case slack
        /// A Discord webhook (an embed).
        case discord
        /// A Microsoft Teams Workflows webhook (an Adaptive Card).
        case teams
        /// A generic JSON webhook, signed with HMAC-SHA256 when it has a secret file.
        case webhook
    }

    /// The store's id for it (0 before it is added).
    public var id: Int64
    /// The service.
    public var kind: Kind
    /// The webhook URL: https, or http to a loopback host. For Slack and Discord the path is the credential.
    public var url: String
    /// The file whose bytes (one trailing newline stripped) key the generic webhook's signature, if any.
    public var secretFile: String?
    /// The apps it is for, by name (case-insensitive) or bundle ID; empty for every app.
    public var apps: [String]
    /// The states it is for; empty for every state change.
    public var states: [ReviewState]

    /// Creates a channel.
    /// - Parameters:
    ///   - id: the store's id, 0 for a new one.
    ///   - kind: the service.
    ///   - url: the webhook URL.
    ///   - secretFile: the signing secret's file (generic webhooks).
    ///   - apps: the apps it is for; empty for all.
    ///   - states: the states it is for; empty for all.
    public init(
        id: Int64 = 0, kind: Kind, url: String, secretFile: String? = nil, apps: [String] = [],
        states: [ReviewState] = []
    ) {
        self.id = id
        self.kind = kind
        self.url = url
        self.secretFile = secretFile
        self.apps = apps
        self.states = states
    }

    /// The URL with its path hidden but for the last four characters (`https://hooks.slack.com/…Xy9Z`): the path
    /// of a Slack or Discord webhook URL is its secret, so lists and messages never show it whole.
    public var maskedURL: String {
        let parts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        // "https:", "", "host[:port]", "path..."
        guard parts.count >= 3, parts[0].hasSuffix(":"), parts[1].isEmpty else { return "…" }
        let origin = parts[0...2].joined(separator: "/")
        let path = parts.count == 4 ? "/" + parts[3] : ""
        let tail = path.count > 8 ? String(path.suffix(4)) : ""
        return path.isEmpty ? origin : origin + "/…" + tail
    }

    /// Whether a notification about `app` entering `state` goes to this channel.
    /// - Parameters:
    ///   - app: the app: one of the channel's apps by name (case-insensitively) or by bundle ID.
    ///   - state: the state entered (or, for a reminder, the state the cycle is in).
    /// - Returns: true when the app and the state are among the channel's, or it has none.
    public func wants(_ app: App, state: ReviewState) -> Bool {
        (apps.isEmpty || apps.contains { $0.lowercased() == app.name.lowercased() || $0 == app.bundleID })
            && (states.isEmpty || states.contains(state))
    }
}
