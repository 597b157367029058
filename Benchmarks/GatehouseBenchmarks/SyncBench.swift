import AppStoreConnect
import Foundation
import GatehouseTesting
import JWT
import ReviewLog
import ReviewSync

extension Bench {
    /// `review sync`'s pass in process: `SyncPass` over a fake team of 50 apps, none with a version in review, each
    /// with 3 TestFlight builds none of which is in Beta App Review (TestFlight on, as `review sync` runs it by
    /// default), with the signing tracker's look at the team's 3 certificates and 50 profiles (as `review sync` runs it),
    /// through the real HTTP client (libcurl) to the fake App Store Connect server on 127.0.0.1, into a SQLite store
    /// in the work folder. One warm-up pass records the apps; the measured passes see nothing new. Requests are the
    /// fake's own count; the time is wall time per pass and includes the fake server's work (same process).
    static func sync(settings: Settings, report: inout Report) async throws {
        let appCount = 50
        let passes = settings.quick ? 5 : 21
        var state = FakeASCState()
        for index in 1...appCount {
            let id = String(2_000_000_000 + index)
            state.apps.append(.init(id: id, name: "Bench App \(index)", bundleID: "com.example.bench\(index)"))
            // A released version and, for every other app, a draft of the next one: nothing waiting for review.
            state.versions.append(
                .init(
                    id: "v\(index)-1", appID: id, versionString: "1.\(index)",
                    appVersionState: "READY_FOR_DISTRIBUTION", build: .init(id: "b\(index)-1", version: "100")))
            if index % 2 == 0 {
                state.versions.append(
                    .init(
                        id: "v\(index)-2", appID: id, versionString: "2.\(index)",
                        appVersionState: "PREPARE_FOR_SUBMISSION"))
            }
            // TestFlight: a build approved after a review, a later one approved without one, and a new one not
            // submitted; nothing waiting or in review.
            let preRelease = FakeASCState.PreReleaseVersion(id: "prv\(index)", version: "2.\(index)")
            for (number, day) in [(101, 5), (102, 7), (103, 9)] {
                state.testFlightBuilds.append(
                    .init(
                        id: "tf\(index)-\(number)", appID: id, version: String(number),
                        uploadedDate: "2026-01-0\(day)T09:00:00.000+00:00", preReleaseVersion: preRelease))
            }
            state.setBetaReviewState("tf\(index)-101", "APPROVED", submittedDate: "2026-01-06T01:00:00.000+00:00")
            state.setExternalBuildState("tf\(index)-101", "IN_BETA_TESTING")
            state.setExternalBuildState("tf\(index)-102", "BETA_APPROVED")
        }
        for index in 1...3 {
            state.certificates.append(
                .init(
                    id: "cert\(index)", name: "Apple Distribution: Bench Ltd (\(index))",
                    serialNumber: "5E\(index)", expirationDate: "2027-0\(index)-14T09:26:53.000+00:00"))
        }
        for index in 1...appCount {
            state.profiles.append(
                .init(
                    id: "prof\(index)", name: "Bench App \(index) App Store", uuid: "UUID-\(index)",
                    createdDate: "2026-01-01T00:00:00.000+00:00", expirationDate: "2027-01-01T00:00:00.000+00:00",
                    bundleID: .init(id: "bid\(index)", identifier: "com.example.bench\(index)"),
                    certificateIDs: ["cert\(index % 3 + 1)"]))
        }
        let keyID = "BENCH0KEY1"
        let (fake, key) = try fakeAppStoreConnect(state, keyID: keyID)
        defer { fake.server.stop() }
        let path = settings.workDirectory + "/sync-bench.sqlite3"
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        let store = TimedStore(try RelationalReviewStore(sqlitePath: path))
        func run() async throws -> SyncReport { try await pass.run(apps: [], requireEveryApp: true, signing: true) }
        let client = try ASCClient(
            credentials: try ASCCredentials(keyID: keyID, issuerID: benchIssuerID, privateKey: key),
            baseURL: fake.baseURL)
        let pass = SyncPass(client: client, store: store)

        let warmUp = try await run()
        precondition(
            warmUp.syncedApps.count == appCount && warmUp.failures.isEmpty && warmUp.warnings.isEmpty,
            "the warm-up pass synced \(warmUp.syncedApps.count) of \(appCount) apps: \(warmUp.failures) "
                + "\(warmUp.warnings)")
        precondition(
            warmUp.changes.filter { $0.key.track == .testFlight }.count == 3 * appCount,
            "the warm-up pass did not see every app's 3 TestFlight builds")
        let listPagesBefore = fake.requestCount(path: "/v1/apps")
        let buildListsBefore = fake.requestCount(path: "/v1/builds")
        let submissionListsBefore = fake.requestCount(path: "/v1/reviewSubmissions")
        let signingListsBefore = fake.requestCount(path: "/v1/certificates") + fake.requestCount(path: "/v1/profiles")
        precondition(
            warmUp.signing?.changes.count == 3 + appCount && warmUp.signing?.warnings.isEmpty == true,
            "the warm-up pass recorded \(warmUp.signing?.changes.count ?? 0) signing items, not \(3 + appCount)")
        var seconds: [Double] = []
        var storeSeconds: [Double] = []
        var requests: [Int] = []
        for _ in 0..<passes {
            fake.rateLimitRemaining = 3600  // a fresh hourly budget: no pacing
            let before = fake.totalRequests
            let storeBefore = store.applySyncSeconds
            var result: SyncReport?
            seconds.append(try await Clock.time { result = try await run() })
            requests.append(fake.totalRequests - before)
            storeSeconds.append(store.applySyncSeconds - storeBefore)
            precondition(
                result?.syncedApps.count == appCount && result?.failures.isEmpty == true
                    && result?.changes.isEmpty == true && result?.signing?.changes.isEmpty == true,
                "a measured pass did not see the same \(appCount) unchanged apps")
        }
        // Per measured pass, by kind: the app list's pages, the review submission lists, the rest (version lists).
        let measured = Double(passes)
        let listPages = Double(fake.requestCount(path: "/v1/apps") - listPagesBefore) / measured
        let submissionLists =
            Double(fake.requestCount(path: "/v1/reviewSubmissions") - submissionListsBefore) / measured
        let buildLists = Double(fake.requestCount(path: "/v1/builds") - buildListsBefore) / measured
        let signingLists =
            Double(
                fake.requestCount(path: "/v1/certificates") + fake.requestCount(path: "/v1/profiles")
                    - signingListsBefore) / measured
        let perPass = Double(requests.reduce(0, +)) / measured
        // The target: at most 2 requests per app (its versions and, TestFlight on, its builds' first page) plus, per
        // key, its app list (one page per 200 apps) and its certificates' and profiles' lists. The app list page is a
        // key's, not an app's: counted with the key's (before TestFlight it was counted in the apps', 1.02 per app).
        let perApp = (Double(requests.max() ?? 0) - listPages - signingLists) / Double(appCount)
        let perKey = listPages + signingLists
        let median = medianOf(seconds)
        report.add(
            "review sync pass, \(appCount) apps, nothing in review, TestFlight on",
            "\(fixed(perApp, 2)) requests per app plus \(fixed(perKey, 0)) per key (\(fixed(perPass, 0)) per "
                + "pass: \(fixed(listPages, 0)) app list page, "
                + "\(fixed(perPass - listPages - submissionLists - buildLists - signingLists, 0)) version lists, "
                + "\(fixed(submissionLists, 0)) review submission lists, \(fixed(buildLists, 0)) TestFlight build "
                + "lists, \(fixed(signingLists, 0)) signing lists: "
                + "certificates and 50 profiles); \(fixed(median * 1000, 1)) ms per "
                + "pass (median of \(passes); min \(fixed(seconds.min()! * 1000, 1)), max "
                + "\(fixed(seconds.max()! * 1000, 1)); \(fixed(median * 1000 / Double(appCount), 2)) ms per app, of "
                + "which \(fixed(medianOf(storeSeconds) * 1000 / Double(appCount), 2)) ms recording the look: one "
                + "transaction per app, synchronous = FULL)",
            target: "≤ 2 requests per app (1 TestFlight build list) + 3 per key (app list page, 2 signing lists)",
            met: perApp <= 2 && buildLists == Double(appCount) && listPages <= 1 && signingLists <= 2,
            short: "sync \(fixed(perApp, 2)) req/app, \(fixed(median * 1000, 0)) ms/pass")
    }
}

