public import GatehouseCore

/// Every failure of the JWT module: a stable `code` for programs and a `reason` for people.
///
/// The reason names the cause and the values involved (which kid was asked for and which the set holds;
/// which claim failed, its value and the expected one). Equality compares the code only, so callers and tests
/// can match `error == JWTError(.unknownKeyID)` without depending on wording.
public struct JWTError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The codes as a closed enum, for this package only: its command lines switch over it exhaustively, so a
        /// code added here without an exit status there does not compile. Users see only the struct.
        package enum Base: String, Sendable, CaseIterable {
            case invalidBase64URL, malformedToken, malformedJSON, limitExceeded, invalidHeader
            case unsupportedCriticalHeader, algorithmNotAllowed, algorithmKeyMismatch
            case unknownKeyID, ambiguousKey, unusableKey, invalidKey, weakKey, unsupportedKey
            case invalidSignature, invalidKeySet
            case expired, notYetValid, issuedInFuture, missingClaim, invalidClaim
            case issuerMismatch, audienceMismatch
            case signingFailed, cryptoFailure, decodingFailed
            case invalidOptions
        }
        /// The code's case, for an exhaustive `switch` inside the package.
        package let base: Base
        package init(_ base: Base) { self.base = base }

        /// A base64url segment that is not canonical RFC 7515 section 2 base64url.
        public static let invalidBase64URL = Code(.invalidBase64URL)
        /// Not a JWS compact serialization: wrong number of segments, a header that is not a JSON object.
        public static let malformedToken = Code(.malformedToken)
        /// JSON that does not parse, or has duplicate member names.
        public static let malformedJSON = Code(.malformedJSON)
        /// A size, nesting or count limit was exceeded before any work was done.
        public static let limitExceeded = Code(.limitExceeded)
        /// A header member with the wrong type (RFC 7515 section 4.1).
        public static let invalidHeader = Code(.invalidHeader)
        /// `crit` names an extension that is not understood (RFC 7515 section 4.1.11).
        public static let unsupportedCriticalHeader = Code(.unsupportedCriticalHeader)
        /// `alg` is not in the caller's allow-list, is unknown, or is `none`.
        public static let algorithmNotAllowed = Code(.algorithmNotAllowed)
        /// `alg` does not fit the key: wrong key type, a JWK `alg` that differs, a `use` other than `sig`.
        public static let algorithmKeyMismatch = Code(.algorithmKeyMismatch)
        /// The token's `kid` is not in the key set.
        public static let unknownKeyID = Code(.unknownKeyID)
        /// The token has no `kid` and the key set does not hold exactly one usable key.
        public static let ambiguousKey = Code(.ambiguousKey)
        /// The selected key is in the set but unusable (malformed, unknown type, refused by policy).
        public static let unusableKey = Code(.unusableKey)
        /// Key material that does not parse or is not a valid key.
        public static let invalidKey = Code(.invalidKey)
        /// A key refused by policy: RSA under 2048 bits, with a public exponent under 65537 or with the ROCA
        /// fingerprint; an HMAC secret shorter than its hash; a signing key its own verifier would refuse.
        public static let weakKey = Code(.weakKey)
        /// A key type or curve this library does not support.
        public static let unsupportedKey = Code(.unsupportedKey)
        /// The signature does not verify with the selected key.
        public static let invalidSignature = Code(.invalidSignature)
        /// A document that is not a JWKS (RFC 7517 section 5): not JSON, or no `keys` array.
        public static let invalidKeySet = Code(.invalidKeySet)
        /// `exp` is in the past, beyond the leeway.
        public static let expired = Code(.expired)
        /// `nbf` is in the future, beyond the leeway.
        public static let notYetValid = Code(.notYetValid)
        /// `iat` is too far in the future.
        public static let issuedInFuture = Code(.issuedInFuture)
        /// A required claim is absent.
        public static let missingClaim = Code(.missingClaim)
        /// A claim has the wrong type or an impossible value.
        public static let invalidClaim = Code(.invalidClaim)
        /// `iss` is not the expected issuer.
        public static let issuerMismatch = Code(.issuerMismatch)
        /// `aud` names none of the expected audiences.
        public static let audienceMismatch = Code(.audienceMismatch)
        /// Signing failed.
        public static let signingFailed = Code(.signingFailed)
        /// OpenSSL failed for a reason other than a bad signature; the reason carries its error text.
        public static let cryptoFailure = Code(.cryptoFailure)
        /// Verified claims or header could not be decoded into the caller's type.
        public static let decodingFailed = Code(.decodingFailed)

        /// The validation options or the time passed in are out of range (a non-finite or negative leeway, a
        /// non-finite "now"): nothing was accepted.
        public static let invalidOptions = Code(.invalidOptions)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The human explanation: the cause, the values involved and, where known, the fix. One line: the values quoted
    /// in it come from tokens and key sets, so control characters in it are escaped (`\u000a`, see
    /// `ControlCharacters`) and it can be printed or logged as it is.
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
