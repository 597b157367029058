/// A scripted failure the fake App Store Connect server answers instead of the real answer, once, for the next
/// request to a path (or to any path).
public enum FakeASCFault: Sendable {
    /// 429 `RATE_LIMIT_EXCEEDED`, with a `Retry-After` header when given (its value as sent: "2", or an HTTP-date).
    case rateLimited(retryAfter: String?)
    /// A 5xx (500 `UNEXPECTED_ERROR` body; 503 and others the same body with their status).
    case serverError(status: Int)
    /// 401 `NOT_AUTHORIZED`, whatever the token.
    case unauthorized
    /// 403 with this code (`FORBIDDEN_ERROR`, `FORBIDDEN.REQUIRED_AGREEMENTS_MISSING_OR_EXPIRED`).
    case forbidden(code: String)
    /// 404 `NOT_FOUND`, as for an ID the account does not have.
    case notFound
    /// The connection is reset before any answer (a network failure).
    case connectionReset
    /// Any status and body.
    case custom(status: Int, body: String)
}
