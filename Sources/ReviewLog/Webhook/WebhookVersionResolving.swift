/// Resolves an App Store version id to its app, platform and version string: ReviewSync's
/// `ASCWebhookVersionResolver` (`GET /v1/appStoreVersions/{id}?include=app`) in `review serve` and `review sync`, a
/// stub in tests. Here, beside `WebhookVersion` and `WebhookDeliveryStore`, so that the webhook receiver (ReviewWebhooks)
/// and the App Store Connect sync (ReviewSync) both see it without depending on each other.
package protocol WebhookVersionResolving: Sendable {
    /// Resolves one version id (the one a webhook named).
    /// - Throws: whatever the lookup throws (the delivery stays pending).
    func resolve(versionID: String) async throws -> WebhookVersion
}
