import GatehouseCore

extension FakeASCState.App {
    /// The three apps of the demo (`gatehouse-asc-standin`) and of the `review sync` end-to-end tests: Fokus (iOS),
    /// Ledger (macOS) and Tide (iOS), in list order. Their versions and submissions are each user's own.
    public static let demoApps: [FakeASCState.App] = [
        .init(id: "1500000001", name: "Fokus", bundleID: "com.example.fokus"),
        .init(id: "1500000002", name: "Ledger", bundleID: "com.example.ledger"),
        .init(id: "1500000003", name: "Tide", bundleID: "com.example.tide"),
    ]
}

extension FakeASCState {
    /// The team's signing items of the demo (`gatehouse-asc-standin`), dated relative to `now` as Apple writes dates
    /// (`2027-03-14T09:26:53.000+00:00`):
    ///
    /// - certificates: Apple Distribution (`c-dist`, expires in 23 days: within the 30-day alert), Apple
    ///   Development (`c-dev`, 200 days) and a Pass Type ID certificate (`c-pass`, 310 days);
    /// - profiles: Fokus App Store (`p-fokus-store`, ACTIVE, 340 days of its own but it includes `c-dist`, which
    ///   expires first), Tide Development (`p-tide-dev`, ACTIVE, 150 days, `c-dev`) and Ledger Mac App Store
    ///   (`p-ledger-store`, INVALID: its certificate was revoked).
    /// - Parameter now: seconds since 1970.
    /// - Returns: the certificates and profiles.
    public static func demoSigning(now: Int64) -> (certificates: [Certificate], profiles: [Profile]) {
        let day: Int64 = 86_400
        func date(_ offset: Int64) -> String {
            String(CivilTime.iso8601(now + offset).dropLast()) + ".000+00:00"
        }
        let certificates: [Certificate] = [
            .init(
                id: "c-dist", name: "Apple Distribution: Example Ltd (A1B2C3D4E5)", certificateType: "DISTRIBUTION",
                serialNumber: "5A1B3C7D9E0F2468", platform: "IOS", expirationDate: date(23 * day + 3 * 3600)),
            .init(
                id: "c-dev", name: "Apple Development: Dana Kim (Q7W8E9R0T1)", certificateType: "DEVELOPMENT",
                displayName: "Dana Kim", serialNumber: "1F2E3D4C5B6A7988", platform: "IOS",
                expirationDate: date(200 * day)),
            .init(
                id: "c-pass", name: "Pass Type ID: pass.com.example.fokus", certificateType: "PASS_TYPE_ID",
                serialNumber: "0C0FFEE0DECAF123", platform: nil, expirationDate: date(310 * day)),
        ]
        let profiles: [Profile] = [
            .init(
                id: "p-fokus-store", name: "Fokus App Store", profileType: "IOS_APP_STORE",
                uuid: "3f1c2b9e-5a47-4d0e-9c8b-7a6f5e4d3c21", createdDate: date(-25 * day),
                expirationDate: date(340 * day),
                bundleID: .init(id: "b-fokus", identifier: "com.example.fokus", name: "Fokus"),
                certificateIDs: ["c-dist"]),
            .init(
                id: "p-tide-dev", name: "Tide Development", profileType: "IOS_APP_DEVELOPMENT",
                uuid: "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", createdDate: date(-215 * day),
                expirationDate: date(150 * day),
                bundleID: .init(id: "b-tide", identifier: "com.example.tide", name: "Tide"),
                certificateIDs: ["c-dev"]),
            .init(
                id: "p-ledger-store", name: "Ledger Mac App Store", platform: "MAC_OS", profileType: "MAC_APP_STORE",
                profileState: "INVALID", uuid: "c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f", createdDate: date(-245 * day),
                expirationDate: date(120 * day),
                bundleID: .init(id: "b-ledger", identifier: "com.example.ledger", name: "Ledger", platform: "MAC_OS"),
                certificateIDs: []),
        ]
        return (certificates, profiles)
    }
}

