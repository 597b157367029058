/// What the store's two outboxes share (the review notifications' `notify_outbox` and the signing alerts'
/// `signing_outbox`): the delivery columns of their rows, so that one claim rule, one record of a delivery and one of a
/// failed try serve both, in the caller's transaction.
enum OutboxDelivery {
    /// The outboxes, by table.
    enum Table: String {
        case notifications = "notify_outbox"
        case signingAlerts = "signing_outbox"
    }

    /// The condition and order of a claim on an outbox aliased `o`, whose four parameters are ``claimParameters(now:ignoringBackoff:)``:
    /// a deliverer takes what is due and held by nobody; a flush (ignoring the backoff) what is pending and held by no
    /// live deliverer: a claim of a flush is a dead flush's, since flushes run one at a time.
    static let claimCondition = """
         WHERE o.status = 'pending' AND (? OR o.next_attempt_at <= ?)
            AND (o.claimed_until IS NULL OR o.claimed_until <= ? OR (? AND o.claimed_by = 'flush'))
        ORDER BY o.id
        """

    /// The parameters of ``claimCondition``.
    static func claimParameters(now: Timestamp, ignoringBackoff: Bool) -> [SQLValue] {
        let flush: SQLValue = .integer(ignoringBackoff ? 1 : 0)
        return [flush, .integer(now.secondsSince1970), .integer(now.secondsSince1970), flush]
    }

    /// Holds the claimed rows until `now + lease` (their next attempt moves there too).
    static func hold(
        _ ids: [Int64], in table: Table, now: Timestamp, lease: Int64, ignoringBackoff: Bool, session: any SQLSession
    ) throws(ReviewError) {
        for id in ids {
            try session.run(
                "UPDATE \(table.rawValue) SET next_attempt_at = ?, claimed_until = ?, claimed_by = ? WHERE id = ?",
                [
                    .integer(now.secondsSince1970 + lease), .integer(now.secondsSince1970 + lease),
                    .text(ignoringBackoff ? "flush" : "deliverer"), .integer(id),
                ])
        }
    }

    /// Records a delivery (a 2xx answer at `at`), releasing the claim.
    static func markDelivered(_ id: Int64, in table: Table, at: Timestamp, session: any SQLSession)
        throws(ReviewError)
    {
        try session.run(
            """
            UPDATE \(table.rawValue) SET status = 'delivered', delivered_at = ?, attempts = attempts + 1,
                first_attempt_at = coalesce(first_attempt_at, ?), last_error = NULL, claimed_until = NULL,
                claimed_by = NULL
            WHERE id = ?
            """,
            [.integer(at.secondsSince1970), .integer(at.secondsSince1970), .integer(id)])
    }

    /// Records a failed try, releasing the claim: the next is due at `retryAt`, or with nil the row is failed.
    static func markFailed(
        _ id: Int64, in table: Table, at: Timestamp, error: String, retryAt: Timestamp?, session: any SQLSession
    ) throws(ReviewError) {
        try session.run(
            """
            UPDATE \(table.rawValue) SET status = ?, attempts = attempts + 1,
                first_attempt_at = coalesce(first_attempt_at, ?), next_attempt_at = ?, last_error = ?,
                claimed_until = NULL, claimed_by = NULL
            WHERE id = ? AND status = 'pending'
            """,
            [
                .text(retryAt == nil ? "failed" : "pending"), .integer(at.secondsSince1970),
                .integer((retryAt ?? at).secondsSince1970), .text(error), .integer(id),
            ])
    }
}
