import AppleSignIn
import Foundation
import GatehouseHTTP

// A stand-in for Apple's key set, and a fixed time (2026-11-29T12:30:00Z).
let appleKeysURL = ProcessInfo.processInfo.environment["APPLE_KEYS_URL"] ?? "http://127.0.0.1:8080/auth/keys"
let now = Date(timeIntervalSince1970: 1_795_955_400)

let keys = AppleKeySetProvider(
    http: CurlHTTPClient(), configuration: .init(url: appleKeysURL), clock: .fixed(now))
let verifier = try AppleIdentityTokenVerifier(clientIDs: ["com.example.gatehouse"], keySetProvider: keys)
let token = try await verifier.verify(CommandLine.arguments[1], nonce: .sha256(ofRaw: CommandLine.arguments[2]))
print(token.subject)
