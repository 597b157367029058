/// One page of an app's TestFlight builds, newest upload first (`GET /v1/builds?filter[app]=<id>&sort=-uploadedDate`),
/// and the way to the next page: a caller that has read far enough back stops, and sends no more requests.
public struct ASCTestFlightBuildPage: Sendable, Hashable {
    /// The builds of this page, in App Store Connect's order (newest upload first), every platform's.
    public let builds: [ASCTestFlightBuild]
    /// The next page, nil on the last one. Its URL was checked as `links.next` of every list is: on the base URL's
    /// origin, not a page already fetched, within `maximumPages`.
    public let next: ASCNextPage?
    /// `meta.paging.total`: how many builds the app has in all, when sent.
    public let total: Int?

    /// Creates a value (for tests and fakes).
    /// - Parameter total: the count of every page's builds.
    public init(builds: [ASCTestFlightBuild], next: ASCNextPage?, total: Int?) {
        self.builds = builds
        self.next = next
        self.total = total
    }
}
