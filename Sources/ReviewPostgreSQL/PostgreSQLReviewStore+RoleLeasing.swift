import ReviewLog

/// A role (the active `review watch`) held with a session-level advisory lock on the store's connection: PostgreSQL
/// releases it when the session ends, whether the process exits, crashes or is killed, or (once TCP keepalives give
/// up on it, about a minute) its machine or network is gone, so a standby on another machine takes over at its next
/// try.
///
/// The lock uses the two-key form (`pg_try_advisory_lock(int, int)`), a key space apart from the writers' one-key
/// lock: the first key says "a Gatehouse role", the second is the role's name hashed (FNV-1a, 31 bits). A lock this
/// session already holds is confirmed from `pg_locks` rather than taken again (a session's advisory locks stack).
/// The role is held by this store object's connection: `review` opens one store per process.
extension PostgreSQLReviewStore: RoleLeasing {
    /// The first key of every role's lock: "role" in ASCII.
    static let roleLockClass: Int32 = 0x726F_6C65

    public func holdRole(_ role: String) throws -> Bool {
        try RoleName.check(role)
        let key = Self.roleKey(role)
        let sql = """
            SELECT CASE WHEN EXISTS (
                SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted
                    AND classid = \(Self.roleLockClass) AND objid = \(key) AND objsubid = 2)
            THEN true ELSE pg_try_advisory_lock(\(Self.roleLockClass), \(key)) END
            """
        return try postgreSQL.withConnection { (connection: PostgreSQLConnection) throws(ReviewError) -> Bool in
            try connection.scalar(sql) == "t"
        }
    }

    /// The role's name hashed to a non-negative 32-bit integer (FNV-1a), the lock's second key.
    static func roleKey(_ role: String) -> Int32 {
        var hash: UInt32 = 2_166_136_261
        for byte in role.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int32(bitPattern: hash & 0x7FFF_FFFF)
    }
}
