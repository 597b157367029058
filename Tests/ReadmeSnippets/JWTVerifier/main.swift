import Foundation
import JWT

let jwksBytes = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))  // a JWKS document
let idToken = CommandLine.arguments[2]

let keys = try JWKSet(jwksJSON: jwksBytes)  // bad keys stay in the set as unusable, with the reason
let verifier = JWTVerifier(
    keySet: keys,
    options: try JWTValidationOptions(audience: .oneOf(["com.example.app"]), issuer: "https://appleid.apple.com"))
let verified = try verifier.verify(idToken, now: Date())  // header, claims, the key and why it was chosen
struct AppleClaims: Decodable {
    let sub: String
    let email: String?
}
let claims = try verified.claims(as: AppleClaims.self)
print(claims.sub)
