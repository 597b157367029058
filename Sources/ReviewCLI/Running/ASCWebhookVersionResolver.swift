import AppStoreConnect
import ReviewLog
import ReviewSync
import ReviewWebhooks

/// Resolves a webhook's App Store version id with `GET /v1/appStoreVersions/{id}?include=app`, asking each key's
/// client in turn (a version of an app that one key cannot see may be another's).
struct ASCWebhookVersionResolver: WebhookVersionResolving {
    let clients: [ASCClient]

    func resolve(versionID: String) async throws -> WebhookVersion {
        var lastError: any Error = AppStoreConnectError(.notFound, "no App Store Connect key to resolve \(versionID)")
        for client in clients {
            do {
                let lookup = try await client.appStoreVersion(id: versionID)
                guard let platform = SyncPass.platform(lookup.version.platform) else {
                    throw AppStoreConnectError(
                        .invalidResponse,
                        "version \(versionID) is on platform \(lookup.version.platform.rawValue), which this review "
                            + "does not know")
                }
                return WebhookVersion(
                    ascAppID: lookup.app.id, appName: lookup.app.name, bundleID: lookup.app.bundleID,
                    platform: platform, version: lookup.version.versionString, build: lookup.version.build?.version)
            } catch let error as AppStoreConnectError where error.code == .notFound || error.code == .forbidden {
                lastError = error
            }
        }
        throw lastError
    }
}
