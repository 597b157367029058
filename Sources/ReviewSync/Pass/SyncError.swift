public import AppStoreConnect
public import GatehouseCore
public import ReviewLog

/// Every failure of a sync: a stable `code` for programs and a `reason` for people.
public struct SyncError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The codes as a closed enum, for this package only: its command lines switch over it exhaustively, so a
        /// code added here without an exit status there does not compile. Users see only the struct.
        package enum Base: String, Sendable, CaseIterable {
            case notAuthorized, forbidden, unavailable, refused, appNotFound
            case noCredentials, keyFileNotGiven, profileNotFound, invalidCredentials, malformedProfiles
            case credentialsFileUnreadable, credentialsFileUnwritable, store
        }
        /// The code's case, for an exhaustive `switch` inside the package.
        package let base: Base
        package init(_ base: Base) { self.base = base }

        /// App Store Connect refused the token (HTTP 401): the key, the issuer ID or this host's clock.
        public static let notAuthorized = Code(.notAuthorized)
        /// App Store Connect refused the key's role (HTTP 403).
        public static let forbidden = Code(.forbidden)
        /// App Store Connect could not be used: network, TLS, 5xx or 429 after the retries, an unreadable answer.
        public static let unavailable = Code(.unavailable)
        /// App Store Connect refused the request itself (a 4xx other than 401, 403 and 429, or a 404: a webhook URL
        /// it does not accept, a conflict, a resource gone): sending it again will not help.
        public static let refused = Code(.refused)
        /// An app asked for is not visible to the key.
        public static let appNotFound = Code(.appNotFound)
        /// No credentials: no flags, no environment, no profile.
        public static let noCredentials = Code(.noCredentials)
        /// A key ID given (by the flags or the environment) without the path of its `.p8` file.
        public static let keyFileNotGiven = Code(.keyFileNotGiven)
        /// The profile asked for is not in the profile list; the reason names the profiles there are.
        public static let profileNotFound = Code(.profileNotFound)
        /// Credentials that cannot be used: a `.p8` that is not an EC P-256 private key (or is over the size limit),
        /// an empty key ID, a profile list readable by others.
        public static let invalidCredentials = Code(.invalidCredentials)
        /// A profile list that is not one (`{"profiles": [...]}`): fix or remove the file the reason names.
        public static let malformedProfiles = Code(.malformedProfiles)
        /// A `.p8` file, or the profile list, that does not exist or cannot be read; the reason names the file and
        /// the cause.
        public static let credentialsFileUnreadable = Code(.credentialsFileUnreadable)
        /// The profile list cannot be written; the reason names the file and the cause.
        public static let credentialsFileUnwritable = Code(.credentialsFileUnwritable)
        /// The review store failed.
        public static let store = Code(.store)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The cause and, where known, the fix (never a program's flags or commands: a program adds its own advice from
    /// the code).
    public let reason: String
    /// The App Store Connect error behind it, if any.
    public let ascError: AppStoreConnectError?
    /// The store error behind it, if any.
    public let reviewError: ReviewError?

    /// Creates an error.
    /// - Parameters:
    ///   - reason: the explanation.
    ///   - ascError: the App Store Connect error, if any.
    ///   - reviewError: the store error, if any.
    public init(
        _ code: Code, _ reason: String, ascError: AppStoreConnectError? = nil, reviewError: ReviewError? = nil
    ) {
        self.code = code
        // Control characters escaped: it quotes app names and what App Store Connect sent.
        self.reason = ControlCharacters.escaped(reason)
        self.ascError = ascError
        self.reviewError = reviewError
    }

    /// An App Store Connect error while `doing` something: 401 and 403 keep their meaning, a request refused (another
    /// 4xx, 404 included) is `refused`, the rest is unavailable.
    public init(wrapping error: AppStoreConnectError, doing: String) {
        let code: Code
        switch error.code {
        case .notAuthorized: code = .notAuthorized
        case .forbidden: code = .forbidden
        case .invalidCredentials, .signingFailed: code = .invalidCredentials
        case .requestRefused, .notFound: code = .refused
        default: code = .unavailable
        }
        self.init(code, "\(doing): \(error.reason)", ascError: error)
    }
}
