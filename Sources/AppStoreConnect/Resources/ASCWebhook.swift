/// An App Store Connect webhook, as `GET /v1/apps/{id}/webhooks` and `POST /v1/webhooks` give it. Its secret is
/// write-only: App Store Connect never returns it.
public struct ASCWebhook: Sendable, Hashable, Identifiable {
    /// The event type of an App Store version's state change (`APP_STORE_VERSION_APP_VERSION_STATE_UPDATED`), the
    /// one review states need.
    public static let versionStateEventType = "APP_STORE_VERSION_APP_VERSION_STATE_UPDATED"
    /// The event type of a TestFlight build's external build state change
    /// (`BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED`), Beta App Review's (issue 24).
    public static let buildBetaStateEventType = "BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED"
    /// The event types `review webhook create` subscribes to: both review tracks.
    public static let reviewEventTypes = [versionStateEventType, buildBetaStateEventType]

    /// App Store Connect's ID of the webhook.
    public let id: String
    /// Its name.
    public let name: String
    /// Where it delivers.
    public let url: String
    /// Whether it delivers.
    public let enabled: Bool
    /// The event types it delivers (`WebhookEventType` values).
    public let eventTypes: [String]

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the webhook's ID.
    ///   - enabled: whether it delivers.
    public init(id: String, name: String, url: String, enabled: Bool, eventTypes: [String]) {
        self.id = id
        self.name = name
        self.url = url
        self.enabled = enabled
        self.eventTypes = eventTypes
    }

    /// Reads a `webhooks` resource.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "webhooks")
        id = resource.id
        name = try resource.optionalString("name") ?? ""
        url = try resource.optionalString("url") ?? ""
        enabled = resource.attributes["enabled"]?.boolValue ?? false
        eventTypes = (resource.attributes["eventTypes"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
