import CommandLineKit
import ReviewLog
import ReviewSync

/// Whether a command uses the store, and whether it may create one (the list beside the exit-status table in
/// STYLE.md): a mistyped `--db` must not leave an empty store behind.
package enum StoreUse: Sendable, Equatable {
    /// No store: `states`, `completion`, `auth`, `webhook`.
    case none
    /// A store that exists; a missing one is 66, and nothing is created.
    case existing
    /// A store, created when there is none: `log`, `import`, `sync`, `watch`, `serve`, `notify add`, `signing add`,
    /// `migrate`.
    case createsIfMissing
}

/// One `review` command (`LogCommand`, `NotifyAddCommand`...): a `ParsableCommand` run with a `ReviewEnvironment`,
/// which says what store it uses and words its failures one way for all (`failure(for:)`: the status by the error's
/// code, `ExitStatus(failure:)`, and the reason followed by this command line's advice, `ErrorAdvice`).
///
/// A command that runs synchronously on the store implements `run(store:in:)`; the shared `run(in:)` pins `--now`,
/// opens the store as `store` says and calls it. Asynchronous commands implement `perform(in:)` and open the store
/// where their order needs it (`sync` resolves its keys first), with `openStore(in:)`.
package protocol ReviewSubcommand: ParsableCommand where Context == ReviewEnvironment {
    /// The store the command uses.
    static var store: StoreUse { get }

    /// `--db`, `--utc` and `--now`.
    var global: GlobalOptions { get }

    /// The App Store Connect key options the command was given, for the advice after a sync error; nil for a
    /// command that takes none.
    var credentialFlags: CredentialResolver.Flags? { get }

    /// Runs the command on its store (opened by `run(in:)`), with `--now` pinned in `environment`.
    /// - Returns: the exit status and the text for standard output and standard error.
    /// - Throws: any error; `failure(for:)` gives it its status and message.
    func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput

    /// Checks what needs the clock (`--at`, `--since`, `--until` read against `--now`) before the store is opened, so
    /// a bad time is a usage error whether or not the store exists. The default checks nothing.
    /// - Throws: `CommandFailure` (usage).
    func check(in environment: ReviewEnvironment) throws(CommandFailure)
}

extension ReviewSubcommand {
    package var credentialFlags: CredentialResolver.Flags? { nil }

    package func check(in environment: ReviewEnvironment) throws(CommandFailure) {}

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        throw CommandFailure(.unavailable, "\(Self.spec.name) does not run on a store")
    }

    /// Pins `--now`, opens the store as `store` says and runs `run(store:in:)`. A command that runs asynchronously
    /// fails with 69 here, before any store is opened (`perform(in:)` runs it).
    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        guard execution == .synchronous else {
            throw CommandFailure(.unavailable, "\(Self.spec.name) runs asynchronously, through perform(in:)")
        }
        let environment = try global.environment(environment)
        try check(in: environment)
        return try run(store: try openStore(in: environment), in: environment)
    }

    /// The failure the command ends with: a `CommandFailure` as it is; any other error its status by code
    /// (`ExitStatus(failure:)`) and the library's reason followed by this command's advice (`ErrorAdvice`).
    package func failure(for error: any Error) -> CommandFailure? {
        if let failure = error as? CommandFailure { return failure }
        // The line as written: the runner's `forTerminal` escapes its control characters (line feeds and tabs kept,
        // as a server's multi-line reason was always shown), not `TerminalText.value` a second time.
        return CommandFailure(ExitStatus(failure: error), "", help: ErrorAdvice.message(for: error, in: self))
    }

    /// The store's location: `--db`, else `REVIEW_DB`, else the default path.
    /// - Throws: `CommandFailure` (74) when no default path can be made.
    func storeLocation(in environment: ReviewEnvironment) throws -> String {
        try environment.databasePath(option: global.database)
    }

    /// Opens the store as `Self.store` says: created when missing for `.createsIfMissing`, else only an existing
    /// one, a missing one being 66 ("no store at PATH; check --db or REVIEW_DB ...").
    /// - Parameter missing: the end of the message for a missing store, after "no store at PATH; ".
    /// - Throws: `CommandFailure` (66) for a missing store; the store's errors.
    func openStore(
        in environment: ReviewEnvironment,
        missing: String = "check --db or REVIEW_DB (a store is made by review log, import, sync, watch, serve, "
            + "notify add or signing add)"
    ) throws -> RelationalReviewStore {
        let path = try storeLocation(in: environment)
        let opened =
            Self.store == .createsIfMissing ? try environment.openStore(path) : try environment.openExistingStore(path)
        guard let store = opened else {
            throw CommandFailure(.noInput, "no store at \(ReviewEnvironment.displayed(path)); \(missing)")
        }
        return store
    }

    /// A renderer for the command's output: local time or UTC, and the environment's `now`.
    func renderer(_ environment: ReviewEnvironment) -> Renderer {
        Renderer(utc: global.utc, now: environment.now)
    }
}
