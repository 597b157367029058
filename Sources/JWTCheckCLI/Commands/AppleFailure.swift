import AppleSignIn
import CommandLineKit

/// Maps `AppleSignInError` to the exit-status table (`ExitStatus`).
enum AppleFailure {
    /// 69 for what could not be reached, 65 for bad data, 64 for bad parameters, 1 for a negative answer.
    static func status(_ error: AppleSignInError) -> ExitStatus {
        switch error.code {
        case .keySetUnavailable, .tokenEndpointFailure, .invalidTokenResponse: .unavailable
        case .invalidKeySet, .invalidPrivateKey: .dataError
        case .invalidClientSecretLifetime, .invalidConfiguration: .usage
        default: .negative
        }
    }

    static func commandFailure(_ error: AppleSignInError) -> CommandFailure {
        CommandFailure(status(error), "\(error)")
    }

    /// Whether the error is a verdict on the token (printed as REJECTED) rather than a failure to check it.
    static func isVerdict(_ error: AppleSignInError) -> Bool { status(error) == .negative }
}
