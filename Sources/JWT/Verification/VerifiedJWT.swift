import GatehouseFoundation

/// A JWT whose signature, key and claims were all checked by a `JWTVerifier`.
public struct VerifiedJWT: Sendable {
    /// The verified protected header.
    public let header: JWSHeader
    /// The algorithm that verified the signature.
    public let algorithm: JWSAlgorithm
    /// The verified claims: registered claims typed, every claim raw, and the payload bytes.
    public let claims: JWTClaims
    /// The key that verified the signature.
    public let key: JWK
    /// Why that key was chosen (by kid, or as the only usable key).
    public let keySelection: KeySelectionReason

    /// The `kid` of the key that verified the token, if it has one.
    public var keyID: String? { key.keyID }

    /// Decodes the verified payload into the caller's type with `JSONDecoder` (dates as seconds since 1970).
    /// - Parameter type: the type to decode.
    /// - Returns: the decoded value.
    /// - Throws: `JWTError.decodingFailed` naming the type and the decoder's explanation.
    public func claims<T: Decodable>(as type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(T.self, from: Data(claims.payload))
        } catch {
            throw JWTError(
                .decodingFailed, "the verified claims do not decode as \(T.self): \(Self.describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let joined = context.codingPath.map(\.stringValue).joined(separator: ".")
            return joined.isEmpty ? "the top level" : "\"\(joined)\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "the claim \"\(key.stringValue)\" is missing (at \(path(context)))"
        case .typeMismatch(let type, let context):
            return "at \(path(context)) a \(type) was expected: \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "at \(path(context)) a \(type) was expected but the value is null"
        case .dataCorrupted(let context):
            return "at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
