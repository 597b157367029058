import AppleSignIn
import Foundation
import JWT

extension SigningFixtures {
    /// A Sign in with Apple client secret made by the project's own signer (`AppleClientSecret`, what `jwtcheck apple
    /// client-secret` runs), from a fresh throwaway P-256 key.
    /// - Parameters:
    ///   - clientID: `sub`, the Services ID.
    ///   - keyID: `kid`.
    ///   - issuedAt: `iat`.
    ///   - lifetime: seconds until `exp` (at most Apple's 15,777,000).
    /// - Returns: the compact JWS.
    /// - Throws: when the key cannot be made or the signer refuses the lifetime.
    public static func clientSecret(
        clientID: String = "com.example.web", keyID: String = "KEY1234567", issuedAt: Date,
        lifetime: TimeInterval = AppleClientSecret.defaultLifetime
    ) throws -> String {
        let maker = try AppleClientSecret(
            privateKey: PrivateKey.generate(.ec(.p256)), keyID: keyID, teamID: "ABCDE12345", clientID: clientID)
        return try maker.make(issuedAt: issuedAt, lifetime: lifetime)
    }
}
