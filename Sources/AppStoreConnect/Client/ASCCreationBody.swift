/// The JSON:API body of a POST that creates a resource: `{"data": {"type", "attributes", "relationships"}}`.
struct ASCCreationBody<Attributes: Encodable & Sendable>: Encodable, Sendable {
    struct Resource: Encodable, Sendable {
        var type: String
        var attributes: Attributes?
        var relationships: [String: Relationship]
    }

    struct Relationship: Encodable, Sendable {
        var data: Identifier
    }

    struct Identifier: Encodable, Sendable {
        var type: String
        var id: String
    }

    var data: Resource
}

/// The attributes of `POST /v1/webhooks` (`WebhookCreateRequest`).
struct ASCWebhookAttributes: Encodable, Sendable {
    var name: String
    var url: String
    var secret: String
    var eventTypes: [String]
    var enabled: Bool
}

/// No attributes (`POST /v1/webhookPings`).
struct ASCNoAttributes: Encodable, Sendable {}
