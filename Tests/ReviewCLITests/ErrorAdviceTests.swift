import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// Issue 21 item 5: the store and the sync name the cause; `review` adds its own flags and commands after the
/// reason, by the error's code (and the command that ran), so that its standard error still carries the fix.
@Suite("review: the command line's advice after a library error's reason")
struct ErrorAdviceTests {
    typealias Status = CommandLineKit.ExitStatus

    /// Runs `arguments` and checks the status and the whole of standard error.
    @discardableResult
    static func expect(
        _ review: InProcessReview, _ arguments: [String], _ status: Status, standardError: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> CommandOutput {
        let output = review(arguments)
        #expect(output.status == status, "\(arguments): \(output.standardError)", sourceLocation: sourceLocation)
        #expect(output.standardError == standardError, "\(arguments)", sourceLocation: sourceLocation)
        return output
    }

    @Test("the store's lookups and log: --version, review timeline, review notify list, review delete")
    func storeAdvice() throws {
        let review = try InProcessReview()
        Self.expect(
            review, ["log", "Fokus", "waiting-for-review", "--at", "-1d"], .usage,
            standardError: "review: Fokus has no events yet, so there is no latest version to use; give --version "
                + "(for example --version 1.0)\n")
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "-1d"])
        Self.expect(
            review, ["delete", "99", "--yes"], .negative,
            standardError: "review: no event has id 99 in \(review.path); `review timeline APP` shows ids\n")
        Self.expect(
            review, ["edit", "99", "--note", "x"], .negative,
            standardError: "review: no event has id 99 in \(review.path); `review timeline APP` shows ids\n")
        Self.expect(
            review, ["notify", "remove", "99"], .negative,
            standardError:
                "review: no notification channel has id 99 in \(review.path); `review notify list` shows ids\n"
        )
        _ = review.ok(["delete", "1", "--yes"])
        Self.expect(
            review, ["undo"], .negative,
            standardError: "review: no event logged by hand in \(review.path), so nothing to undo; an imported or "
                + "synced event is removed with review delete ID --yes\n")
    }

    @Test("an identifier the app does not have, or another app has: the flag given, as log was given it")
    func identifierAdvice() throws {
        let review = try InProcessReview()
        _ = review.ok([
            "log", "Fokus", "waiting-for-review", "--version", "1", "--at", "-2d", "--bundle-id", "com.a",
            "--app-store-id", "111",
        ])
        Self.expect(
            review, ["log", "Fokus", "in-review", "--at", "-1d", "--bundle-id", "com.b"], .usage,
            standardError: "review: Fokus already has the bundle ID com.a, not com.b; an app's identifiers are not "
                + "changed by logging: check --bundle-id, or leave it out\n")
        Self.expect(
            review, ["log", "Fokus", "in-review", "--at", "-1d", "--app-store-id", "222"], .usage,
            standardError: "review: Fokus already has the App Store ID 111, not 222; an app's identifiers are not "
                + "changed by logging: check --app-store-id, or leave it out\n")
        Self.expect(
            review, ["log", "Lumen", "in-review", "--version", "1", "--at", "-1d", "--bundle-id", "com.a"], .usage,
            standardError: "review: the bundle ID com.a belongs to Fokus, not Lumen; check --bundle-id and the app "
                + "name\n")
        Self.expect(
            review,
            [
                "log", "Lumen", "in-review", "--version", "1", "--at", "-1d", "--bundle-id", "com.c",
                "--app-store-id", "111",
            ], .usage,
            standardError: "review: the App Store ID 111 belongs to Fokus, not Lumen; check --bundle-id, "
                + "--app-store-id and the app name\n")
    }

    @Test("a synced event's time: 64, and the delete that removes it, with its id")
    func timeNotEditable() throws {
        let review = try InProcessReview()
        do {
            let store = try RelationalReviewStore(sqlitePath: review.path)
            _ = try store.record(
                LogRequest(
                    app: "Fokus", version: "1.0", state: .inReview, at: InProcessReview.now, source: .sync))
        }
        Self.expect(
            review, ["edit", "1", "--at", "-2h"], .usage,
            standardError: "review: event 1 was recorded by a sync, at the time App Store Connect gave or a poll saw; "
                + "only its note can be edited (or delete it with review delete 1 --yes)\n")
    }

    @Test("a store file that is not a store, or a path that cannot hold one: --db or REVIEW_DB")
    func storeFileAdvice() throws {
        let review = try InProcessReview()
        let notes = try review.file("notes.txt", "not a database\n")
        var output = review(["--db", notes, "log", "A", "in-review", "--version", "1"])
        #expect(output.status == .ioError)
        #expect(
            output.standardError
                == "review: \(notes) is not a SQLite database, so not a Gatehouse review store; it was not modified. "
                + "Choose another file with --db or REVIEW_DB\n")
        output = review(["--db", notes + "/review.sqlite3", "log", "A", "in-review", "--version", "1"])
        #expect(output.status == .ioError)
        #expect(
            output.standardError.hasSuffix(
                "; check the path and its permissions, or choose another with --db or REVIEW_DB\n"),
            "\(output.standardError)")
    }

    @Test("the advice of a store error is the command line's: the reason alone names no flag and no command")
    func reasonThenAdvice() {
        for code in ReviewError.Code.Base.allCases.map(ReviewError.Code.init) {
            let error = ReviewError(code, "the cause")
            let commands: [any ReviewSubcommand] = [UndoCommand(), DeleteCommand(id: 1), EditCommand(id: 1)]
            for command in commands {
                let line = command.failure(for: error).map { "review: \($0.message)\n" }
                #expect(line == "review: the cause" + ErrorAdvice.advice(for: error, in: command) + "\n")
            }
        }
    }
}

