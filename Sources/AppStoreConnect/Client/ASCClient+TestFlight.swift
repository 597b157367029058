internal import GatehouseCore

extension ASCClient {
    /// One page of an app's TestFlight builds of every platform, newest upload first, each with its pre-release
    /// version, Beta App Review submission and TestFlight details
    /// (`GET /v1/builds?filter[app]=<id>&sort=-uploadedDate&include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail`,
    /// `limit` = `configuration.pageSize`): one request. Read the first page, then follow `next` only as far back as
    /// needed.
    /// - Parameters:
    ///   - appID: the app's ID.
    ///   - next: the `next` of the previous page of this same listing; nil for the first page.
    /// - Returns: the page's builds in App Store Connect's order, and the next page when there is one.
    /// - Throws: `AppStoreConnectError`: `forbidden` when the key's role cannot read builds, `invalidConfiguration`
    ///   for a `next` of another listing (another app, page size or base URL), `paginationFailure` for a `links.next`
    ///   on another origin, already fetched or beyond `maximumPages`, `invalidResponse` for a build of another app or
    ///   one linking a resource the document does not include, and the transport codes.
    public func testFlightBuildsPage(appID: String, next: ASCNextPage? = nil) async throws -> ASCTestFlightBuildPage {
        let appID = try Self.checkID(appID, "app")
        let firstURL = ASCVocabulary.testFlightBuilds.url(
            base: baseURL, filters: [("filter[app]", [appID])], limits: ["limit": configuration.pageSize])
        var trail: PageTrail
        let url: String
        if let next {
            guard ExactString.equal(next.trail.firstURL, firstURL) else {
                throw AppStoreConnectError(
                    .invalidConfiguration,
                    "the next page given continues another listing, \(Quoting.quoted(next.trail.firstURL, limit: 1000)), "
                        + "not \(firstURL) (another app, page size or base URL); pass the next page of a page of app "
                        + "\(Quoting.token(appID))'s TestFlight builds read by a client like this one")
            }
            trail = next.trail
            url = next.url
        } else {
            trail = PageTrail(firstURL: firstURL)
            url = firstURL
        }
        let document = try await fetch(url)
        let builds = try document.data.map {
            try ASCTestFlightBuild(resource: $0, included: document.included, expectedAppID: appID)
        }
        let nextURL = try trail.next(after: document, from: url, client: self)
        return ASCTestFlightBuildPage(
            builds: builds, next: nextURL.map { ASCNextPage(url: $0, trail: trail) }, total: document.total)
    }

    /// Some TestFlight builds by ID, with the same includes as `testFlightBuildsPage(appID:next:)`
    /// (`GET /v1/builds?filter[id]=<ids>`), all pages: for builds still open that the first pages no longer show.
    /// IDs are deduplicated and sent at most `ASCVocabulary.idsPerFilter` (50) per request.
    /// - Parameter ids: the builds' IDs; empty sends nothing.
    /// - Returns: the builds App Store Connect still has, in its order (a deleted build is simply absent);
    ///   `appID` is set when the response links the app.
    /// - Throws: `AppStoreConnectError`: `invalidConfiguration` for an empty or overlong ID, `forbidden` when the
    ///   key's role cannot read builds, `invalidResponse` for a build not asked for, and the codes of
    ///   `testFlightBuildsPage(appID:next:)`.
    public func testFlightBuilds(ids: [String]) async throws -> [ASCTestFlightBuild] {
        var unique: [String] = []
        var seen = Set<ExactString>()
        for id in ids {
            if seen.insert(ExactString(try Self.checkID(id, "build"))).inserted { unique.append(id) }
        }
        var builds: [ASCTestFlightBuild] = []
        for start in stride(from: 0, to: unique.count, by: ASCVocabulary.idsPerFilter) {
            let chunk = Array(unique[start..<min(start + ASCVocabulary.idsPerFilter, unique.count)])
            let url = ASCVocabulary.testFlightBuilds.url(
                base: baseURL, filters: [("filter[id]", chunk)], limits: ["limit": configuration.pageSize])
            let asked = Set(chunk.map { ExactString($0) })
            for document in try await fetchAll(url) {
                for resource in document.data {
                    guard asked.contains(ExactString(resource.id)) else {
                        throw JSONAPIResource.invalid(
                            url, "\(resource.describe) was not asked for (filter[id] names \(chunk.count) builds)")
                    }
                    builds.append(try ASCTestFlightBuild(resource: resource, included: document.included))
                }
            }
        }
        return builds
    }

    /// The build of a build beta detail, with its app, pre-release version, Beta App Review submission and TestFlight
    /// details (`GET /v1/buildBetaDetails/{id}/build?include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail,app`):
    /// resolves the ID a `BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED` webhook names. One request.
    /// - Parameter betaDetailID: the build beta detail's ID.
    /// - Returns: the build, its pre-release version and its app.
    /// - Throws: `AppStoreConnectError`: `notFound` for an unknown ID, `forbidden` when the key's role cannot read
    ///   builds, `invalidResponse` when the app or the pre-release version is not included or the build's beta
    ///   detail is another one, and the transport codes.
    public func testFlightBuild(betaDetailID: String) async throws -> ASCTestFlightBuildLookup {
        let url = ASCVocabulary.betaDetailBuild.url(
            base: baseURL, id: try Self.checkID(betaDetailID, "build beta detail"))
        let document = try await fetch(url)
        let build = try ASCTestFlightBuild(resource: try document.single(), included: document.included)
        let what = "the build \(Quoting.token(build.id)) of build beta detail \(Quoting.token(betaDetailID))"
        if let detail = build.buildBetaDetail, !ExactString.equal(detail.id, betaDetailID) {
            throw JSONAPIResource.invalid(url, "\(what) links build beta detail \(Quoting.token(detail.id))")
        }
        guard let appID = build.appID, let app = document.included[JSONAPIIdentifier(type: "apps", id: appID)] else {
            throw JSONAPIResource.invalid(url, "\(what) comes without its app (include=app)")
        }
        guard let preReleaseVersion = build.preReleaseVersion else {
            throw JSONAPIResource.invalid(
                url, "\(what) comes without its preReleaseVersion (include=preReleaseVersion)")
        }
        return ASCTestFlightBuildLookup(
            build: build, preReleaseVersion: preReleaseVersion, app: try ASCApp(resource: app))
    }
}
