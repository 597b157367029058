import AppleSignIn

let identityToken = CommandLine.arguments[1]  // as your app sent it
let rawNonce = CommandLine.arguments[2]  // the nonce your server gave the app for this sign-in
let verifier = try AppleIdentityTokenVerifier(clientIDs: ["com.example.app"])
let token = try await verifier.verify(identityToken, nonce: .sha256(ofRaw: rawNonce))
let userID = token.subject  // key accounts on this, never on the email
print(userID)
