import GatehouseCore
import GatehouseTesting

/// What the stand-in serves: three apps and the team's signing items, dated relative to the moment it starts so that
/// `review status` shows plausible durations whenever the demo runs.
///
/// - Fokus (iOS) 2.3 is Waiting for Review, in a review submission whose `submittedDate` is 6 h 12 min ago: the sync
///   reads the submission (a second request for that app) and records the exact submission time.
/// - Ledger (macOS) 1.4 is In Review; its submission is not read (one request for the app).
/// - Tide (iOS) 3.0 is released (Ready for Distribution); one request.
/// - Fokus's TestFlight builds of 2.4 (`FakeASCState.demoTestFlight(now:)`): build 119 rejected by Beta App Review,
///   120 approved, 121 approved without a review of its own. The App Store part above does not change with them.
/// - Three certificates and three profiles (`FakeASCState.demoSigning(now:)`): the distribution certificate expires
///   in 23 days, so the Fokus App Store profile that includes it does too; the Ledger profile is INVALID.
enum StandInCatalogue {
    /// The catalogue as of `now`.
    /// - Parameter now: seconds since 1970 (the stand-in's start).
    /// - Returns: the state to serve.
    static func state(now: Int64) -> FakeASCState {
        func ago(_ seconds: Int64) -> String { CivilTime.iso8601(now - seconds) }
        let hour: Int64 = 3600
        let day = 24 * hour
        let signing = FakeASCState.demoSigning(now: now)
        return FakeASCState(
            apps: FakeASCState.App.demoApps,
            versions: [
                .init(
                    id: "vf-23", appID: "1500000001", platform: "IOS", versionString: "2.3",
                    appVersionState: "WAITING_FOR_REVIEW", createdDate: ago(3 * day),
                    build: .init(id: "bf-118", version: "118", uploadedDate: ago(7 * hour))),
                .init(
                    id: "vl-14", appID: "1500000002", platform: "MAC_OS", versionString: "1.4",
                    appVersionState: "IN_REVIEW", createdDate: ago(5 * day),
                    build: .init(id: "bl-40", version: "40", uploadedDate: ago(2 * day))),
                .init(
                    id: "vt-30", appID: "1500000003", platform: "IOS", versionString: "3.0",
                    appVersionState: "READY_FOR_DISTRIBUTION", createdDate: ago(20 * day),
                    build: .init(id: "bt-301", version: "301", uploadedDate: ago(19 * day))),
            ],
            submissions: [
                .init(
                    id: "sf-1", appID: "1500000001", platform: "IOS", submittedDate: ago(6 * hour + 12 * 60),
                    state: "WAITING_FOR_REVIEW",
                    items: [.init(id: "if-1", state: "READY_FOR_REVIEW", appStoreVersionID: "vf-23")]),
                .init(
                    id: "sl-1", appID: "1500000002", platform: "MAC_OS", submittedDate: ago(day + 3 * hour),
                    state: "IN_REVIEW",
                    items: [.init(id: "il-1", state: "READY_FOR_REVIEW", appStoreVersionID: "vl-14")]),
            ], certificates: signing.certificates, profiles: signing.profiles,
            testFlightBuilds: FakeASCState.demoTestFlight(now: now))
    }
}
