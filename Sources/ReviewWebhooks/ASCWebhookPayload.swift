internal import GatehouseCore
import GatehouseFoundation
package import ReviewLog

/// A verified body of a webhook App Store Connect sent to `review serve` (inbound; the body of the notifications
/// Gatehouse sends is ReviewNotify's `GatehouseWebhookPayload`), read: App Store Connect's
/// `APP_STORE_VERSION_APP_VERSION_STATE_UPDATED` event (`appStoreVersionAppVersionStateUpdated`, Apple's
/// "AppStoreVersionAppVersionStateUpdated" payload), a ping (`webhookPingCreated`, the shape other clients report), or
/// another type (acknowledged, not stored).
package enum ASCWebhookPayload: Sendable, Hashable {
    /// A delivery to store (a state change or a ping).
    case delivery(WebhookDelivery)
    /// An event type this review does not store.
    case otherType(type: String, id: String)

    /// The event types stored.
    package static let stateChangeType = "appStoreVersionAppVersionStateUpdated"
    /// A TestFlight build's external build state changed (`BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED`, issue 24):
    /// `attributes.newExternalBuildState`, `oldExternalBuildState` and `timestamp`, the instance a `buildBetaDetails`
    /// resource. Apple's page on webhook payloads was not in reach when this was written: the members are the issue's,
    /// and `newValue`/`oldValue`, the version event's names, are read as well.
    package static let buildStateChangeType = "buildBetaDetailExternalBuildStateUpdated"
    package static let pingType = "webhookPingCreated"

    /// Reads a body that passed the signature check.
    /// - Parameters:
    ///   - body: the raw body.
    ///   - receivedAt: when it arrived.
    /// - Returns: the payload.
    /// - Throws: `ASCWebhookPayloadError` naming what is missing or malformed.
    package init(body: [UInt8], receivedAt: Timestamp) throws(ASCWebhookPayloadError) {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: Data(body))
        } catch {
            throw ASCWebhookPayloadError("the body is not a JSON object with a data object holding type and id")
        }
        let data = envelope.data
        try Self.check(data.id, "data.id")
        switch data.type {
        case Self.stateChangeType:
            guard let attributes = data.attributes, let newValue = attributes.newValue,
                let timestamp = attributes.timestamp
            else {
                throw ASCWebhookPayloadError("data.attributes needs newValue and timestamp")
            }
            guard let versionID = data.relationships?.instance?.data?.id else {
                throw ASCWebhookPayloadError("data.relationships.instance.data.id (the App Store version) is missing")
            }
            try Self.check(versionID, "the App Store version id")
            try Self.check(newValue, "newValue")
            if let oldValue = attributes.oldValue { try Self.check(oldValue, "oldValue") }
            guard let milliseconds = Self.milliseconds(timestamp) else {
                throw ASCWebhookPayloadError("timestamp \"\(timestamp)\" is not an ISO 8601 time with an offset")
            }
            self = .delivery(
                WebhookDelivery(
                    id: data.id,
                    kind: .stateChange(ascVersionID: versionID, oldValue: attributes.oldValue, newValue: newValue),
                    timestampMilliseconds: milliseconds, receivedAt: receivedAt))
        case Self.buildStateChangeType:
            guard let attributes = data.attributes,
                let newValue = attributes.newExternalBuildState ?? attributes.newValue,
                let timestamp = attributes.timestamp
            else {
                throw ASCWebhookPayloadError("data.attributes needs newExternalBuildState and timestamp")
            }
            guard let detailID = data.relationships?.instance?.data?.id else {
                throw ASCWebhookPayloadError(
                    "data.relationships.instance.data.id (the build beta detail) is missing")
            }
            if let type = data.relationships?.instance?.data?.type, type != "buildBetaDetails" {
                throw ASCWebhookPayloadError(
                    "data.relationships.instance.data.type is \"\(ControlCharacters.escaped(type))\", not buildBetaDetails"
                )
            }
            try Self.check(detailID, "the build beta detail id")
            try Self.check(newValue, "newExternalBuildState")
            let oldValue = attributes.oldExternalBuildState ?? attributes.oldValue
            if let oldValue { try Self.check(oldValue, "oldExternalBuildState") }
            guard let milliseconds = Self.milliseconds(timestamp) else {
                throw ASCWebhookPayloadError("timestamp \"\(timestamp)\" is not an ISO 8601 time with an offset")
            }
            self = .delivery(
                WebhookDelivery(
                    id: data.id,
                    kind: .buildStateChange(buildBetaDetailID: detailID, oldValue: oldValue, newValue: newValue),
                    timestampMilliseconds: milliseconds, receivedAt: receivedAt))
        case Self.pingType:
            let milliseconds =
                data.attributes?.timestamp.flatMap(Self.milliseconds) ?? receivedAt.secondsSince1970 * 1000
            self = .delivery(
                WebhookDelivery(
                    id: data.id, kind: .ping, timestampMilliseconds: milliseconds, receivedAt: receivedAt))
        default:
            try Self.check(data.type, "data.type")
            self = .otherType(type: data.type, id: data.id)
        }
    }

    /// Milliseconds since the epoch of an ISO 8601 time with an offset, its fraction truncated to milliseconds
    /// (`2025-04-16T05:00:52.745Z`).
    /// - Parameter text: the time.
    /// - Returns: the milliseconds, or nil when it does not read.
    package static func milliseconds(_ text: String) -> Int64? {
        guard let seconds = ISO8601Fields(text)?.utcSeconds else { return nil }
        var fraction: Int64 = 0
        if let dot = text.firstIndex(of: "."),
            let time = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }),
            dot > time
        {
            var digits = 0
            for character in text[text.index(after: dot)...] {
                guard let digit = character.wholeNumberValue, character.isASCII else { break }
                if digits < 3 { fraction = fraction * 10 + Int64(digit) }
                digits += 1
            }
            if digits < 3 { for _ in digits..<3 { fraction *= 10 } }
        }
        return seconds * 1000 + fraction
    }

    /// An identifier or value fit to store and log: 1 to 200 characters, no control characters.
    private static func check(_ value: String, _ name: String) throws(ASCWebhookPayloadError) {
        guard !value.isEmpty, value.count <= 200, ControlCharacters.escaped(value) == value else {
            throw ASCWebhookPayloadError("\(name) is empty, longer than 200 characters or holds control characters")
        }
    }

    private struct Envelope: Decodable {
        var data: Resource
    }

    private struct Resource: Decodable {
        var type: String
        var id: String
        var attributes: Attributes?
        var relationships: Relationships?
    }

    private struct Attributes: Decodable {
        var newValue: String?
        var oldValue: String?
        var newExternalBuildState: String?
        var oldExternalBuildState: String?
        var timestamp: String?
    }

    private struct Relationships: Decodable {
        var instance: Relationship?
    }

    private struct Relationship: Decodable {
        var data: Identifier?
    }

    private struct Identifier: Decodable {
        var id: String
        var type: String?
    }
}

/// Why a signed body could not be read (answered 400: Apple's body changed shape, or the secret leaked).
package struct ASCWebhookPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package let reason: String

    init(_ reason: String) { self.reason = reason }

    package var description: String { "ASCWebhookPayloadError: \(reason)" }
}
