public import GatehouseCore

/// Every failure of the ReviewSigning module: a stable `code` for programs and a `reason` for people.
///
/// The reason names the file and what is wrong with it (which key of a profile's property list, which certificate of
/// `DeveloperCertificates`, which claim of a client secret, what OpenSSL said), never a command line's flags: a
/// program adds its own advice from the code. Equality compares the code only, so callers and tests can match
/// `error == SigningError(.notASigningFile)` without depending on wording.
///
/// The exit statuses `review` gives these codes (its one table, sysexits.h): `fileMissing` and `unreadable` are 66
/// (`EX_NOINPUT`: a file that does not exist or cannot be read); every other code is 65 (`EX_DATAERR`: the file was
/// read and is not a signing file this module accepts). A tracked file that disappears after it was added is
/// `fileMissing` too, which a pass reports as the item's state, never as an error of the pass.
public struct SigningError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The codes as a closed enum, for this package only: its command line switches over it exhaustively, so a
        /// code added here without an exit status there does not compile. Users see only the struct.
        package enum Base: String, Sendable, CaseIterable {
            case fileMissing, unreadable, fileTooLarge, notASigningFile
            case profileSignatureBroken, invalidProfile, invalidCertificate
            case invalidClientSecret, clientSecretWithoutExpiry
            case invalidTrustAnchor
        }
        /// The code's case, for an exhaustive `switch` inside the package.
        package let base: Base
        package init(_ base: Base) { self.base = base }

        /// The file does not exist (or a folder of its path does not): exit 66.
        public static let fileMissing = Code(.fileMissing)
        /// The file exists but cannot be read: no permission, a folder, an I/O error (the reason carries the
        /// system's text): exit 66.
        public static let unreadable = Code(.unreadable)
        /// The file is larger than `SigningFile.maximumBytes` (4 MiB; a provisioning profile is a few hundred KB):
        /// nothing of it was parsed.
        public static let fileTooLarge = Code(.fileTooLarge)
        /// The content is none of the three kinds (a CMS SignedData provisioning profile, an X.509 certificate in PEM
        /// or DER, a compact JWS client secret), whatever the file's name; the reason says what it looks like.
        public static let notASigningFile = Code(.notASigningFile)
        /// A CMS SignedData message whose signature is not intact: content altered after signing, a signature that
        /// does not verify, no signer or no signer certificate, detached content, bytes after the message.
        public static let profileSignatureBroken = Code(.profileSignatureBroken)
        /// A profile whose signature is intact but whose content is not a provisioning profile: not a strict XML
        /// property list, or a key it must have missing or of the wrong type (the reason names the key), or a
        /// `DeveloperCertificates` entry that is not a certificate.
        public static let invalidProfile = Code(.invalidProfile)
        /// A certificate that does not parse (PEM or DER), has bytes after it, or has a validity date OpenSSL cannot
        /// read.
        public static let invalidCertificate = Code(.invalidCertificate)
        /// A compact JWS that is not a Sign in with Apple client secret: it does not parse as a JWT, its `alg` is not
        /// ES256, or it has no `sub` (the client ID) or no `kid`.
        public static let invalidClientSecret = Code(.invalidClientSecret)
        /// A client secret without an `exp` claim: there is no expiry to watch.
        public static let clientSecretWithoutExpiry = Code(.clientSecretWithoutExpiry)
        /// A trust anchor given to `ProfileSignerTrust` that is not a SHA-256 fingerprint (32 bytes).
        public static let invalidTrustAnchor = Code(.invalidTrustAnchor)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The human explanation: the file, what is wrong and, where known, what to do (never a program's flags).
    public let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable code.
    ///   - reason: the explanation; control characters in it are escaped (`ControlCharacters`), since it quotes
    ///     file names and values read from the files.
    public init(_ code: Code, _ reason: String = "") {
        self.code = code
        self.reason = ControlCharacters.escaped(reason)
    }
}
