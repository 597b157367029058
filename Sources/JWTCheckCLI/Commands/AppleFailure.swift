import AppleSignIn
import CommandLineKit

/// Maps `AppleSignInError` to the exit-status table (`ExitStatus`).
enum AppleFailure {
    /// 69 for what could not be reached, 65 for bad data, 64 for bad parameters, 1 for a negative answer.
    ///
    /// The token endpoint's codes follow the HTTP status (AppleTokenClient decides them by status first): a 5xx,
    /// whatever its body, is `tokenEndpointFailure` (69); any 4xx is Apple refusing, Apple's typed error or
    /// `tokenRequestRefused` (1).
    static func status(_ error: AppleSignInError) -> ExitStatus {
        switch error.code {
        case .keySetUnavailable, .tokenEndpointFailure, .invalidTokenResponse: .unavailable
        case .invalidKeySet, .invalidPrivateKey: .dataError
        case .invalidClientSecretLifetime, .invalidConfiguration: .usage
        case .invalidRequest, .invalidClient, .invalidGrant, .unauthorizedClient, .unsupportedGrantType,
            .invalidScope, .tokenRequestRefused:
            .negative
        default: .negative
        }
    }

    static func commandFailure(_ error: AppleSignInError) -> CommandFailure {
        CommandFailure(status(error), "\(error)")
    }

    /// Runs a step that sets a command up: a `CommandFailure` stays as it is, an `AppleSignInError` gets its exit
    /// status (`commandFailure(_:)`), and any other error is a usage error.
    /// - Parameter body: the step.
    /// - Returns: what the step returns.
    static func settingUp<Value>(_ body: () throws -> Value) throws(CommandFailure) -> Value {
        do {
            return try body()
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as AppleSignInError {
            throw commandFailure(error)
        } catch {
            throw CommandFailure(.usage, "\(error)")
        }
    }

    /// Whether the error is a verdict on the token (printed as REJECTED) rather than a failure to check it.
    static func isVerdict(_ error: AppleSignInError) -> Bool { status(error) == .negative }
}
