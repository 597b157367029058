public import GatehouseHTTP
public import ReviewLog

/// The HTTP request that carries a message to a channel: a `POST` of `application/json` in the service's shape
/// (Slack Block Kit, a Discord embed, a Teams Adaptive Card, or the generic webhook's object, signed when the channel
/// has a secret).
public enum NotificationPayload {
    /// Builds the request.
    /// - Parameters:
    ///   - message: what to say.
    ///   - channel: where to.
    ///   - sentAt: the generic webhook's `sentAt`.
    ///   - key: the generic webhook's signing key (``GatehouseWebhookSignature/key(fromFileBytes:)``), if it has one.
    /// - Returns: the request.
    /// - Throws: `JWTError.cryptoFailure` if signing fails.
    public static func request(
        for message: NotificationMessage, channel: NotificationChannel, sentAt: Timestamp, key: [UInt8]?
    ) throws -> HTTPRequest {
        let body: String
        switch channel.kind {
        case .slack: body = SlackPayload.body(message)
        case .discord: body = DiscordPayload.body(message)
        case .teams: body = TeamsPayload.body(message)
        case .webhook: body = GatehouseWebhookPayload.body(message, sentAt: sentAt)
        }
        return try request(body: body, id: message.id, channel: channel, key: key)
    }

    /// Builds the request of a signing alert: the same shapes, headers and signature as a review notification's, the
    /// generic webhook's body the signing object (`kind` `"signing"`), `X-Gatehouse-Event-Id` the alert's id.
    /// - Parameters:
    ///   - message: what to say.
    ///   - channel: where to.
    ///   - sentAt: the generic webhook's `sentAt`.
    ///   - key: the generic webhook's signing key (``GatehouseWebhookSignature/key(fromFileBytes:)``), if it has one.
    /// - Returns: the request.
    /// - Throws: `JWTError.cryptoFailure` if signing fails.
    public static func request(
        for message: SigningAlertMessage, channel: NotificationChannel, sentAt: Timestamp, key: [UInt8]?
    ) throws -> HTTPRequest {
        let body: String
        switch channel.kind {
        case .slack: body = SlackPayload.body(message)
        case .discord: body = DiscordPayload.body(message)
        case .teams: body = TeamsPayload.body(message)
        case .webhook: body = GatehouseWebhookPayload.body(message, sentAt: sentAt)
        }
        return try request(body: body, id: message.id, channel: channel, key: key)
    }

    /// The `POST` of a body: a generic webhook's with its id header and, with a key, its signature.
    private static func request(body: String, id: String, channel: NotificationChannel, key: [UInt8]?) throws
        -> HTTPRequest
    {
        let bytes = Array(body.utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if channel.kind == .webhook {
            headers.add(name: GatehouseWebhookSignature.eventIDHeaderName, value: id)
            if let key {
                headers.add(
                    name: GatehouseWebhookSignature.headerName,
                    value: try GatehouseWebhookSignature.headerValue(body: bytes, key: key))
            }
        }
        // The status decides (a 2xx is delivered, whatever its body): chat services do not deduplicate, so a large
        // answer to a delivered message must not make it be sent again.
        return HTTPRequest(method: .post, url: channel.url, headers: headers, body: bytes, responseBody: .ignored)
    }
}
