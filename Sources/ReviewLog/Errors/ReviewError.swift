public import GatehouseCore

/// Every failure of the ReviewLog module: a stable `code` for programs and a `reason` for people.
///
/// The reason names the cause, the values involved (which app, which file and line, which database) and, where
/// known, the fix in this library's terms; it never names a command line's flags or commands (`--db`, `review
/// delete`): a program adds its own advice from the code. Equality compares the code only, so callers and tests can
/// match `error == ReviewError(.appNotFound)` without depending on wording.
public struct ReviewError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The codes as a closed enum, for this package only: its command lines switch over it exhaustively, so a
        /// code added here without an exit status and advice there does not compile. Users see only the struct, to
        /// which codes can be added without breaking them.
        package enum Base: String, Sendable, CaseIterable {
            case appNotFound, versionNotFound, eventNotFound, channelNotFound, signingItemNotFound, versionRequired
            case invalidValue, conflict
            case identifierMismatch, identifierTaken, timeNotEditable
            case importFileUnreadable, malformedImport
            case notGatehouseDatabase, corruptDatabase, newerSchema, storeUnavailable, storeLocked, readOnlyStore
            case storeFailure, serverUnavailable
        }
        /// The code's case, for an exhaustive `switch` inside the package.
        package let base: Base
        package init(_ base: Base) { self.base = base }

        /// No app of that name is in the store.
        public static let appNotFound = Code(.appNotFound)
        /// The app has no events for that version (or platform).
        public static let versionNotFound = Code(.versionNotFound)
        /// No event has that id.
        public static let eventNotFound = Code(.eventNotFound)
        /// No notification channel has that id.
        public static let channelNotFound = Code(.channelNotFound)
        /// No signing item has that id (`review signing remove`).
        public static let signingItemNotFound = Code(.signingItemNotFound)
        /// The first event of an app was logged without a version, so there is no latest version to use.
        public static let versionRequired = Code(.versionRequired)
        /// An app name, version, build or note that cannot be stored (empty, too long, control characters).
        public static let invalidValue = Code(.invalidValue)
        /// A bundle ID or App Store ID logged for an app that already has another one: an app's identifiers are set
        /// once, never changed by logging. Nothing was written; the reason names both values.
        public static let identifierMismatch = Code(.identifierMismatch)
        /// A bundle ID or App Store ID logged for an app when another app of the store already has it. Nothing was
        /// written; the reason names the other app.
        public static let identifierTaken = Code(.identifierTaken)
        /// A new time for an event whose time is not the user's to change: recorded by a sync, at the time App Store
        /// Connect gave or a poll saw. Only its note can be edited; it can be deleted.
        public static let timeNotEditable = Code(.timeNotEditable)
        /// A rename, merge or edit that would make two apps or two events one: a name another app has, events of
        /// both apps recording the same state at the same time, apps synced from two App Store Connect apps, an
        /// edited time another event already has. Nothing was changed; the reason names both sides.
        public static let conflict = Code(.conflict)
        /// An import file that does not exist or cannot be read.
        public static let importFileUnreadable = Code(.importFileUnreadable)
        /// An import file that was read but is not a valid JSON or CSV event list; the reason names the line or row.
        public static let malformedImport = Code(.malformedImport)
        /// A file that is not a Gatehouse review store: not SQLite, or SQLite with another application id or
        /// none. The file is left untouched.
        public static let notGatehouseDatabase = Code(.notGatehouseDatabase)
        /// A Gatehouse review store that SQLite reports as damaged. The file is left untouched.
        public static let corruptDatabase = Code(.corruptDatabase)
        /// A store written by a newer Gatehouse with a schema this version does not know.
        public static let newerSchema = Code(.newerSchema)
        /// The store cannot be opened or created: missing permissions, a directory that cannot be made, a file
        /// system without what WAL journaling needs, a role's lock file that cannot be made.
        public static let storeUnavailable = Code(.storeUnavailable)
        /// The store stayed locked by another process or writer beyond the busy or lock timeout; nothing was
        /// written, and trying again later may succeed.
        public static let storeLocked = Code(.storeLocked)
        /// The store is read-only, or on a read-only file system; nothing was written.
        public static let readOnlyStore = Code(.readOnlyStore)
        /// The database failed while reading or writing; the reason carries the database's message.
        public static let storeFailure = Code(.storeFailure)
        /// A PostgreSQL server that cannot be used: it cannot be reached, refuses the login, or went away during
        /// the command. The reason names the host and the cause, never the password.
        public static let serverUnavailable = Code(.serverUnavailable)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The human explanation: the cause, the values involved and, where known, the fix (never a program's flags).
    public let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable code.
    ///   - reason: the explanation; control characters in it are escaped (`ControlCharacters`), since it quotes
    ///     import files, app names and what App Store Connect sent.
    public init(_ code: Code, _ reason: String = "") {
        self.code = code
        self.reason = ControlCharacters.escaped(reason)
    }
}
