import AppStoreServer
import AppleSignIn
import CommandLineKit
import JWT

/// The exit status of every library error a `jwtcheck` command ends with: the table in STYLE.md, decided by the
/// error's code (and, for the JOSE core, by what it judged), never by its message.
///
/// Each `switch` is over the package's closed enum of codes (`Code.Base`), without `default`: a code added to a
/// library does not compile here until it has a status.
extension ExitStatus {
    /// The status of an Apple Sign in error.
    ///
    /// The token endpoint's codes follow the HTTP status (AppleTokenClient decides them by status first): a 5xx,
    /// whatever its body, is `tokenEndpointFailure` (69); any 4xx is Apple refusing, Apple's typed error or
    /// `tokenRequestRefused` (1).
    /// - Parameter error: the error.
    package init(_ error: AppleSignInError) {
        switch error.code.base {
        case .keySetUnavailable, .tokenEndpointFailure, .invalidTokenResponse: self = .unavailable
        // A key set or `.p8` that was read but is not one; a `.p8` that OpenSSL parsed and then refused to sign with.
        case .invalidKeySet, .invalidPrivateKey, .signingFailed: self = .dataError
        case .invalidClientSecretLifetime, .invalidConfiguration: self = .usage
        // A token or notification rejected, for any reason (`AppleVerifyCommand` prints these as REJECTED).
        case .invalidToken, .invalidClaim, .nonceMissing, .nonceMismatch, .tokenHashMismatch, .invalidNotification:
            self = .negative
        case .invalidRequest, .invalidClient, .invalidGrant, .unauthorizedClient, .unsupportedGrantType,
            .invalidScope, .tokenRequestRefused:
            self = .negative
        }
    }

    /// The status of an App Store signed data error.
    ///
    /// Every check's code is a rejection (1), malformed input included; `verificationUnavailable` says the data could
    /// not be checked (an OCSP responder that did not answer), not that it was refused (69); `invalidConfiguration`
    /// is the verifier's options (64). A `--root` file that is not a certificate is bad input (65): the command that
    /// reads it says so where it reads it, whatever the code.
    /// - Parameter error: the error.
    package init(_ error: AppStoreServerError) {
        switch error.code.base {
        case .malformed, .unsupportedAlgorithm, .chainInvalid, .missingAppleExtension, .certificateExpired,
            .certificateRevoked, .signatureInvalid, .bundleIDMismatch, .environmentMismatch, .appAppleIDMismatch,
            .localSigningNotTrusted:
            self = .negative
        case .verificationUnavailable: self = .unavailable
        case .invalidConfiguration: self = .usage
        }
    }

    /// The status of a JOSE error, which depends on what it judged: a token's defect is a verdict, a key's or the
    /// claims' is bad input, an option's a usage error.
    /// - Parameters:
    ///   - error: the error.
    ///   - judged: what was being read or checked when it was thrown.
    package init(_ error: JWTError, judging judged: JWTSubject) {
        switch judged {
        // "A token rejected for any reason, malformed tokens included" (1).
        case .token: self = .negative
        case .options: self = .usage
        case .input:
            switch error.code.base {
            // `--alg` names an algorithm the key given cannot sign with: the flag is wrong, not the key.
            case .algorithmKeyMismatch: self = .usage
            case .invalidBase64URL, .malformedToken, .malformedJSON, .limitExceeded, .invalidHeader,
                .unsupportedCriticalHeader, .algorithmNotAllowed, .unknownKeyID, .ambiguousKey, .unusableKey,
                .invalidKey, .weakKey, .unsupportedKey, .invalidSignature, .invalidKeySet, .expired, .notYetValid,
                .issuedInFuture, .missingClaim, .invalidClaim, .issuerMismatch, .audienceMismatch, .signingFailed,
                .cryptoFailure, .decodingFailed, .invalidOptions:
                self = .dataError
            }
        }
    }
}

/// What a `JWTError` was about, for its exit status (`ExitStatus(_:judging:)`).
package enum JWTSubject: Sendable, CaseIterable {
    /// The token given to `token` or `decode`.
    case token
    /// A key, key set or claims the user gave (`--jwks`, `--key`, `--claims`), with the `--alg` to sign with.
    case input
    /// The validation options built from the command line (`--leeway`, `--alg`, `--iss`).
    case options
}

extension JWTCheckCommand {
    /// The failure a command ends with when it throws `error`, for CommandLineKit's runner. Every command maps its
    /// library's errors to a `CommandFailure` where it knows what was being judged (a token, an input, an option),
    /// so a failure arrives as it is; an Apple Sign in, App Store or JOSE error that arrives unmapped gets its status from this
    /// file's table (a JOSE error as bad input), and anything else is bad input data (65).
    package static func failure(
        for error: any Error, running command: any ParsableCommand<ToolEnvironment>
    ) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: failure
        case let error as AppleSignInError: CommandFailure(error)
        case let error as AppStoreServerError: CommandFailure(error)
        case let error as JWTError: CommandFailure(ExitStatus(error, judging: .input), "\(error)")
        default: CommandFailure(.dataError, "\(error)")
        }
    }
}

extension CommandFailure {
    /// An Apple Sign in error as a command's failure: its status (`ExitStatus(_:)`) and its description.
    /// - Parameter error: the error.
    init(_ error: AppleSignInError) {
        self.init(ExitStatus(error), "\(error)")
    }

    /// An App Store signed data error as a command's failure: its status (`ExitStatus(_:)`) and its description.
    /// - Parameter error: the error.
    init(_ error: AppStoreServerError) {
        self.init(ExitStatus(error), "\(error)")
    }

    /// Runs a step that sets a command up: a `CommandFailure` stays as it is, an `AppleSignInError` gets its exit
    /// status, and any other error is a usage error.
    /// - Parameter body: the step.
    /// - Returns: what the step returns.
    static func settingUp<Value>(_ body: () throws -> Value) throws(CommandFailure) -> Value {
        do {
            return try body()
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as AppleSignInError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure(.usage, "\(error)")
        }
    }
}