extension Bench {
    /// The issuer ID of the benchmarks' keys.
    static let benchIssuerID = "00000000-0000-4000-8000-000000000000"

    /// The fake App Store Connect serving `state` on 127.0.0.1 to a new key, and that key.
    static func fakeAppStoreConnect(_ state: FakeASCState, keyID: String) throws -> (FakeAppStoreConnect, PrivateKey) {
        let key = try PrivateKey.generate(.ec(.p256))
        let fake = try FakeAppStoreConnect(
            keys: [.init(keyID: keyID, publicKey: key.publicKey, issuerID: benchIssuerID)], state: state,
            lifetime: .seconds(600))
        return (fake, key)
    }
}

/// A store that forwards to another and adds up the time `applySync` takes (the sync's writes: one transaction per
/// app, committed with an fsync).
final class TimedStore: ReviewStore, SigningStore, @unchecked Sendable {
    let base: RelationalReviewStore
    private let lock = NSLock()
    private var total = 0.0

    init(_ base: RelationalReviewStore) { self.base = base }

    /// Seconds spent in `applySync` so far.
    var applySyncSeconds: Double { lock.withLock { total } }

    func applySync(_ app: SyncedApp) throws(ReviewError) -> [SyncChange] {
        let start = Clock.now()
        defer {
            let elapsed = Clock.now() - start
            lock.withLock { total += elapsed }
        }
        return try base.applySync(app)
    }

