import JWT

/// App Store signed data decoded WITHOUT any verification: the header, the `x5c` certificates as carried, the
/// payload, and a notification's nested signed payloads decoded the same way. For display only
/// (`jwtcheck appstore decode`): nothing here is trusted, neither the signature, the chain, the dates nor the app.
///
/// Only the compact JWS and its payload must decode (`malformed` otherwise); a defect further in (an `x5c` that is
/// not base64 DER, a nested payload that does not decode) is kept beside what did decode, so all of it can be shown.
package struct UnverifiedSignedData: Sendable {
    /// One `x5c` element as carried.
    package struct CarriedCertificate: Sendable {
        /// Its index in `x5c`.
        package let index: Int
        /// The certificate, summarised with the role its place gives it (`x5c[2]` is shown as a root, never
        /// trusted); or why it is not a certificate.
        package let certificate: Result<ChainCertificate, AppStoreServerError>
    }

    /// A notification's nested signed payload, decoded unverified too.
    package struct Nested: Sendable {
        /// The member holding it ("signedTransactionInfo"), inside `location` ("data").
        package let member: String
        /// Where the member is ("data", "appData").
        package let location: String
        /// The name its decoded payload is shown under beside it ("transactionInfo"), as the verifier names it.
        package let decodedName: String
        /// What it decoded to, or why it did not.
        package let data: Result<UnverifiedSignedData, AppStoreServerError>
    }

    /// The JWS header.
    package let header: JSONObject
    /// The `x5c` certificates, in order.
    package let chain: [CarriedCertificate]
    /// Why `x5c` could not be read at all (missing, not an array of strings); nil when it could.
    package let chainDefect: AppStoreServerError?
    /// The payload.
    package let payload: JSONObject
    /// The kind given, or the one the payload's members show (nil when they show none).
    package let kind: SignedDataKind?
    /// A notification's nested signed payloads, in the verifier's order.
    package let nested: [Nested]

    /// Decodes signed data without verifying anything.
    /// - Parameters:
    ///   - signed: the compact JWS.
    ///   - kind: the kind, if known; nil to tell it from the payload's members.
    /// - Throws: `malformed` when it is not a compact JWS whose payload is a JSON object.
    package init(decoding signed: String, kind: SignedDataKind? = nil) throws(AppStoreServerError) {
        let header: JWSHeader
        let payload: JSONObject
        do {
            (header, payload, _) = try UnverifiedJWT.inspect(signed, limits: AppStoreSignedDataVerifier.limits)
        } catch let error as JWTError {
            throw AppStoreServerError(.malformed, "not App Store signed data: \(error.reason)")
        } catch {
            throw AppStoreServerError(.malformed, "not App Store signed data: \(error)")
        }
        self.header = header.raw
        self.payload = payload
        let kind = kind ?? SignedDataKind.detect(payload)
        self.kind = kind
        (chain, chainDefect) = Self.carried(header.raw["x5c"])
        var nested: [Nested] = []
        if kind == .notification {
            for (location, member, decodedName, nestedKind) in Self.nestedMembers {
                guard let text = payload[location]?.objectValue?[member]?.stringValue else { continue }
                let data = Result { () throws(AppStoreServerError) in
                    try UnverifiedSignedData(decoding: text, kind: nestedKind)
                }
                nested.append(Nested(member: member, location: location, decodedName: decodedName, data: data))
            }
        }
        self.nested = nested
    }

    /// A notification's signed members: where, which, the name of the decoded value, its kind.
    static let nestedMembers: [(String, String, String, SignedDataKind)] = [
        ("data", "signedTransactionInfo", "transactionInfo", .transaction),
        ("data", "signedRenewalInfo", "renewalInfo", .renewal),
        ("appData", "signedAppTransactionInfo", "appTransactionInfo", .appTransaction),
    ]

    /// The `x5c` member read element by element, as `ChainVerifier` reads it, a defect kept per element.
    private static func carried(_ member: JSONValue?) -> ([CarriedCertificate], AppStoreServerError?) {
        guard let member else {
            return ([], AppStoreServerError(.malformed, "the header has no x5c"))
        }
        guard let elements = member.arrayValue else {
            return ([], AppStoreServerError(.malformed, "the header's x5c is a JSON \(member.typeName), not an array"))
        }
        let chain = elements.enumerated().map { index, element in
            let role: ChainCertificate.Role =
                switch index {
                case 0: elements.count == 1 ? .localSigning : .leaf
                case 1: .intermediate
                default: .root
                }
            guard let text = element.stringValue else {
                return CarriedCertificate(
                    index: index,
                    certificate: .failure(
                        AppStoreServerError(
                            .malformed, "x5c[\(index)] is a JSON \(element.typeName), not a string")))
            }
            return CarriedCertificate(
                index: index,
                certificate: Result { () throws(AppStoreServerError) in
                    ChainCertificate(try ChainVerifier.certificate(text, index: index), role: role)
                })
        }
        return (chain, nil)
    }
}
