import AppStoreServer
import Foundation

// Your app: its bundle ID and Apple ID (App Store Connect, App Information). Made once, shared by every request.
let verifier = try AppStoreSignedDataVerifier(
    bundleID: CommandLine.arguments[2], environment: .production, appAppleID: Int64(CommandLine.arguments[3]))

// The body Apple POSTs to your notification URL: {"signedPayload": "..."}.
struct NotificationBody: Decodable { let signedPayload: String }
let body = try JSONDecoder().decode(
    NotificationBody.self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))

do {
    // The chain to Apple's root, the signature, the dates, your app, then the nested transaction and renewal info.
    let notification = try await verifier.verifyNotification(body.signedPayload)
    let productID = notification.data?.transaction?.productID ?? "-"
    print(notification.notificationUUID ?? "-", notification.notificationType ?? "-", productID)
} catch {
    // The code names the check that failed; verificationUnavailable (online only) means "ask again", never "no".
    print("\(error.code): \(error.reason)")
    exit(error.code == .verificationUnavailable ? 75 : 1)
}
