import Foundation

extension FakeAppStoreConnect {
    /// The POSTs App Store Connect answers for webhooks: `POST /v1/webhooks` (the body checked against
    /// `WebhookCreateRequest`'s required members: name, url, secret, eventTypes, enabled and the app relationship)
    /// and `POST /v1/webhookPings`, which, as Apple does, delivers a signed `webhookPingCreated` to the webhook's URL
    /// (http on 127.0.0.1 only: a `review serve` under test).
    func create(
        _ request: LoopbackRequest, state: inout FakeASCState, base: String, headers: [(name: String, value: String)]
    ) -> LoopbackResponse {
        let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
        let data = body?["data"] as? [String: Any]
        let attributes = data?["attributes"] as? [String: Any]
        let relationships = data?["relationships"] as? [String: Any]
        func related(_ name: String) -> String? {
            ((relationships?[name] as? [String: Any])?["data"] as? [String: Any])?["id"] as? String
        }
        func invalid(_ detail: String) -> LoopbackResponse {
            Self.error(422, "ENTITY_ERROR", "The request entity is not valid.", detail, headers: headers)
        }
        switch request.path {
        case "/v1/webhooks":
            guard data?["type"] as? String == "webhooks", let name = attributes?["name"] as? String,
                let url = attributes?["url"] as? String, let secret = attributes?["secret"] as? String,
                let eventTypes = attributes?["eventTypes"] as? [String], let enabled = attributes?["enabled"] as? Bool,
                let appID = related("app")
            else {
                return invalid("name, url, secret, eventTypes, enabled and relationships.app are required")
            }
            guard state.apps.contains(where: { $0.id == appID }) else {
                return Self.error(404, "NOT_FOUND", "The specified resource does not exist", "no app \(appID)")
            }
            let webhook = FakeASCState.Webhook(
                id: UUID().uuidString.lowercased(), appID: appID, name: name, url: url, secret: secret,
                enabled: enabled, eventTypes: eventTypes)
            state.webhooks.append(webhook)
            let resource: [String: Any] = [
                "type": "webhooks", "id": webhook.id,
                "attributes": ["name": name, "url": url, "enabled": enabled, "eventTypes": eventTypes],
                "links": ["self": base + "/v1/webhooks/" + webhook.id],
            ]
            return .json(
                Self.json(["data": resource, "links": ["self": base + request.path]]), status: 201, headers: headers)
        case "/v1/webhookPings":
            guard data?["type"] as? String == "webhookPings", let webhookID = related("webhook") else {
                return invalid("relationships.webhook is required")
            }
            guard let webhook = state.webhooks.first(where: { $0.id == webhookID }) else {
                return Self.error(404, "NOT_FOUND", "The specified resource does not exist", "no webhook \(webhookID)")
            }
            state.pings.append(webhookID)
            let pingID = UUID().uuidString.lowercased()
            Self.deliverPing(id: pingID, to: webhook)
            let resource: [String: Any] = ["type": "webhookPings", "id": pingID]
            return .json(
                Self.json(["data": resource, "links": ["self": base + request.path]]), status: 201, headers: headers)
        default:
            return Self.error(405, "METHOD_NOT_ALLOWED", "The request method is not valid.", "POST is not allowed")
        }
    }

    /// Sends the ping delivery to a webhook on 127.0.0.1, signed as App Store Connect signs
    /// (`x-apple-signature: hmacsha256=<hex>`, computed with `openssl dgst`, independently of the code under test).
    private static func deliverPing(id: String, to webhook: FakeASCState.Webhook) {
        guard let components = URLComponents(string: webhook.url), components.scheme == "http",
            components.host == "127.0.0.1", let port = components.port
        else { return }
        let body = Array(
            #"{"data":{"type":"webhookPingCreated","id":"\#(id)","version":1,"attributes":{"timestamp":"\#(ISO8601DateFormatter().string(from: Date()))"}}}"#
                .utf8)
        guard let signature = opensslHMAC(body, secret: webhook.secret) else { return }
        _ = try? RawHTTPConnection.send(
            port: UInt16(port), path: components.path, headers: [("x-apple-signature", "hmacsha256=" + signature)],
            body: body)
    }

    private static func opensslHMAC(_ body: [UInt8], secret: String) -> String? {
        guard
            let text = try? ProcessRunner.run(
                executableAt: URL(fileURLWithPath: "/usr/bin/openssl"), ["dgst", "-sha256", "-hmac", secret, "-r"],
                standardInput: Data(body)
            ).standardOutput
        else { return nil }
        return text.count >= 64 ? String(text.prefix(64)) : nil
    }
}