/// The same for the credentials of `sync`, `watch` and `auth check`: the resolver names what is missing, the
/// command line adds its flags and `review auth add`.
@Suite("review: the command line's advice after a credentials error's reason")
struct CredentialsAdviceTests {
    typealias Status = CommandLineKit.ExitStatus

    static func run(_ arguments: [String], _ directory: TemporaryDirectory, _ variables: [String: String] = [:]) async
        -> CommandOutput
    {
        let base = [
            "REVIEW_DB": directory.file("review.sqlite3").path, "HOME": directory.url.path,
            "XDG_CONFIG_HOME": directory.file("config").path, "ASC_API_BASE_URL": "http://127.0.0.1:9",
        ]
        return await ReviewCLI.perform(
            arguments: arguments,
            environment: ReviewEnvironment(now: InProcessReview.now, variables: base.merging(variables) { $1 }))
    }

    @Test("no key, a key ID without its .p8, an unknown profile, a profile list that is not one")
    func advice() async throws {
        let directory = try TemporaryDirectory()
        var output = await Self.run(["sync"], directory)
        #expect(output.status == .usage)
        #expect(
            output.standardError
                == "review: no App Store Connect API key: give --key-id, --issuer-id and --private-key, or set "
                + "ASC_KEY_ID, ASC_ISSUER_ID and ASC_PRIVATE_KEY_PATH, or add a profile with review auth add (create "
                + "the key in App Store Connect > Users and Access > Integrations)\n")
        output = await Self.run(["sync", "--key-id", "K1"], directory)
        #expect(output.status == .usage)
        #expect(
            output.standardError
                == "review: the command line gives the key ID K1 but no .p8 file; give it with --private-key FILE\n")
        output = await Self.run(["auth", "check"], directory, ["ASC_KEY_ID": "K2"])
        #expect(output.status == .usage)
        #expect(
            output.standardError
                == "review: the environment gives the key ID K2 but no .p8 file; give it with ASC_PRIVATE_KEY_PATH\n")
        let profiles = directory.file("config/gatehouse/app-store-connect.json").path
        output = await Self.run(["sync", "--profile", "team"], directory)
        #expect(output.status == .usage)
        #expect(
            output.standardError
                == "review: no profile named team in \(profiles); profiles: none (add one with review auth add)\n")
        try FileManager.default.createDirectory(
            at: directory.file("config/gatehouse"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: profiles, contents: Data("{}".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: profiles)
        output = await Self.run(["sync"], directory)
        #expect(output.status == .dataError)
        #expect(
            output.standardError
                == "review: \(profiles) is not a profile list ({\"profiles\": [...]}); fix or remove it and run review "
                + "auth add again\n")
    }
}
