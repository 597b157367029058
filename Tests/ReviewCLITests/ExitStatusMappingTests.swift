import AppStoreConnect
import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import ReviewSigning
import ReviewSync
import Testing

@testable import ReviewCLI

/// Issue 21 item 5: `review`'s exit status comes from the error's code alone, by one table (STYLE.md), never from
/// its message.
@Suite("review: every library error code has the exit status of STYLE.md's table")
struct ExitStatusMappingTests {
    typealias Status = CommandLineKit.ExitStatus

    /// STYLE.md's table, code by code, written apart from the mapping: a code moved to another status, or added to
    /// the library without a row here, fails.
    static let reviewErrors: [Status: [ReviewError.Code]] = [
        .negative: [.appNotFound, .versionNotFound, .eventNotFound, .channelNotFound, .signingItemNotFound],
        .usage: [.versionRequired, .invalidValue, .identifierMismatch, .identifierTaken, .timeNotEditable],
        .dataError: [.malformedImport, .conflict],
        .noInput: [.importFileUnreadable],
        .unavailable: [.serverUnavailable],
        .ioError: [
            .notGatehouseDatabase, .corruptDatabase, .newerSchema, .storeUnavailable, .storeLocked, .readOnlyStore,
            .storeFailure,
        ],
    ]

    /// The same for a sync; `store` is the store error's own status (74 without one).
    static let syncErrors: [Status: [SyncError.Code]] = [
        .noPermission: [.notAuthorized, .forbidden],
        .unavailable: [.unavailable],
        .negative: [.appNotFound, .refused],
        .usage: [.noCredentials, .keyFileNotGiven, .profileNotFound],
        .dataError: [.invalidCredentials, .malformedProfiles],
        .noInput: [.credentialsFileUnreadable],
        .ioError: [.credentialsFileUnwritable, .store],
    ]

    /// The same for a signing file (`signing add`): one that does not exist or cannot be read 66, one read and
    /// refused 65.
    static let signingErrors: [Status: [SigningError.Code]] = [
        .noInput: [.fileMissing, .unreadable],
        .dataError: [
            .fileTooLarge, .notASigningFile, .profileSignatureBroken, .invalidProfile, .invalidCertificate,
            .invalidClientSecret, .clientSecretWithoutExpiry, .invalidTrustAnchor,
        ],
    ]

    /// Checks that `table` names each of `all` once.
    static func expectEveryCodeOnce<Code: Hashable & CustomStringConvertible>(
        _ table: [Status: [Code]], all: [Code], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let listed = table.values.flatMap { $0 }
        let missing = all.filter { !listed.contains($0) }.map(\.description)
        #expect(missing.isEmpty, "codes without a row in the table: \(missing)", sourceLocation: sourceLocation)
        let twice = Set(listed.filter { code in listed.filter { $0 == code }.count > 1 }.map(\.description))
        #expect(twice.isEmpty, "codes in two rows: \(twice.sorted())", sourceLocation: sourceLocation)
    }

    @Test("each ReviewError code: the table's status, in the run's output too; the table names every code once")
    func reviewErrorCodes() {
        Self.expectEveryCodeOnce(Self.reviewErrors, all: ReviewError.Code.Base.allCases.map(ReviewError.Code.init))
        for (status, codes) in Self.reviewErrors {
            for code in codes {
                #expect(Status(ReviewError(code)) == status, "ReviewError.\(code)")
                #expect(Status(failure: ReviewError(code)) == status, "ReviewError.\(code) as any Error")
                let output = UndoCommand().failure(for: ReviewError(code, "the cause"))
                #expect(output?.status == status, "ReviewError.\(code): \(output?.message ?? "")")
            }
        }
    }

    @Test("each SyncError code: the table's status; a store failure inside one keeps the store error's status")
    func syncErrorCodes() {
        Self.expectEveryCodeOnce(Self.syncErrors, all: SyncError.Code.Base.allCases.map(SyncError.Code.init))
        for (status, codes) in Self.syncErrors {
            for code in codes {
                #expect(Status(SyncError(code, "the cause")) == status, "SyncError.\(code)")
                #expect(Status(failure: SyncError(code, "the cause")) == status, "SyncError.\(code) as any Error")
            }
        }
        for (status, codes) in Self.reviewErrors {
            for code in codes {
                let wrapped = SyncError(.store, "recording Fokus: the cause", reviewError: ReviewError(code))
                #expect(Status(wrapped) == status, "SyncError.store of ReviewError.\(code)")
            }
        }
    }

