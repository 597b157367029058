import Foundation

extension FakeAppStoreConnect.Context {
    /// The parameters of `GET /v1/builds` the fake honours. Apple takes more filters (`filter[version]`,
    /// `filter[preReleaseVersion.version]`...); the fake refuses them rather than ignore them, so a test cannot pass
    /// on a filter it does not apply.
    static let buildListParameters: Set<String> = [
        "filter[app]", "filter[id]", "filter[expired]", "filter[processingState]",
        "filter[preReleaseVersion.platform]", "filter[betaAppReviewSubmission.betaReviewState]", "sort",
        "fields[builds]", "fields[preReleaseVersions]", "fields[betaAppReviewSubmissions]", "fields[buildBetaDetails]",
        "fields[apps]", "include", "limit", "cursor",
    ]
    /// The parameters of `GET /v1/buildBetaDetails/{id}/build`.
    static let betaDetailBuildParameters: Set<String> = [
        "fields[builds]", "fields[preReleaseVersions]", "fields[betaAppReviewSubmissions]", "fields[buildBetaDetails]",
        "fields[apps]", "include",
    ]
    /// The relationships of a build the fake can include (Apple's list is longer: testers, groups, icons...).
    static let buildIncludes: Set<String> = ["preReleaseVersion", "betaAppReviewSubmission", "buildBetaDetail", "app"]

    // MARK: Endpoints

    func listBuilds() -> LoopbackResponse {
        var builds = state.testFlightBuilds
        if let apps = values("filter[app]") { builds = builds.filter { apps.contains($0.appID) } }
        if let ids = values("filter[id]") { builds = builds.filter { ids.contains($0.id) } }
        if let expired = values("filter[expired]") { builds = builds.filter { expired.contains("\($0.expired)") } }
        if let states = values("filter[processingState]") {
            builds = builds.filter { states.contains($0.processingState) }
        }
        if let platforms = values("filter[preReleaseVersion.platform]") {
            builds = builds.filter { $0.preReleaseVersion.map { platforms.contains($0.platform) } ?? false }
        }
        if let states = values("filter[betaAppReviewSubmission.betaReviewState]") {
            builds = builds.filter { $0.betaReviewSubmission.map { states.contains($0.state) } ?? false }
        }
        if let sort = values("sort") {
            guard sort.count == 1, sort[0] == "uploadedDate" || sort[0] == "-uploadedDate" else {
                return parameterError(
                    "PARAMETER_ERROR.INVALID",
                    "'\(sort.joined(separator: ","))' is not a sort this fake implements (uploadedDate, -uploadedDate)")
            }
            let newestFirst = sort[0] == "-uploadedDate"
            // Stable: builds uploaded at the same instant keep list order; builds without a date come last.
            builds = builds.enumerated().sorted { a, b in
                switch (Self.instant(a.element.uploadedDate), Self.instant(b.element.uploadedDate)) {
                case let (x?, y?) where x != y: return newestFirst ? x > y : x < y
                case (_?, nil): return true
                case (nil, _?): return false
                default: return a.offset < b.offset
                }
            }.map(\.element)
        }
        return list(builds.map(render(build:)), included: builds.flatMap(includedFor(build:)))
    }

    func betaDetailBuild(_ id: String) -> LoopbackResponse {
        guard let build = state.testFlightBuilds.first(where: { $0.betaDetail?.id == id }) else {
            return notFound("buildBetaDetails", id)
        }
        return single(render(build: build), included: includedFor(build: build))
    }

    // MARK: Resources

    /// An RFC 3339 date-time, with or without a fraction.
    static func instant(_ text: String?) -> Date? {
        guard let text else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// A to-one relationship: links always, `data` (or null) only when included, as Apple answers.
    func toOne(_ name: String, of buildID: String, _ target: (type: String, id: String)?) -> [String: Any] {
        var relationship: [String: Any] = ["links": links("builds", buildID, name)]
        if includes.contains(name) {
            relationship["data"] = target.map { ["type": $0.type, "id": $0.id] as Any } ?? NSNull()
        }
        return relationship
    }

    func render(build: FakeASCState.TestFlightBuild) -> [String: Any] {
        resource(
            type: "builds", id: build.id,
            attributes: [
                ("version", build.version), ("uploadedDate", build.uploadedDate.map { $0 as Any } ?? NSNull()),
                ("expirationDate", build.expirationDate.map { $0 as Any } ?? NSNull()), ("expired", build.expired),
                ("minOsVersion", "17.0"), ("processingState", build.processingState),
                ("buildAudienceType", "APP_STORE_ELIGIBLE"), ("usesNonExemptEncryption", false),
            ],
            relationships: [
                (
                    "preReleaseVersion",
                    toOne(
                        "preReleaseVersion", of: build.id, build.preReleaseVersion.map { ("preReleaseVersions", $0.id) }
                    )
                ),
                (
                    "betaAppReviewSubmission",
                    toOne(
                        "betaAppReviewSubmission", of: build.id,
                        build.betaReviewSubmission.map { ("betaAppReviewSubmissions", $0.id) })
                ),
                (
                    "buildBetaDetail",
                    toOne("buildBetaDetail", of: build.id, build.betaDetail.map { ("buildBetaDetails", $0.id) })
                ),
                ("app", toOne("app", of: build.id, ("apps", build.appID))),
                ("betaGroups", ["links": links("builds", build.id, "betaGroups")]),
            ])
    }

    func includedFor(build: FakeASCState.TestFlightBuild) -> [[String: Any]] {
        var included: [[String: Any]] = []
        if includes.contains("preReleaseVersion"), let version = build.preReleaseVersion {
            included.append(
                resource(
                    type: "preReleaseVersions", id: version.id,
                    attributes: [("version", version.version), ("platform", version.platform)],
                    relationships: [
                        ("builds", ["links": links("preReleaseVersions", version.id, "builds")]),
                        ("app", ["links": links("preReleaseVersions", version.id, "app")]),
                    ]))
        }
        if includes.contains("betaAppReviewSubmission"), let submission = build.betaReviewSubmission {
            included.append(
                resource(
                    type: "betaAppReviewSubmissions", id: submission.id,
                    attributes: [
                        ("betaReviewState", submission.state),
                        ("submittedDate", submission.submittedDate.map { $0 as Any } ?? NSNull()),
                    ],
                    relationships: [("build", ["links": links("betaAppReviewSubmissions", submission.id, "build")])]))
        }
        if includes.contains("buildBetaDetail"), let detail = build.betaDetail {
            var attributes: [(String, Any)] = [("autoNotifyEnabled", false)]
            if let state = detail.internalBuildState { attributes.append(("internalBuildState", state)) }
            if let state = detail.externalBuildState { attributes.append(("externalBuildState", state)) }
            included.append(
                resource(
                    type: "buildBetaDetails", id: detail.id, attributes: attributes,
                    relationships: [("build", ["links": links("buildBetaDetails", detail.id, "build")])]))
        }
        if includes.contains("app"), let app = state.apps.first(where: { $0.id == build.appID }) {
            included.append(render(app: app))
        }
        return included
    }
}
