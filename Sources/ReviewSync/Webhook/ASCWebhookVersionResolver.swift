package import AppStoreConnect
package import ReviewLog

/// Resolves a webhook's App Store version id with `GET /v1/appStoreVersions/{id}?include=app`, asking each key's
/// client in turn (a version of an app that one key cannot see may be another's): `review serve`'s receiver and its
/// pending loop, and `review sync`'s pass over the pending deliveries.
package struct ASCWebhookVersionResolver: WebhookVersionResolving {
    /// The clients asked, in order.
    package let clients: [ASCClient]

    /// Creates a resolver over one client per key.
    package init(clients: [ASCClient]) {
        self.clients = clients
    }

    /// The version's app, platform, version string and build, from the first client that can see it.
    /// - Throws: `AppStoreConnectError`: `.notFound` or `.forbidden` when no client can see it (the last client's
    ///   error), `.invalidResponse` for a platform this review does not know, and any other failure at once.
    package func resolve(versionID: String) async throws -> WebhookVersion {
        try await firstVisible(versionID) { client in
            let lookup = try await client.appStoreVersion(id: versionID)
            let platform = try Self.platform(lookup.version.platform, of: "version \(versionID)")
            return WebhookVersion(
                ascAppID: lookup.app.id, appName: lookup.app.name, bundleID: lookup.app.bundleID,
                platform: platform, version: lookup.version.versionString, build: lookup.version.build?.version)
        }
    }

    /// A TestFlight delivery's build (`GET /v1/buildBetaDetails/{id}/build?include=preReleaseVersion,app,...`): its
    /// app, platform, pre-release version and build number, from the first client that can see it.
    /// - Throws: as `resolve(versionID:)`.
    package func resolve(buildBetaDetailID: String) async throws -> WebhookVersion {
        try await firstVisible("the build beta detail \(buildBetaDetailID)") { client in
            let lookup = try await client.testFlightBuild(betaDetailID: buildBetaDetailID)
            let platform = try Self.platform(lookup.preReleaseVersion.platform, of: "build \(lookup.build.id)")
            return WebhookVersion(
                ascAppID: lookup.app.id, appName: lookup.app.name, bundleID: lookup.app.bundleID,
                platform: platform, version: lookup.preReleaseVersion.version, build: lookup.build.buildNumber,
                track: .testFlight, ascBuildID: lookup.build.id)
        }
    }

    /// Asks each client in turn; one that cannot see the resource (404, 403) passes it to the next.
    private func firstVisible(
        _ what: String, _ lookup: (ASCClient) async throws -> WebhookVersion
    ) async throws -> WebhookVersion {
        var lastError: any Error = AppStoreConnectError(.notFound, "no App Store Connect key to resolve \(what)")
        for client in clients {
            do {
                return try await lookup(client)
            } catch let error as AppStoreConnectError where error.code == .notFound || error.code == .forbidden {
                lastError = error
            }
        }
        throw lastError
    }

    /// The review platform of a resource's App Store Connect platform.
    private static func platform(_ platform: ASCPlatform, of what: String) throws -> Platform {
        guard let known = SyncPass.platform(platform) else {
            throw AppStoreConnectError(
                .invalidResponse, "\(what) is on platform \(platform.rawValue), which this review does not know")
        }
        return known
    }
}
