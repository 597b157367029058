package import MicroHTTPServer

/// The report listener of a `WebhookService` (`review serve --report-listen`): where it listens and what it serves.
/// It is a server of its own, so that the webhook port can face Apple while the report stays behind the team's
/// proxy and its login.
package struct ReportListener: Sendable {
    /// Where it listens (port 0: one the system chooses; `WebhookService.reportAddress` tells which).
    package var address: ListenAddress
    /// What it answers.
    package var page: ReportPageHandler

    /// Creates a listener's settings.
    /// - Parameters:
    ///   - address: where to listen.
    ///   - page: what to serve.
    package init(address: ListenAddress, page: ReportPageHandler) {
        self.address = address
        self.page = page
    }
}
