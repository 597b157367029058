import GatehouseCore
import JWT

/// The signature Gatehouse puts on each notification it sends to a generic webhook channel (outbound; the signature of
/// the webhooks App Store Connect sends to `review serve` is checked by ReviewWebhooks' `ASCWebhookSignature`):
/// `X-Gatehouse-Signature: sha256=<lower-case hex>`, the HMAC-SHA256 (RFC 2104 with SHA-256, FIPS 180-4) of the raw
/// body bytes, keyed by the secret file's bytes with one trailing newline removed. The same code signs (the deliverer)
/// and checks (a receiver written in Swift, and the tests).
public enum GatehouseWebhookSignature {
    /// The signature's header field.
    public static let headerName = "X-Gatehouse-Signature"
    /// The header field carrying the notification's `id` (also inside the signed body).
    public static let eventIDHeaderName = "X-Gatehouse-Event-Id"

    /// The key from a secret file's bytes: one trailing newline (`\n`, or `\r\n`) removed, as an editor or
    /// `echo` leaves it; nothing else is changed.
    /// - Parameter fileBytes: the file's contents.
    /// - Returns: the key bytes.
    public static func key(fromFileBytes fileBytes: [UInt8]) -> [UInt8] {
        var key = fileBytes
        if key.last == 0x0A {
            key.removeLast()
            if key.last == 0x0D { key.removeLast() }
        }
        return key
    }

    /// The header value for a body: `sha256=` and 64 lower-case hex digits.
    /// - Parameters:
    ///   - body: the raw body bytes, exactly as sent.
    ///   - key: the key (``key(fromFileBytes:)``).
    /// - Returns: the value.
    /// - Throws: `JWTError.cryptoFailure` if OpenSSL fails.
    public static func headerValue(body: [UInt8], key: [UInt8]) throws -> String {
        let mac = try SymmetricKey(bytes: key).authenticationCode(for: body, algorithm: .hs256)
        return "sha256=" + Hex.lowercase(mac)
    }

    /// Whether a received header value is the signature of `body` under `key`, compared in constant time; hex in
    /// either case is accepted.
    /// - Parameters:
    ///   - headerValue: the received `X-Gatehouse-Signature` value.
    ///   - body: the raw body bytes received.
    ///   - key: the channel's key (``key(fromFileBytes:)`` of its secret file).
    /// - Returns: true only for the full, correct signature.
    public static func isValid(headerValue: String, body: [UInt8], key: [UInt8]) -> Bool {
        guard headerValue.hasPrefix("sha256="), let mac = Hex.bytes(headerValue.utf8.dropFirst(7)), mac.count == 32
        else {
            return false
        }
        return SymmetricKey(bytes: key).isValidAuthenticationCode(mac, for: body, algorithm: .hs256)
    }

}
