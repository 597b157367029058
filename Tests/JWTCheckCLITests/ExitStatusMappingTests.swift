import AppStoreServer
import AppleSignIn
import CommandLineKit
import JWT
import Testing

@testable import JWTCheckCLI

/// Issue 21 item 5: `jwtcheck`'s exit status comes from the error's code (and, for the JOSE core, from what it
/// judged), by one table (STYLE.md), in one file (`ExitStatusMapping.swift`).
@Suite("jwtcheck: every library error code has the exit status of STYLE.md's table")
struct ExitStatusMappingTests {
    typealias Status = CommandLineKit.ExitStatus

    /// STYLE.md's table, code by code, written apart from the mapping: a code moved to another status, or added to
    /// AppleSignIn without a row here, fails.
    static let appleSignInErrors: [Status: [AppleSignInError.Code]] = [
        .unavailable: [.keySetUnavailable, .tokenEndpointFailure, .invalidTokenResponse],
        .dataError: [.invalidKeySet, .invalidPrivateKey, .signingFailed],
        .usage: [.invalidClientSecretLifetime, .invalidConfiguration],
        // A token or notification rejected; Apple's token endpoint refusing a request (any 4xx).
        .negative: [
            .invalidToken, .invalidClaim, .nonceMissing, .nonceMismatch, .tokenHashMismatch, .invalidNotification,
            .invalidRequest, .invalidClient, .invalidGrant, .unauthorizedClient, .unsupportedGrantType, .invalidScope,
            .tokenRequestRefused,
        ],
    ]

    @Test("each AppleSignInError code: the table's status, as a command's failure too; the table names every code once")
    func appleSignInCodes() {
        let all = AppleSignInError.Code.Base.allCases.map(AppleSignInError.Code.init)
        let listed = Self.appleSignInErrors.values.flatMap { $0 }
        #expect(
            all.filter { !listed.contains($0) }.isEmpty, "codes without a row: \(all.filter { !listed.contains($0) })")
        #expect(listed.count == Set(listed).count && listed.count == all.count, "a code in two rows")
        for (status, codes) in Self.appleSignInErrors {
            for code in codes {
                #expect(Status(AppleSignInError(code)) == status, "AppleSignInError.\(code)")
                #expect(
                    CommandFailure(AppleSignInError(code, "the cause")).status == status, "AppleSignInError.\(code)")
            }
        }
    }

    /// The App Store codes: every check is a rejection (malformed data included), `verificationUnavailable` could
    /// not check, `invalidConfiguration` is the options.
    static let appStoreServerErrors: [Status: [AppStoreServerError.Code]] = [
        .negative: [
            .malformed, .unsupportedAlgorithm, .chainInvalid, .missingAppleExtension, .certificateExpired,
            .certificateRevoked, .signatureInvalid, .bundleIDMismatch, .environmentMismatch, .appAppleIDMismatch,
            .localSigningNotTrusted,
        ],
        .unavailable: [.verificationUnavailable],
        .usage: [.invalidConfiguration],
    ]

    @Test("each AppStoreServerError code: the table's status, through the tool's failure too; every code once")
    func appStoreServerCodes() {
        let all = AppStoreServerError.Code.Base.allCases.map(AppStoreServerError.Code.init)
        let listed = Self.appStoreServerErrors.values.flatMap { $0 }
        #expect(
            all.filter { !listed.contains($0) }.isEmpty, "codes without a row: \(all.filter { !listed.contains($0) })")
        #expect(listed.count == Set(listed).count && listed.count == all.count, "a code in two rows")
        for (status, codes) in Self.appStoreServerErrors {
            for code in codes {
                let error = AppStoreServerError(code, "the cause")
                #expect(Status(error) == status, "AppStoreServerError.\(code)")
                let failure = JWTCheckCommand.failure(for: error, running: AppStoreDecodeCommand(signed: .literal("x")))
                #expect(failure.status == status, "AppStoreServerError.\(code)")
                #expect(failure.message == "AppStoreServerError.\(code): the cause")
            }
        }
    }

    @Test("each JWTError code: 1 about the token, 64 about the options, 65 about a key or claims (64 for --alg)")
    func jwtCodes() {
        for code in JWTError.Code.Base.allCases.map(JWTError.Code.init) {
            let error = JWTError(code, "the cause")
            #expect(Status(error, judging: .token) == .negative, "JWTError.\(code)")
            #expect(Status(error, judging: .options) == .usage, "JWTError.\(code)")
            #expect(
                Status(error, judging: .input) == (code == .algorithmKeyMismatch ? .usage : .dataError),
                "JWTError.\(code)")
        }
        #expect(JWTSubject.allCases.count == 3, "a new subject needs its rows here")
    }

    @Test("setting up keeps a CommandFailure, gives an AppleSignInError its status, and any other error 64")
    func settingUp() {
        #expect(throws: CommandFailure(.noInput, "x")) {
            try CommandFailure.settingUp { throw CommandFailure(.noInput, "x") }
        }
        #expect(throws: CommandFailure(.dataError, "AppleSignInError.invalidKeySet: x")) {
            try CommandFailure.settingUp { throw AppleSignInError(.invalidKeySet, "x") }
        }
        struct Other: Error {}
        do throws(CommandFailure) {
            try CommandFailure.settingUp { throw Other() }
            Issue.record("nothing was thrown")
        } catch {
            #expect(error.status == .usage)
        }
    }
}
