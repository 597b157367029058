internal import GatehouseCore
internal import GatehouseHTTP

/// The pages of one listing fetched so far, and the checks every `links.next` passes before the client follows it:
/// the same for a list read whole (`ASCClient.fetchAll`) and one read page by page (`ASCNextPage`).
struct PageTrail: Sendable, Hashable {
    /// The URL of the first page, which names the listing.
    let firstURL: String
    /// Every URL fetched, with its page number.
    private(set) var fetched: [ExactString: Int]
    /// How many pages were fetched.
    private(set) var pages = 0

    init(firstURL: String) {
        self.firstURL = firstURL
        fetched = [ExactString(firstURL): 1]
    }

    /// Records the page just fetched and gives the URL of the next one.
    /// - Parameters:
    ///   - document: the page.
    ///   - url: the URL it was fetched from.
    ///   - client: the client, for its origin and `maximumPages`.
    /// - Returns: the absolute URL of the next page, nil on the last page.
    /// - Throws: `AppStoreConnectError.paginationFailure` for a `next` that cannot be fetched, one on another origin
    ///   than the base URL's, one already fetched (a loop), or a listing longer than `maximumPages`.
    mutating func next(after document: JSONAPIDocument, from url: String, client: ASCClient) throws -> String? {
        pages += 1
        guard let link = document.next else { return nil }
        let next = link.hasPrefix("/") ? client.originPrefix + link : link
        let nextOrigin: URLOrigin
        do {
            nextOrigin = try URLOrigin(checking: next)
        } catch let error as HTTPError {
            throw AppStoreConnectError(
                .paginationFailure,
                "page \(pages) of \(firstURL) links to next page \(Quoting.quoted(link)), which cannot "
                    + "be fetched (HTTPError.\(error.code): \(error.reason)); the listing was stopped",
                url: url, httpError: error)
        }
        guard nextOrigin == client.origin else {
            throw AppStoreConnectError(
                .paginationFailure,
                "page \(pages) of \(firstURL) links to next page \(Quoting.quoted(link)) on \(nextOrigin), "
                    + "not on the base URL's origin \(client.origin): the bearer token is not sent there; the listing "
                    + "was stopped (check the base URL and any proxy)", url: url)
        }
        if let page = fetched[ExactString(next)] {
            throw AppStoreConnectError(
                .paginationFailure,
                "page \(pages) of \(firstURL) links to next page \(Quoting.quoted(link)), which is page "
                    + "\(page), already fetched: following it would loop; the listing was stopped after "
                    + "\(pages) pages", url: url)
        }
        guard pages < client.configuration.maximumPages else {
            throw AppStoreConnectError(
                .paginationFailure,
                "\(firstURL) has more than \(client.configuration.maximumPages) pages (maximumPages); the listing was "
                    + "stopped; raise ASCClientConfiguration.maximumPages if the account really has that many",
                url: url)
        }
        fetched[ExactString(next)] = pages + 1
        return next
    }
}
