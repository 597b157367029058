import AppStoreConnect
import CommandLineKit
import ReviewLog
import ReviewSigning
import ReviewSync

/// The exit status of every error a `review` command ends with: the table in STYLE.md, decided by the error's code
/// alone, never by its message.
///
/// Each `switch` is over the package's closed enum of codes (`Code.Base`), without `default`: a code added to a
/// library does not compile here until it has a status (and `ErrorAdvice` its advice).
extension ExitStatus {
    /// The status of a review store error.
    /// - Parameter error: the error.
    package init(_ error: ReviewError) {
        switch error.code.base {
        case .appNotFound, .versionNotFound, .eventNotFound, .channelNotFound, .signingItemNotFound: self = .negative
        // Values the user gives on the command line: a missing version, a value that cannot be stored, an
        // identifier that differs from the app's, a time that is not the user's to change.
        case .versionRequired, .invalidValue, .identifierMismatch, .identifierTaken, .timeNotEditable: self = .usage
        // An import file that is not an event list; a rename, merge or edit that would make two apps or events one.
        case .malformedImport, .conflict: self = .dataError
        case .importFileUnreadable: self = .noInput
        case .serverUnavailable: self = .unavailable
        case .notGatehouseDatabase, .corruptDatabase, .newerSchema, .storeUnavailable, .storeLocked, .readOnlyStore,
            .storeFailure:
            self = .ioError
        }
    }

    /// The status of a sync error; a store error inside one keeps the store error's status.
    /// - Parameter error: the error.
    package init(_ error: SyncError) {
        switch error.code.base {
        case .notAuthorized, .forbidden: self = .noPermission
        case .unavailable: self = .unavailable
        case .appNotFound, .refused: self = .negative
        // What the command line or the environment asked for is missing: no key at all, a key ID without its
        // `.p8` path, a profile name that the profile list does not hold.
        case .noCredentials, .keyFileNotGiven, .profileNotFound: self = .usage
        // Read, but not usable: a `.p8` that is not a P-256 key, a profile list that is not one.
        case .invalidCredentials, .malformedProfiles: self = .dataError
        // "A key file that does not exist or cannot be read" (66); the profile list that cannot be written (74).
        case .credentialsFileUnreadable: self = .noInput
        case .credentialsFileUnwritable: self = .ioError
        case .store: self = error.reviewError.map(ExitStatus.init) ?? .ioError
        }
    }

    /// The status of a signing file's refusal (`signing add`): a file that does not exist or cannot be read is 66; one
    /// read but not accepted (none of the kinds, a profile whose signature is not intact, a certificate that does not
    /// parse, a client secret without `exp`, too large) is 65.
    /// - Parameter error: the error.
    package init(_ error: SigningError) {
        switch error.code.base {
        case .fileMissing, .unreadable: self = .noInput
        case .fileTooLarge, .notASigningFile, .profileSignatureBroken, .invalidProfile, .invalidCertificate,
            .invalidClientSecret, .clientSecretWithoutExpiry, .invalidTrustAnchor:
            self = .dataError
        }
    }

    /// The status of a `sync` run's first failure: a pass with apps it could not read is 69 whatever their errors (the
    /// others were recorded), a pass that failed as a whole has its error's status, and apps no key sees are 1.
    /// - Parameter failure: the failure.
    package init(_ failure: SyncRunResult.Failure) {
        switch failure {
        case .appsUnreadable: self = .unavailable
        case .passFailed(_, let error): self.init(error)
        case .appsUnseen: self = .negative
        }
    }

    /// The status of any error a command throws: the library errors by their codes (the store's, the sync's, a signing file's), an App Store Connect error as
    /// the sync wraps it (`SyncError(wrapping:doing:)`), a `CommandFailure` its own, anything else 74.
    /// - Parameter failure: the error.
    package init(failure: any Error) {
        switch failure {
        case let error as ReviewError: self.init(error)
        case let error as SyncError: self.init(error)
        case let error as SigningError: self.init(error)
        case let error as AppStoreConnectError: self.init(SyncError(wrapping: error, doing: "App Store Connect"))
        case let failure as CommandFailure: self = failure.status
        default: self = .ioError
        }
    }
}
