package import MicroHTTPServer
package import ReviewLog

/// The checks of `review serve`, in order, as a pure function of the request: route, then size (413, before any
/// of the body is read when `Content-Length` says so), then signature (401: nothing parsed or stored), then the
/// payload (400 when a signed body does not read). What passes is a delivery to store or a type to acknowledge.
package enum WebhookGate {
    /// Where App Store Connect delivers.
    package static let deliveryPath = "/webhooks/app-store-connect"
    /// The health check.
    package static let healthPath = "/healthz"
    /// The largest body read: 64 KiB (Apple's payloads are well under 1 KiB).
    package static let maximumBodyBytes = 64 * 1024

    /// What to do with a request.
    package enum Decision: Sendable, Hashable {
        /// Answer now (a refusal, or the health check).
        case answer(HTTPServerResponse)
        /// A verified delivery: store it, then answer 2xx.
        case store(WebhookDelivery)
        /// A verified event of a type not stored: acknowledge it.
        case acknowledge(type: String, id: String)
    }

    /// The answer possible from the head alone: routing, and a declared body over the limit.
    /// - Parameter head: the request without its body.
    /// - Returns: the answer, or nil to read the body.
    package static func admit(_ head: HTTPServerRequest) -> HTTPServerResponse? {
        switch (head.method, head.path) {
        case ("GET", healthPath), ("HEAD", healthPath):
            return .text(200, "ok", logNote: "health")
        case ("POST", deliveryPath):
            // RFC 9110 section 15.5.14: 413, and the connection is closed since the body is not read.
            if let length = head.declaredLength, length > maximumBodyBytes { return tooLarge(length) }
            return nil
        case (_, healthPath), (_, deliveryPath):
            return HTTPServerResponse(
                status: 405, headers: [HTTPServerHeader("Allow", head.path == healthPath ? "GET, HEAD" : "POST")],
                body: Array("method not allowed\n".utf8), logNote: "refused: method")
        default:
            return .text(404, "not found", logNote: "refused: no such path")
        }
    }

    /// The 413 answer; the connection closes after it.
    /// - Parameter length: the declared length, if known.
    /// - Returns: the answer.
    package static func tooLarge(_ length: Int?) -> HTTPServerResponse {
        .text(
            413, "body larger than \(maximumBodyBytes) bytes", closesConnection: true,
            logNote: "refused: body " + (length.map { "of \($0) bytes " } ?? "") + "over \(maximumBodyBytes) bytes")
    }

    /// Decides on a complete request.
    /// - Parameters:
    ///   - request: the request with its body.
    ///   - secret: the webhook secret.
    ///   - receivedAt: now.
    /// - Returns: the decision.
    package static func decide(_ request: HTTPServerRequest, secret: [UInt8], receivedAt: Timestamp) -> Decision {
        if let early = admit(request) { return .answer(early) }
        guard request.body.count <= maximumBodyBytes else { return .answer(tooLarge(request.body.count)) }
        let signature = request.header(ASCWebhookSignature.headerName)
        guard ASCWebhookSignature.isValid(signature, body: request.body, secret: secret) else {
            return .answer(
                .text(
                    401, "signature missing or wrong",
                    logNote: "refused: signature " + (signature == nil ? "missing" : "wrong")))
        }
        do {
            switch try ASCWebhookPayload(body: request.body, receivedAt: receivedAt) {
            case .delivery(let delivery): return .store(delivery)
            case .otherType(let type, let id): return .acknowledge(type: type, id: id)
            }
        } catch {
            return .answer(.text(400, "malformed payload: \(error.reason)", logNote: "refused: \(error.reason)"))
        }
    }
}
