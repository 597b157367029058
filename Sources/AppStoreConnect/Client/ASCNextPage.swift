/// The next page of a list read one page at a time (`ASCClient.testFlightBuildsPage(appID:next:)`): the checked
/// `links.next` URL, and which pages of the listing were fetched before it.
///
/// Only the client makes one, from a page it read, so a list read page by page is held to the same rules as one
/// read whole: the URL is on the base URL's origin (the bearer token goes nowhere else), is not a page already
/// fetched, and the listing stops at `maximumPages`. A value from another listing (another app, page size or base URL)
/// is refused.
public struct ASCNextPage: Sendable, Hashable {
    /// The absolute URL of the next page.
    public let url: String
    /// The pages fetched so far.
    let trail: PageTrail

    /// The number of the page this leads to: 2 after the first page.
    public var pageNumber: Int { trail.pages + 1 }

    init(url: String, trail: PageTrail) {
        self.url = url
        self.trail = trail
    }
}
