extension HTTPRequest {
    /// What the caller needs of the response body.
    public enum ResponseBody: Sendable, Equatable {
        /// The whole body, within ``CurlHTTPClient/Configuration/maxResponseBytes``; a larger one (declared or
        /// received) is ``HTTPError/Code/responseTooLarge``. The default.
        case required
        /// Only the status and header fields: the body is read up to the cap at most, then the transfer stops, and
        /// it is dropped (the response's body is always empty). A body over the cap is no error, so the status
        /// decides: for a notification, a 2xx with a large answer is delivered, not sent again.
        case ignored
    }
}
