public import GatehouseCore

/// Every failure of the AppStoreServer module: a code per check, so a program knows which one failed, and a reason
/// naming the certificate (subject, serial), the date used and the values compared.
///
/// `verificationUnavailable` is apart from every other code: it says the data could not be checked (an OCSP
/// responder that did not answer), not that it was rejected, and a receiver answers it with a retry, not a refusal.
public struct AppStoreServerError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The codes as a closed enum, for this package only (the command line switches over it exhaustively).
        package enum Base: String, Sendable, CaseIterable {
            case malformed, unsupportedAlgorithm, chainInvalid, missingAppleExtension, certificateExpired
            case certificateRevoked, signatureInvalid, bundleIDMismatch, environmentMismatch, appAppleIDMismatch
            case verificationUnavailable, localSigningNotTrusted, invalidConfiguration
        }
        /// The code's case, for an exhaustive `switch` inside the package.
        package let base: Base
        package init(_ base: Base) { self.base = base }

        /// Not App Store signed data: not a compact JWS, a payload that is not the JSON object of its kind, an `x5c`
        /// that is missing, not three base64 (RFC 4648 section 4) DER certificates, or over the size limits.
        public static let malformed = Code(.malformed)
        /// An `alg` other than `ES256` (`none`, `RS256`, `ES384`...): App Store data is signed ES256 only.
        public static let unsupportedAlgorithm = Code(.unsupportedAlgorithm)
        /// The leaf and intermediate do not chain to a trusted root by RFC 5280's rules (signatures, names, CA basic
        /// constraints, key usage), or the built path is not leaf, intermediate, root.
        public static let chainInvalid = Code(.chainInvalid)
        /// The intermediate lacks Apple's WWDR extension (1.2.840.113635.100.6.2.1) or the leaf Apple's receipt
        /// signing extension (1.2.840.113635.100.6.11.1).
        public static let missingAppleExtension = Code(.missingAppleExtension)
        /// A certificate of the path is not valid at the validation time (expired, or not yet valid).
        public static let certificateExpired = Code(.certificateExpired)
        /// OCSP says a certificate of the path is revoked, or that the responder does not know it.
        public static let certificateRevoked = Code(.certificateRevoked)
        /// The JWS signature does not verify under the leaf's public key: the data was altered or signed elsewhere.
        public static let signatureInvalid = Code(.signatureInvalid)
        /// The payload's `bundleId` is not the configured one.
        public static let bundleIDMismatch = Code(.bundleIDMismatch)
        /// The payload's environment (`receiptType` for an `AppTransaction`) is not the configured one.
        public static let environmentMismatch = Code(.environmentMismatch)
        /// The payload's `appAppleId` is not the configured one (production).
        public static let appAppleIDMismatch = Code(.appAppleIDMismatch)
        /// The data could not be checked online: an OCSP responder could not be reached, timed out, answered
        /// non-2xx or with a body that is not a valid OCSP response. Not a rejection: try again later.
        public static let verificationUnavailable = Code(.verificationUnavailable)
        /// Xcode or LocalTesting data (a one-certificate `x5c`) without a root passed for it, or whose certificate is
        /// not that root.
        public static let localSigningNotTrusted = Code(.localSigningNotTrusted)
        /// The verifier's configuration cannot work (production without `appAppleID`, an empty bundle ID, no root).
        public static let invalidConfiguration = Code(.invalidConfiguration)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The human explanation, one line, its control characters escaped.
    public let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable code.
    ///   - reason: the explanation; control characters in it are escaped.
    public init(_ code: Code, _ reason: String = "") {
        self.code = code
        self.reason = ControlCharacters.escaped(reason)
    }
}
