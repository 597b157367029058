import AppStoreServer
import CommandLineKit
import JWT

/// Reads the SIGNED argument of `jwtcheck appstore`: the compact JWS, read as TOKEN is (`TokenInput`), or the JSON
/// body of an App Store Server Notification as Apple POSTs it (`{"signedPayload": "<JWS>"}`), from which the JWS is
/// taken.
enum SignedDataInput {
    /// What was read.
    struct Signed {
        /// The compact JWS; nil when the input was a JSON body without one.
        let jws: String?
        /// Why a JSON body gave no JWS (`malformed`), when it did not.
        let defect: AppStoreServerError?
        /// Whether the input was a notification body.
        let isNotificationBody: Bool
    }

    /// The signed data.
    /// - Throws: `.noInput` for a missing or unreadable file; `.negative` for input over `TokenInput.maxBytes`.
    static func read(_ source: TokenSource, environment: ToolEnvironment) throws(CommandFailure) -> Signed {
        let text = try TokenInput.read(source, environment: environment, what: "signed data")
        guard text.hasPrefix("{") else { return Signed(jws: text, defect: nil, isNotificationBody: false) }
        let value: JSONValue
        do {
            value = try JSONValue.parse(
                Array(text.utf8), maxNestingDepth: AppStoreSignedDataVerifier.limits.maxNestingDepth,
                maxMembers: AppStoreSignedDataVerifier.limits.maxObjectMembers)
        } catch let error as JWTError {
            return refused("the input starts with { but is not JSON: \(error.reason)")
        } catch {
            return refused("the input starts with { but is not JSON: \(error)")
        }
        guard let member = value.objectValue?["signedPayload"] else {
            return refused(
                "the input is a JSON \(value.typeName) without a signedPayload member: give the notification body "
                    + "({\"signedPayload\": \"...\"}) or the signed data itself")
        }
        guard let jws = member.stringValue else {
            return refused("the body's signedPayload is a JSON \(member.typeName), not a string")
        }
        return Signed(jws: jws, defect: nil, isNotificationBody: true)
    }

    private static func refused(_ reason: String) -> Signed {
        Signed(jws: nil, defect: AppStoreServerError(.malformed, reason), isNotificationBody: true)
    }
}