    func record(_ request: LogRequest) throws(ReviewError) -> LogResult { try base.record(request) }
    func events(app: String?) throws(ReviewError) -> [ReviewEvent] { try base.events(app: app) }
    func app(named name: String) throws(ReviewError) -> App? { try base.app(named: name) }
    func appNames() throws(ReviewError) -> [String] { try base.appNames() }
    func deleteEvent(id: Int64) throws(ReviewError) -> ReviewEvent { try base.deleteEvent(id: id) }
    func importEvents(_ events: [ReviewEvent]) throws(ReviewError) -> ImportSummary { try base.importEvents(events) }
    func syncedApps() throws(ReviewError) -> [SyncedAppState] { try base.syncedApps() }
    func testFlightLook(ascAppID: String) throws(ReviewError) -> TestFlightLook {
        try base.testFlightLook(ascAppID: ascAppID)
    }
    func apps() throws(ReviewError) -> [AppSummary] { try base.apps() }
    func renameApp(_ name: String, to newName: String) throws(ReviewError) -> App {
        try base.renameApp(name, to: newName)
    }
    func mergeApp(_ name: String, into target: String) throws(ReviewError) -> AppMerge {
        try base.mergeApp(name, into: target)
    }
    func editEvent(id: Int64, note: String?, at: Timestamp?) throws(ReviewError) -> EventEdit {
        try base.editEvent(id: id, note: note, at: at)
    }
    func undoLastManualEvent() throws(ReviewError) -> UndoResult { try base.undoLastManualEvent() }

    // The signing tracker's side, forwarded untimed (the figure is the review states' recording).
    func applySigningListing(_ listing: SigningListing) throws(ReviewError) -> [SigningChange] {
        try base.applySigningListing(listing)
    }
    func trackSigningFile(_ sighting: SigningSighting, name: String?, at: Timestamp) throws(ReviewError)
        -> SigningItem
    { try base.trackSigningFile(sighting, name: name, at: at) }
    func recordSigningFileRead(id: Int64, _ sighting: SigningSighting?, at: Timestamp) throws(ReviewError)
        -> SigningChange?
    { try base.recordSigningFileRead(id: id, sighting, at: at) }
    func removeSigningItem(id: Int64) throws(ReviewError) -> SigningItem { try base.removeSigningItem(id: id) }
    func signingItems() throws(ReviewError) -> [SigningItem] { try base.signingItems() }
    func signingAlertDays() throws(ReviewError) -> [Int64] { try base.signingAlertDays() }
    func setSigningAlertDays(_ days: [Int64]) throws(ReviewError) -> [Int64] { try base.setSigningAlertDays(days) }
    func recordSigningAlerts(now: Timestamp) throws(ReviewError) -> Int { try base.recordSigningAlerts(now: now) }
    func claimDueSigningAlerts(now: Timestamp, lease: Int64, ignoringBackoff: Bool) throws(ReviewError)
        -> [OutboxSigningAlert]
    { try base.claimDueSigningAlerts(now: now, lease: lease, ignoringBackoff: ignoringBackoff) }
    func markSigningAlertDelivered(id: Int64, at: Timestamp) throws(ReviewError) {
        try base.markSigningAlertDelivered(id: id, at: at)
    }
    func markSigningAlertFailed(id: Int64, at: Timestamp, error: String, retryAt: Timestamp?) throws(ReviewError) {
        try base.markSigningAlertFailed(id: id, at: at, error: error, retryAt: retryAt)
    }
    func signingAlerts(statuses: Set<OutboxNotification.Status>) throws(ReviewError) -> [OutboxSigningAlert] {
        try base.signingAlerts(statuses: statuses)
    }
}
