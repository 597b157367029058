import AppStoreConnect
import GatehouseCore
import GatehouseFoundation
import ReviewLog

/// The TestFlight side of a look at one app (issue 24): its builds and their Beta App Review.
extension SyncPass {
    /// One app's TestFlight builds, every platform's, newest upload first, as far back as the last look needs.
    ///
    /// The first page is always read (one request: with nothing changed, the only one). A next page is read only
    /// while every build of the page before was uploaded at or after the last look (`ReviewStore.testFlightLook`):
    /// the list is newest first, so the page after one holding an older build holds older builds only. On the first
    /// look ever (no last look) the first page only is read: a long history is not walked, and older builds are not of
    /// interest. The builds the last look saw in Beta App Review (waiting or in review) that the pages read do not
    /// show are then read by ID, with one request (`filter[id]`, up to 50 builds), wherever they are in the list.
    ///
    /// A build uploaded before the last look and submitted after it is found only while it is on the first page.
    ///
    /// Failures are warnings, never the app's failure, and the look is then nil (the store keeps its last look, and
    /// the next pass reads back as far): a 403 or 404 (the key's role or the account does not reach TestFlight), and
    /// any other (App Store Connect unavailable, an unreadable answer), so that the app's App Store states are still
    /// recorded. A build without a pre-release version, of a platform this review does not know, of another app, or
    /// with a value breaking the storage rule (`Validation`) is skipped with a warning.
    /// - Parameter app: the app.
    /// - Returns: the look (nil when the builds could not be read) and its warnings.
    /// - Throws: `ReviewError` when the store cannot tell where the last look stood.
    func look(atTestFlightOf app: ASCApp) async throws -> (SyncedTestFlight?, [String]) {
        let store = self.store
        let appID = app.id
        let look = try await store.offload { () throws(ReviewError) -> TestFlightLook in
            try store.testFlightLook(ascAppID: appID)
        }
        let appName = ControlCharacters.escaped(app.name)
        var read: [ASCTestFlightBuild] = []
        do {
            var page = try await client.testFlightBuildsPage(appID: app.id)
            read = page.builds
            while let lastLook = look.lastLook, let next = page.next, !page.builds.isEmpty,
                page.builds.allSatisfy({ Self.isUploaded($0, atOrAfter: lastLook) })
            {
                page = try await client.testFlightBuildsPage(appID: app.id, next: next)
                read += page.builds
            }
            let seen = Set(read.map { ExactString($0.id) })
            let missing = look.openBuildIDs.filter { !seen.contains(ExactString($0)) }
            if !missing.isEmpty { read += try await client.testFlightBuilds(ids: missing) }
        } catch let error as AppStoreConnectError where error.code == .forbidden || error.code == .notFound {
            return (
                nil,
                [
                    "the key \(client.credentials.keyID) cannot read \(appName)'s TestFlight builds "
                        + "(\(ControlCharacters.escaped(error.reason))); "
                        + "its App Store states are synced, its TestFlight builds are not, and what the store has of "
                        + "them is kept: give the key a role that reads TestFlight builds (App Manager or Admin), or "
                        + "leave TestFlight out of this key's syncs"
                ]
            )
        } catch {
            let reason = ControlCharacters.escaped((error as? AppStoreConnectError)?.reason ?? "\(error)")
            return (
                nil,
                [
                    "\(appName)'s TestFlight builds could not be read (\(reason)); its App Store states are synced, "
                        + "and its TestFlight builds are read again at the next pass, as far back as this one would have"
                ]
            )
        }
        var warnings: [String] = []
        var builds: [SyncedBuild] = []
        var kept = Set<ExactString>()
        for build in read where kept.insert(ExactString(build.id)).inserted {
            let what = "\(appName) TestFlight build \(ControlCharacters.escaped(build.id))"
            if let other = build.appID, !ExactString.equal(other, app.id) {
                warnings.append("\(what): belongs to app \(ControlCharacters.escaped(other)); skipped")
                continue
            }
            guard let preRelease = build.preReleaseVersion else {
                warnings.append(
                    "\(what) (\(ControlCharacters.escaped(build.buildNumber))): no pre-release version; skipped")
                continue
            }
            guard let platform = Self.platform(preRelease.platform) else {
                warnings.append(
                    "\(what) (\(ControlCharacters.escaped(build.buildNumber))): platform "
                        + "\(ControlCharacters.escaped(preRelease.platform.rawValue)) is not one this review knows; "
                        + "skipped")
                continue
            }
            let submission = build.betaAppReviewSubmission
            let synced = SyncedBuild(
                ascID: build.id, platform: platform, version: preRelease.version, build: build.buildNumber,
                uploadedAt: build.uploadedDate.map(Timestamp.init), reviewState: submission?.state.rawValue,
                externalState: build.buildBetaDetail?.externalBuildState?.rawValue,
                submission: submission.flatMap { submission in
                    submission.submittedDate.map { SyncedSubmission(ascID: submission.id, submittedAt: Timestamp($0)) }
                })
            // The storage rule, as for versions: skipped with a warning, never stored altered.
            if let problem = Validation.problem(syncedBuild: synced) {
                warnings.append("\(what): \(problem); skipped")
                continue
            }
            builds.append(synced)
        }
        return (SyncedTestFlight(builds: builds), warnings)
    }

    /// Whether a build was uploaded at or after `instant` (a build without an upload date is counted as older: it
    /// does not make the look read further back).
    static func isUploaded(_ build: ASCTestFlightBuild, atOrAfter instant: Timestamp) -> Bool {
        guard let uploaded = build.uploadedDate else { return false }
        return Timestamp(uploaded) >= instant
    }
}
