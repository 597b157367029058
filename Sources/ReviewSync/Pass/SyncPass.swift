import AppStoreConnect
public import GatehouseCore
import GatehouseFoundation
public import ReviewLog

/// One pass over the apps an App Store Connect key can see: each app's versions (and, when one is waiting for
/// review, its review submissions, for the exact submission time) and, unless left out, its TestFlight builds (their
/// Beta App Review), recorded in the store atomically per app.
///
/// Requests: one for the app list (per page), then per app one for its versions, plus one for its review submissions
/// only while a version is Waiting for Review (the only time `submittedDate` is needed), plus one for its TestFlight
/// builds of every platform (the first page; more only as `look(atTestFlightOf:)` says): with nothing changed, at
/// most two per app without a version waiting for review, three with one.
public struct SyncPass: Sendable {
    /// The App Store Connect client (credentials, base URL, retries, rate limit).
    public let client: ASCClient
    /// The store the states (and the signing items) go to.
    public let store: any ReviewStore & SigningStore
    /// The profile name recorded with each app, if any.
    public let profile: String?
    /// The clock the look times are read from.
    public let clock: any TimeSource
    /// When set, the pass ends before its next app (the watcher's stop); nil: it always runs to the end.
    public let stop: StopFlag?

    /// Creates a pass.
    /// - Parameters:
    ///   - client: the App Store Connect client.
    ///   - store: the review store.
    ///   - profile: the credentials profile's name, if any.
    ///   - clock: the time source; default the system clock.
    ///   - stop: a flag that ends the pass before its next app; default none.
    public init(
        client: ASCClient, store: any ReviewStore & SigningStore, profile: String? = nil,
        clock: any TimeSource = .system,
        stop: StopFlag? = nil
    ) {
        self.client = client
        self.store = store
        self.profile = profile
        self.clock = clock
        self.stop = stop
    }

    /// Runs the pass.
    /// - Parameter apps: names or bundle IDs to sync (case-insensitive names); empty for every app the key sees.
    /// - Returns: what changed, the warnings, and the apps that failed (the others are recorded); when `stop` was set
    ///   during the pass, the apps recorded until then.
    /// - Throws: `SyncError` when the app list itself cannot be read (credentials refused: `notAuthorized`,
    ///   `forbidden`; App Store Connect unavailable), or an app asked for is not visible to the key.
    public func run(apps filter: [String] = []) async throws(SyncError) -> SyncReport {
        try await run(apps: filter, requireEveryApp: true, signing: false, testFlight: true)
    }

    /// Runs the pass over the apps of `filter` this key can see.
    /// - Parameters:
    ///   - filter: names or bundle IDs; empty for every app.
    ///   - requireEveryApp: whether a name this key does not see is an error (one key), or is only listed in the
    ///     report's `unseenApps` (several keys, each seeing some of the apps).
    ///   - signing: whether the pass then looks at the key's certificates and profiles (``SigningPass``), unless
    ///     `stop` was set; a list that cannot be read is a warning of the report's `signing`, never a failure.
    ///   - testFlight: whether each app's TestFlight builds are read too (the default); false leaves what the store
    ///     has of them as it is, and sends no TestFlight request. Builds that cannot be read (a 403 or 404: the key's
    ///     role or the account does not reach them; any other failure) are a warning, never the app's failure.
    /// - Returns: the report.
    /// - Throws: as `run(apps:)`.
    public func run(
        apps filter: [String], requireEveryApp: Bool, signing: Bool = false, testFlight: Bool = true
    ) async throws(SyncError) -> SyncReport {
        let listed: [ASCApp]
        do {
            listed = try await client.apps()
        } catch let error as AppStoreConnectError {
            throw SyncError(wrapping: error, doing: "listing the apps")
        } catch {
            throw SyncError(.unavailable, "listing the apps failed: \(error)")
        }
        var selected = listed
        var unseen: [String] = []
        if !filter.isEmpty {
            selected = []
            for wanted in filter {
                let matches = listed.filter {
                    $0.bundleID == wanted || $0.name.lowercased() == wanted.lowercased()
                }
                if matches.isEmpty, !requireEveryApp {
                    unseen.append(wanted)
                    continue
                }
                guard !matches.isEmpty else {
                    throw SyncError(
                        .appNotFound,
                        "no app named or with bundle ID \"\(wanted)\" is visible to the key \(client.credentials.keyID)"
                            + "; it sees " + (listed.isEmpty ? "no apps" : listed.map(\.name).joined(separator: ", ")))
                }
                selected += matches.filter { match in !selected.contains { $0.id == match.id } }
            }
        }
        var report = SyncReport(profile: profile)
        report.unseenApps = unseen
        for app in selected {
            if stop?.isSet == true { break }
            // An app whose name breaks the storage rule (`Validation`) is skipped with a warning showing it escaped.
            if let problem = Validation.appName(app.name) {
                report.warnings.append(
                    "App Store Connect app \(ControlCharacters.escaped(app.id)): \(problem); skipped")
                continue
            }
            do {
                let (synced, warnings) = try await look(at: app, testFlight: testFlight)
                report.warnings += warnings
                // On the store's own queue (`offload`): a write waiting for the database's lock holds no cooperative
                // thread.
                let store = self.store
                let changes = try await store.offload { () throws(ReviewError) -> [SyncChange] in
                    try store.applySync(synced)
                }
                report.changes += changes
                for change in changes {
                    guard let submitted = change.ignoredSubmittedAt, let recorded = change.event else { continue }
                    report.warnings.append(
                        "\(ControlCharacters.escaped(change.key.app)) \(ControlCharacters.escaped(change.key.version)) "
                            + "(\(change.key.platform.name)): App Store Connect's submittedDate \(submitted.iso8601) "
                            + "is before the version's last recorded event, so Waiting for Review is recorded at this "
                            + "look, \(recorded.at.iso8601) (observed), not at that date")
                }
                report.syncedApps.append(app.name)
            } catch let error as AppStoreConnectError where error.code == .notAuthorized {
                throw SyncError(wrapping: error, doing: "reading \(app.name)")
            } catch let error as AppStoreConnectError {
                report.failures.append(SyncError(wrapping: error, doing: "reading \(app.name)"))
            } catch let error as ReviewError {
                throw SyncError(.store, "recording \(app.name): \(error.reason)", reviewError: error)
            } catch {
                report.failures.append(SyncError(.unavailable, "reading \(app.name): \(error)"))
            }
        }
        if signing, stop?.isSet != true {
            do throws(ReviewError) {
                report.signing = try await SigningPass(client: client, store: store, profile: profile, clock: clock)
                    .run()
            } catch {
                throw SyncError(.store, "recording the signing items: \(error.reason)", reviewError: error)
            }
        }
        return report
    }

