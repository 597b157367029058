internal import GatehouseCore

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
    /// Whether the signing tracker's alerts go to it too (`notify add --no-signing` turns them off). Its apps and
    /// states do not filter them.
    public var takesSigningAlerts: Bool
    /// The review tracks it is for (`notify add --track`, issue 24); empty for both.
    public var tracks: [ReviewTrack]

    /// Creates a channel.
    /// - Parameters:
    ///   - id: the store's id, 0 for a new one.
    ///   - kind: the service.
    ///   - url: the webhook URL.
    ///   - secretFile: the signing secret's file (generic webhooks).
    ///   - apps: the apps it is for; empty for all.
    ///   - states: the states it is for; empty for all.
    ///   - takesSigningAlerts: whether signing alerts go to it too.
    ///   - tracks: the tracks it is for; empty for both.
    public init(
        id: Int64 = 0, kind: Kind, url: String, secretFile: String? = nil, apps: [String] = [],
        states: [ReviewState] = [], takesSigningAlerts: Bool = true, tracks: [ReviewTrack] = []
    ) {
        self.tracks = tracks
        self.takesSigningAlerts = takesSigningAlerts
        self.id = id
        self.kind = kind
        self.url = url
        self.secretFile = secretFile
        self.apps = apps
        self.states = states
    }

    /// The URL as every output shows it (`URLMask`): its user information, query and fragment hidden, its path but for
    /// the last four characters of a long one (`https://hooks.slack.com/…Xy9Z`): the path of a Slack or Discord
    /// webhook URL is its secret, a Teams URL's `sig=` parameter is, and a `user:password@` is, so lists, `--json`,
    /// errors and delivery warnings never show them.
    public var maskedURL: String { URLMask.shown(url) }

    /// Whether a notification about `app` entering `state` goes to this channel.
    /// - Parameters:
    ///   - app: the app: one of the channel's apps by name (case-insensitively) or by bundle ID.
    ///   - state: the state entered (or, for a reminder, the state the cycle is in).
    ///   - track: the event's track; default App Store.
    /// - Returns: true when the app, the state and the track are among the channel's, or it has none.
    public func wants(_ app: App, state: ReviewState, track: ReviewTrack = .appStore) -> Bool {
        (apps.isEmpty || apps.contains { $0.lowercased() == app.name.lowercased() || $0 == app.bundleID })
            && (states.isEmpty || states.contains(state)) && (tracks.isEmpty || tracks.contains(track))
    }
}