    @Test("each SigningError code: the table's status; the reason, then signing add's advice, in the run's output")
    func signingErrorCodes() {
        Self.expectEveryCodeOnce(
            Self.signingErrors, all: SigningError.Code.Base.allCases.map(SigningError.Code.init))
        for (status, codes) in Self.signingErrors {
            for code in codes {
                #expect(Status(SigningError(code, "the cause")) == status, "SigningError.\(code)")
                #expect(Status(failure: SigningError(code, "the cause")) == status, "SigningError.\(code) as any Error")
                let output = SigningAddCommand(path: "f").failure(for: SigningError(code, "the cause"))
                #expect(output?.status == status, "SigningError.\(code)")
                #expect(
                    output?.message == "the cause" + ErrorAdvice.advice(for: SigningError(code)), "SigningError.\(code)"
                )
            }
        }
    }

    @Test(
        "an App Store Connect error has the status of the sync error it becomes; a CommandFailure its own; others 74")
    func otherErrors() {
        let cases: [(AppStoreConnectError.Code, Status)] = [
            (.notAuthorized, .noPermission), (.forbidden, .noPermission), (.invalidCredentials, .dataError),
            (.signingFailed, .dataError), (.notFound, .negative), (.requestRefused, .negative),
            (.rateLimited, .unavailable), (.serverFailure, .unavailable), (.networkFailure, .unavailable),
            (.responseTooLarge, .unavailable), (.invalidResponse, .unavailable), (.paginationFailure, .unavailable),
        ]
        for (code, status) in cases {
            #expect(Status(failure: AppStoreConnectError(code, "the cause")) == status, "AppStoreConnectError.\(code)")
        }
        #expect(Status(failure: CommandFailure(.noInput, "cannot read")) == .noInput)
        struct Other: Error {}
        #expect(Status(failure: Other()) == .ioError)
    }

    @Test("the status never depends on the message: a reason that reads like another code's keeps its code's status")
    func notFromText() {
        let misleading = "cannot read the .p8 key '/x.p8': No such file or directory; it does not exist"
        #expect(Status(SyncError(.invalidCredentials, misleading)) == .dataError)
        #expect(
            Status(SyncError(.credentialsFileUnreadable, "cannot read the .p8 key '/x.p8': Permission denied"))
                == .noInput)
        #expect(Status(ReviewError(.storeFailure, misleading)) == .ioError)
    }
}

/// Issue 21 item 5: a key file that cannot be read is 66, one that is read but is not a key 65, through the built
/// `review`; the status comes from the code the read failure carries (`credentialsFileUnreadable`), where it used
/// to be guessed from the words "No such file" in the message.
@Suite("review: a .p8 that does not exist is 66 naming it, one that is not a key 65, end to end")
struct KeyFileStatusEndToEndTests {
    static let keyID = "2X9R4HXF34"
    static let issuerID = "00000000-0000-4000-8000-000000000000"

    /// The commands that read a `.p8` from a path, and their variables (no App Store Connect is reached: the key
    /// is read first): `sync` from the flags and from the environment, as `SyncMalformedKeyTests` runs them, then
    /// `auth check`.
    static func runs(_ path: String, in directory: TemporaryDirectory) -> [(
        arguments: [String], variables: [String: String]
    )] {
        let sync = Array(SyncMalformedKeyTests.runs(path, in: directory).prefix(2))
        return sync + [(["auth", "check", "--key-id", keyID, "--private-key", path], sync[0].variables)]
    }

    @Test(
        "a .p8 that does not exist, or is a directory: 66, the message naming the file",
        arguments: ["missing.p8", "folder.p8"])
    func unreadable(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file(name).path
        if name == "folder.p8" {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        for (arguments, variables) in Self.runs(path, in: directory) {
            let result = try ProcessRunner.run("review", arguments, environment: variables)
            #expect(result.status == 66, "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.hasPrefix("review: cannot read the .p8 key '\(path)': "),
                "\(arguments): \(result.standardError)")
        }
    }

    @Test("a .p8 that exists but is not a key: 65, the message naming the file")
    func notAKey() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("notes.p8").path
        try Data("these are notes, not a key\n".utf8).write(to: URL(fileURLWithPath: path))
        for (arguments, variables) in Self.runs(path, in: directory) {
            let result = try ProcessRunner.run("review", arguments, environment: variables)
            #expect(result.status == 65, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(path), "\(arguments): \(result.standardError)")
        }
    }
}
