/// A JWS whose signature verified with a key of the caller's key set. Its payload is NOT checked as JWT claims:
/// use `JWTVerifier.verify(_:now:)` for JWTs.
public struct VerifiedJWS: Sendable {
    /// The verified protected header.
    public let header: JWSHeader
    /// The algorithm that verified the signature.
    public let algorithm: JWSAlgorithm
    /// The verified payload bytes.
    public let payload: [UInt8]
    /// The key that verified the signature.
    public let key: JWK
    /// Why that key was chosen.
    public let keySelection: KeySelectionReason
}
