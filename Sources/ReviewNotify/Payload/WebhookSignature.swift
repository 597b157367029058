import JWT

/// The generic webhook's signature: `X-Gatehouse-Signature: sha256=<lower-case hex>`, the HMAC-SHA256 (RFC 2104 with
/// SHA-256, FIPS 180-4) of the raw body bytes, keyed by the secret file's bytes with one trailing newline removed.
/// The same code signs (the deliverer) and checks (a receiver written in Swift, and the tests).
public enum WebhookSignature {
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
        return "sha256=" + lowerHex(mac)
    }

    /// Whether a received header value is the signature of `body` under `key`, compared in constant time; hex in
    /// either case is accepted.
    /// - Parameters:
    ///   - headerValue: the received `X-Gatehouse-Signature` value.
    ///   - body: the raw body bytes received.
    ///   - key: the key.
    /// - Returns: true only for the full, correct signature.
    public static func isValid(headerValue: String, body: [UInt8], key: [UInt8]) -> Bool {
        guard headerValue.hasPrefix("sha256="), let mac = hexBytes(headerValue.dropFirst(7)), mac.count == 32 else {
            return false
        }
        return SymmetricKey(bytes: key).isValidAuthenticationCode(mac, for: body, algorithm: .hs256)
    }

    /// Bytes as lower-case hex, two digits each.
    static func lowerHex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0 >> 4, radix: 16) + String($0 & 0xF, radix: 16) }.joined()
    }

    private static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