extension FakeASCState {
    /// Fokus's TestFlight history in the demo (`gatehouse-asc-standin`), step by step, dated relative to `now` as
    /// Apple writes dates; each step is the whole list of Fokus's TestFlight builds (iOS, pre-release version 2.4) at
    /// that point, oldest upload first:
    ///
    /// 1. build 119 (`tf-119`, uploaded 4 days ago) is submitted to Beta App Review 3 h later: `WAITING_FOR_REVIEW`
    ///    (`WAITING_FOR_BETA_REVIEW`);
    /// 2. it is `IN_REVIEW` (`IN_BETA_REVIEW`);
    /// 3. it is `REJECTED` (`BETA_REJECTED`);
    /// 4. build 120 (`tf-120`, uploaded 2 days ago) is submitted 40 min later: `WAITING_FOR_REVIEW`;
    /// 5. it is `APPROVED` (`BETA_APPROVED`);
    /// 6. build 121 (`tf-121`, uploaded 5 h ago), of the same pre-release version, is approved without a review:
    ///    no submission, `externalBuildState` `BETA_APPROVED`; 120 is then `IN_BETA_TESTING`.
    ///
    /// The stand-in serves the last step (`demoTestFlight(now:)`); tests can serve the steps in turn.
    /// - Parameter now: seconds since 1970.
    /// - Returns: the six steps.
    public static func demoTestFlightSteps(now: Int64) -> [[TestFlightBuild]] {
        let hour: Int64 = 3600
        let day = 24 * hour
        func date(_ offset: Int64) -> String { String(CivilTime.iso8601(now + offset).dropLast()) + ".000+00:00" }
        let fokus = "1500000001"
        let version = PreReleaseVersion(id: "prv-fokus-24", version: "2.4", platform: "IOS")
        func build(_ number: String, uploaded: Int64) -> TestFlightBuild {
            TestFlightBuild(
                id: "tf-\(number)", appID: fokus, version: number, uploadedDate: date(-uploaded),
                expirationDate: date(90 * day - uploaded), preReleaseVersion: version,
                betaDetail: BetaDetail(id: "bbd-tf-\(number)", externalBuildState: "READY_FOR_BETA_SUBMISSION"))
        }
        var steps: [[TestFlightBuild]] = []
        var state = FakeASCState(testFlightBuilds: [build("119", uploaded: 4 * day)])
        func step(_ changes: (inout FakeASCState) -> Void) {
            changes(&state)
            steps.append(state.testFlightBuilds)
        }
        step {
            $0.setBetaReviewState("tf-119", "WAITING_FOR_REVIEW", submittedDate: date(-4 * day + 3 * hour))
            $0.setExternalBuildState("tf-119", "WAITING_FOR_BETA_REVIEW")
        }
        step {
            $0.setBetaReviewState("tf-119", "IN_REVIEW")
            $0.setExternalBuildState("tf-119", "IN_BETA_REVIEW")
        }
        step {
            $0.setBetaReviewState("tf-119", "REJECTED")
            $0.setExternalBuildState("tf-119", "BETA_REJECTED")
        }
        step {
            $0.testFlightBuilds.append(build("120", uploaded: 2 * day))
            $0.setBetaReviewState("tf-120", "WAITING_FOR_REVIEW", submittedDate: date(-2 * day + 40 * 60))
            $0.setExternalBuildState("tf-120", "WAITING_FOR_BETA_REVIEW")
        }
        step {
            $0.setBetaReviewState("tf-120", "APPROVED")
            $0.setExternalBuildState("tf-120", "BETA_APPROVED")
        }
        step {
            $0.setExternalBuildState("tf-120", "IN_BETA_TESTING")
            $0.testFlightBuilds.append(build("121", uploaded: 5 * hour))
            $0.setExternalBuildState("tf-121", "BETA_APPROVED")
        }
        return steps
    }

    /// Fokus's TestFlight builds as the demo serves them: the last of `demoTestFlightSteps(now:)` (119 rejected, 120
    /// approved by review, 121 approved without one).
    /// - Parameter now: seconds since 1970.
    /// - Returns: the builds.
    public static func demoTestFlight(now: Int64) -> [TestFlightBuild] {
        demoTestFlightSteps(now: now).last ?? []
    }
}
