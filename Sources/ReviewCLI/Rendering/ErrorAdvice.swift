import AppStoreConnect
import CommandLineKit
import ReviewLog
import ReviewSigning
import ReviewSync

/// What `review` prints for a failure: the library's reason, which names the cause, then this command line's advice
/// (its flags, its commands), chosen by the error's code and, where the flag depends on it, by the command that ran.
///
/// The libraries never name `review`'s flags or commands (issue 21 item 5): a library user has no `--db`. Each
/// `switch` is over the package's closed enum of codes, without `default`, so a new code needs a decision here.
enum ErrorAdvice {
    /// The line for standard error, without the `review: ` prefix or the newline.
    /// - Parameters:
    ///   - error: what the command threw.
    ///   - command: the command that ran.
    /// - Returns: the reason and the advice; a `CommandFailure`'s message as it is (the command line wrote it).
    static func message(for error: any Error, in command: any ReviewSubcommand) -> String {
        switch error {
        case let error as ReviewError: error.reason + advice(for: error, in: command)
        case let error as SyncError: error.reason + advice(for: error, in: command)
        case let error as SigningError: error.reason + advice(for: error)
        case let error as AppStoreConnectError:
            message(for: SyncError(wrapping: error, doing: "App Store Connect"), in: command)
        case let failure as CommandFailure: failure.message
        default: "\(error)"
        }
    }

    /// The advice after a store error's reason; empty when the reason says all there is.
    /// - Parameters:
    ///   - error: the error.
    ///   - command: the command that ran (for the flags it was given).
    /// - Returns: the text appended to the reason, starting with its punctuation.
    static func advice(for error: ReviewError, in command: any ReviewSubcommand) -> String {
        switch error.code.base {
        case .storeUnavailable: "; check the path and its permissions, or choose another with --db or REVIEW_DB"
        case .readOnlyStore: ", or point --db or REVIEW_DB at a writable place"
        case .notGatehouseDatabase: ". Choose another file with --db or REVIEW_DB"
        case .versionRequired: "; give --version (for example --version 1.0)"
        case .appNotFound: "; `review apps` lists them"
        case .channelNotFound: "; `review notify list` shows ids"
        case .signingItemNotFound: "; `review signing --all` shows ids"
        case .eventNotFound:
            if command is UndoCommand {
                "; an imported or synced event is removed with review delete ID --yes"
            } else {
                "; `review timeline APP` shows ids"
            }
        case .identifierMismatch:
            // "check --bundle-id, or leave it out"; both options given: "check --bundle-id and --app-store-id, ...".
            identifierOptions(of: command).map { options in
                ": check \(options.joined(separator: " and ")), or leave \(options.count == 1 ? "it" : "them") out"
            } ?? ""
        case .identifierTaken:
            // "check --bundle-id and the app name"; both: "check --bundle-id, --app-store-id and the app name".
            identifierOptions(of: command).map { "; check \($0.joined(separator: ", ")) and the app name" } ?? ""
        case .timeNotEditable:
            if let edit = command as? EditCommand { " (or delete it with review delete \(edit.id) --yes)" } else { "" }
        case .serverUnavailable:
            // The library names the URL's parts to check; where that URL came from is this command line's.
            "; the store's URL is --db's or REVIEW_DB's (review timeline APP shows what a command stored)"
        case .versionNotFound, .invalidValue, .conflict, .importFileUnreadable, .malformedImport, .corruptDatabase,
            .newerSchema, .storeLocked, .storeFailure:
            ""
        }
    }

    /// The advice after a sync error's reason; a store error inside one gets the store error's advice.
    /// - Parameters:
    ///   - error: the error.
    ///   - command: the command that ran (for the key flags it was given).
    /// - Returns: the text appended to the reason, starting with its punctuation.
    static func advice(for error: SyncError, in command: any ReviewSubcommand) -> String {
        switch error.code.base {
        case .noCredentials:
            ": give --key-id, --issuer-id and --private-key, or set ASC_KEY_ID, ASC_ISSUER_ID and "
                + "ASC_PRIVATE_KEY_PATH, or add a profile with review auth add (create the key in App Store Connect > "
                + "Users and Access > Integrations)"
        // The resolver takes the flags' key ID before the environment's, and names ASC_PRIVATE_KEY_PATH itself.
        case .keyFileNotGiven: command.credentialFlags?.keyID != nil ? "; give it with --private-key FILE" : ""
        case .profileNotFound: " (add one with review auth add)"
        case .malformedProfiles: " and run review auth add again"
        case .store: error.reviewError.map { advice(for: $0, in: command) } ?? ""
        case .notAuthorized, .forbidden, .unavailable, .refused, .appNotFound, .invalidCredentials,
            .credentialsFileUnreadable, .credentialsFileUnwritable:
            ""
        }
    }

    /// The advice after a signing file's refusal (`signing add`): what the command takes, or how to get a good file.
    /// - Parameter error: the error.
    /// - Returns: the text appended to the reason, starting with its punctuation.
    static func advice(for error: SigningError) -> String {
        switch error.code.base {
        case .profileSignatureBroken, .invalidProfile:
            "; download the profile again (App Store Connect or fastlane match)"
        case .invalidClientSecret, .clientSecretWithoutExpiry:
            "; sign a new one with jwtcheck apple client-secret"
        // The reason says what a signing file is, or what the system said.
        case .fileMissing, .unreadable, .fileTooLarge, .notASigningFile, .invalidCertificate, .invalidTrustAnchor: ""
        }
    }

    /// The identifier options a `log` was given (the store does not say which of them it refused).
    private static func identifierOptions(of command: any ReviewSubcommand) -> [String]? {
        guard let log = command as? LogCommand else { return nil }
        let given = [log.bundleID.map { _ in "--bundle-id" }, log.appStoreID.map { _ in "--app-store-id" }]
            .compactMap { $0 }
        return given.isEmpty ? nil : given
    }
}
