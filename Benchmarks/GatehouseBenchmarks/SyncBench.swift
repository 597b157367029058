import AppStoreConnect
import Foundation
import GatehouseTesting
import JWT
import ReviewLog
import ReviewSync

extension Bench {
    /// `review sync`'s pass in process: `SyncPass` over a fake team of 50 apps, none with a version in review,
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
        }
        let keyID = "BENCH0KEY1"
        let (fake, key) = try fakeAppStoreConnect(state, keyID: keyID)
        defer { fake.server.stop() }
        let path = settings.workDirectory + "/sync-bench.sqlite3"
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        let store = TimedStore(try RelationalReviewStore(sqlitePath: path))
        let client = try ASCClient(
            credentials: try ASCCredentials(keyID: keyID, issuerID: benchIssuerID, privateKey: key),
            baseURL: fake.baseURL)
        let pass = SyncPass(client: client, store: store)

        let warmUp = try await pass.run()
        precondition(
            warmUp.syncedApps.count == appCount && warmUp.failures.isEmpty,
            "the warm-up pass synced \(warmUp.syncedApps.count) of \(appCount) apps: \(warmUp.failures)")
        let listPagesBefore = fake.requestCount(path: "/v1/apps")
        let submissionListsBefore = fake.requestCount(path: "/v1/reviewSubmissions")
        var seconds: [Double] = []
        var storeSeconds: [Double] = []
        var requests: [Int] = []
        for _ in 0..<passes {
            fake.rateLimitRemaining = 3600  // a fresh hourly budget: no pacing
            let before = fake.totalRequests
            let storeBefore = store.applySyncSeconds
            var result: SyncReport?
            seconds.append(try await Clock.time { result = try await pass.run() })
            requests.append(fake.totalRequests - before)
            storeSeconds.append(store.applySyncSeconds - storeBefore)
            precondition(
                result?.syncedApps.count == appCount && result?.failures.isEmpty == true
                    && result?.changes.isEmpty == true,
                "a measured pass did not see the same \(appCount) unchanged apps")
        }
        // Per measured pass, by kind: the app list's pages, the review submission lists, the rest (version lists).
        let measured = Double(passes)
        let listPages = Double(fake.requestCount(path: "/v1/apps") - listPagesBefore) / measured
        let submissionLists =
            Double(fake.requestCount(path: "/v1/reviewSubmissions") - submissionListsBefore) / measured
        let perPass = Double(requests.reduce(0, +)) / measured
        let perApp = Double(requests.max() ?? 0) / Double(appCount)
        let median = medianOf(seconds)
        report.add(
            "review sync pass, \(appCount) apps, nothing in review",
            "\(fixed(perApp, 2)) requests per app (\(fixed(perPass, 0)) per pass: \(fixed(listPages, 0)) app list "
                + "page, \(fixed(perPass - listPages - submissionLists, 0)) version lists, "
                + "\(fixed(submissionLists, 0)) review submission lists); \(fixed(median * 1000, 1)) ms per "
                + "pass (median of \(passes); min \(fixed(seconds.min()! * 1000, 1)), max "
                + "\(fixed(seconds.max()! * 1000, 1)); \(fixed(median * 1000 / Double(appCount), 2)) ms per app, of "
                + "which \(fixed(medianOf(storeSeconds) * 1000 / Double(appCount), 2)) ms recording the look: one "
                + "transaction per app, synchronous = FULL)",
            target: "≤ 2 requests per app", met: perApp <= 2,
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
final class TimedStore: ReviewStore, @unchecked Sendable {
    let base: any ReviewStore
    private let lock = NSLock()
    private var total = 0.0

    init(_ base: any ReviewStore) { self.base = base }

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
}
