/// Resolves an App Store version id to its app, platform and version string: ReviewSync's
/// `ASCWebhookVersionResolver` (`GET /v1/appStoreVersions/{id}?include=app`) in `review serve` and `review sync`, a
/// stub in tests. Here, beside `WebhookVersion` and `WebhookDeliveryStore`, so that the webhook receiver (ReviewWebhooks)
/// and the App Store Connect sync (ReviewSync) both see it without depending on each other.
package protocol WebhookVersionResolving: Sendable {
    /// Resolves one version id (the one a webhook named).
    /// - Throws: whatever the lookup throws (the delivery stays pending).
    func resolve(versionID: String) async throws -> WebhookVersion

    /// Resolves a TestFlight delivery's build beta detail id to its build: the app, the platform, the pre-release
    /// version and the build number, with `track` TestFlight.
    /// - Parameter buildBetaDetailID: the delivery's `relationships.instance.data.id`.
    /// - Returns: the build.
    /// - Throws: what the lookup threw.
    func resolve(buildBetaDetailID: String) async throws -> WebhookVersion
}

extension WebhookVersionResolving {
    /// Resolves what a state-change delivery names: its App Store version, or its TestFlight build.
    /// - Parameter delivery: the delivery.
    /// - Returns: the version or build.
    /// - Throws: what the lookup threw; `ReviewError.invalidValue` for a ping, which names nothing.
    package func resolve(subjectOf delivery: WebhookDelivery) async throws -> WebhookVersion {
        switch delivery.kind {
        case .stateChange(let id, _, _): return try await resolve(versionID: id)
        case .buildStateChange(let id, _, _): return try await resolve(buildBetaDetailID: id)
        case .ping: throw ReviewError(.invalidValue, "a ping names no version to resolve")
        }
    }
}