    /// One app: its versions, its review submissions while one is waiting for review, and its TestFlight builds
    /// when `testFlight` (`look(atTestFlightOf:)`: their failures are warnings; a store failure is thrown).
    func look(at app: ASCApp, testFlight: Bool) async throws -> (SyncedApp, [String]) {
        let versions = try await client.appStoreVersions(appID: app.id)
        var warnings: [String] = []
        var submissions: [ASCReviewSubmission] = []
        if versions.contains(where: { $0.state?.rawValue == ReviewState.waitingForReview.apiString }) {
            do {
                submissions = try await client.reviewSubmissions(appID: app.id)
            } catch let error as AppStoreConnectError where error.code == .forbidden {
                warnings.append(
                    "the key \(client.credentials.keyID) cannot read \(app.name)'s review submissions (\(error.reason)); "
                        + "its version states are synced, and Waiting for Review is timed by this look, not by the "
                        + "submission date: give the key the App Manager or Admin role for exact times")
            }
        }
        let fetchedAt = Timestamp(now: clock)
        var synced: [SyncedVersion] = []
        // Values from App Store Connect are shown with their control characters escaped (issue 20 item 5).
        let appName = ControlCharacters.escaped(app.name)
        for version in versions {
            guard let platform = Self.platform(version.platform) else {
                warnings.append(
                    "\(appName) \(ControlCharacters.escaped(version.versionString)): platform "
                        + "\(ControlCharacters.escaped(version.platform.rawValue)) is not one this review knows; skipped"
                )
                continue
            }
            guard let state = version.state?.rawValue else { continue }
            // The latest submission (by submittedDate) holding this version.
            let submission =
                submissions
                .filter { $0.submittedDate != nil && $0.items.contains { $0.appStoreVersionID == version.id } }
                .max { $0.submittedDate! < $1.submittedDate! }
                .map {
                    SyncedSubmission(
                        ascID: $0.id,
                        submittedAt: Timestamp($0.submittedDate!))
                }
            let seen = SyncedVersion(
                ascID: version.id, platform: platform, version: version.versionString, build: version.build?.version,
                state: state, submission: submission)
            // The storage rule (`Validation`): a value breaking it is skipped with a warning, as an unknown platform
            // is, rather than stored altered: a replaced or cut version string would be a version that never was.
            if let problem = Validation.problem(syncedVersion: seen) {
                warnings.append("\(appName) version \(ControlCharacters.escaped(version.id)): \(problem); skipped")
                continue
            }
            synced.append(seen)
        }
        // Read after `fetchedAt` is taken: a build uploaded after the look's time is newer than it at the next look.
        var builds: SyncedTestFlight?
        if testFlight {
            let (seen, buildWarnings) = try await look(atTestFlightOf: app)
            builds = seen
            warnings += buildWarnings
        }
        return (
            SyncedApp(
                ascID: app.id, name: app.name, bundleID: app.bundleID, profile: profile, fetchedAt: fetchedAt,
                versions: synced, testFlight: builds), warnings
        )
    }

    /// The review platform of an App Store Connect platform value (there is no watchOS value: watch apps ship inside
    /// the iOS version).
    package static func platform(_ platform: ASCPlatform) -> Platform? {
        switch platform.rawValue {
        case "IOS": .iOS
        case "MAC_OS": .macOS
        case "TV_OS": .tvOS
        case "VISION_OS": .visionOS
        default: nil
        }
    }
}
