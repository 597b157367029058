internal import GatehouseCore
import JWT

/// The signature of a webhook App Store Connect sends to `review serve` (inbound; the signature Gatehouse puts on the
/// notifications it sends is ReviewNotify's `GatehouseWebhookSignature`): the header `x-apple-signature:
/// hmacsha256=<hex>`, the HMAC-SHA256 of the raw request body under the webhook's secret (Apple, "Receiving App Store
/// Connect webhook notifications": verifying the signature). Checked in constant time (OpenSSL's HMAC and
/// CRYPTO_memcmp, through the JWT module's `SymmetricKey`), the hex in either case.
package enum ASCWebhookSignature {
    /// The header's name (field names are case-insensitive, RFC 9110 section 5.1).
    package static let headerName = "x-apple-signature"
    /// What precedes the hex.
    package static let prefix = "hmacsha256="

    /// Whether `header` is the signature of `body` under `secret`.
    /// - Parameters:
    ///   - header: the `x-apple-signature` value, or nil when it is missing.
    ///   - body: the raw body, exactly as received.
    ///   - secret: the webhook's secret.
    /// - Returns: true only for `hmacsha256=` and 64 hex digits that are the body's HMAC.
    package static func isValid(_ header: String?, body: [UInt8], secret: [UInt8]) -> Bool {
        guard let header, let mac = macBytes(header) else { return false }
        return SymmetricKey(bytes: secret).isValidAuthenticationCode(mac, for: body, algorithm: .hs256)
    }

    /// The header value for `body` (lower-case hex, as Apple sends it): for `review webhook ping`'s local test,
    /// the benchmarks and the tests.
    /// - Parameters:
    ///   - body: the raw body.
    /// - Returns: `hmacsha256=<hex>`.
    /// - Throws: `JWTError.cryptoFailure` when OpenSSL fails.
    package static func header(for body: [UInt8], secret: [UInt8]) throws -> String {
        prefix + Hex.lowercase(try SymmetricKey(bytes: secret).authenticationCode(for: body, algorithm: .hs256))
    }

    /// The 32 bytes of `hmacsha256=<64 hex digits>` (the prefix in any case, the digits in either), else nil.
    static func macBytes(_ header: String) -> [UInt8]? {
        let trimmed = Array(
            header.utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
                .reversed())
        let prefixBytes = Array(prefix.utf8)
        guard trimmed.count == prefixBytes.count + 64,
            String(decoding: trimmed[..<prefixBytes.count], as: UTF8.self).lowercased() == prefix
        else { return nil }
        return Hex.bytes(trimmed[prefixBytes.count...])
    }
}
