import AppleSignIn
import CommandLineKit
import GatehouseFoundation
import JWT

/// What `jwtcheck apple verify` and `jwtcheck apple notification` print: the Apple user or the event, and the
/// verdict.
enum AppleVerdictReport {
    /// What was verified.
    enum Subject {
        /// An identity token (`apple verify`).
        case identity(AppleIdentityToken)
        /// A server-to-server notification (`apple notification`).
        case notification(AppleServerNotification)
    }

    /// The report of a verification: the user or the event and `Verdict: VALID`, or `Verdict: REJECTED` with the
    /// reason (exit status 1); `--json` as one object.
    /// - Parameters:
    ///   - outcome: what the verifier returned.
    ///   - options: the command's options (`--json`, and the nonce check shown).
    ///   - isNotification: whether a notification was verified, for the rejection's message.
    ///   - now: the time verified at.
    /// - Returns: the output.
    /// - Throws: the failure of an error that is not a rejection (a key set that cannot be fetched: 69).
    static func render(
        _ outcome: Result<Subject, AppleSignInError>, options: AppleVerifyOptions, isNotification: Bool, now: Int64
    ) throws(CommandFailure) -> CommandOutput {
        let what = isNotification ? "notification" : "token"
        if case .failure(let error) = outcome, ExitStatus(error) != .negative {
            throw CommandFailure(error)
        }
        if options.json {
            var members: [JSONObject.Member] = []
            func add(_ name: String, _ value: JSONValue) { members.append(.init(name: name, value: value)) }
            func add(_ name: String, _ value: String?) { add(name, value.map(JSONValue.string) ?? .null) }
            func add(_ name: String, _ value: Bool?) { add(name, value.map(JSONValue.bool) ?? .null) }
            switch outcome {
            case .success(.identity(let token)):
                add("valid", .bool(true))
                add("sub", token.subject)
                add("email", token.email)
                add("isPrivateEmail", token.isPrivateEmail)
                add("emailVerified", token.emailVerified)
                add("realUserStatus", token.realUserStatus.map { .number(JSONNumber(Int64($0.rawValue))) } ?? .null)
                add("nonce", token.nonce)
                add("nonceChecked", .bool(options.nonce != nil))
                add("audience", .array(token.audience.map(JSONValue.string)))
                add("kid", token.keyID)
                add("claims", .object(token.claims.raw))
            case .success(.notification(let notification)):
                add("valid", .bool(true))
                add("event", notification.event.kind.rawValue)
                add("sub", notification.event.subject)
                add("email", notification.event.email)
                add("isPrivateEmail", notification.event.isPrivateEmail)
                add(
                    "eventTime",
                    notification.event.eventTime.map {
                        JSONValue.string(WallClock.iso8601UTC(Int64($0.timeIntervalSince1970)))
                    }
                        ?? .null)
                add("jti", notification.jwtID)
                add("kid", notification.keyID)
            case .failure(let error):
                add("valid", .bool(false))
                add("code", error.code.description)
                add("jwtCode", error.jwtError?.code.description)
                add("reason", error.reason)
            }
            let text = JSONValue.object(JSONObject(members: members)).description + "\n"
            if case .failure(let error) = outcome {
                return CommandOutput(
                    status: .negative, standardOutput: text, standardError: "jwtcheck: \(what) rejected: \(error)\n")
            }
            return CommandOutput(standardOutput: text)
        }
        var text = ""
        func line(_ name: String, _ value: String) {
            text +=
                "  " + name + String(repeating: " ", count: max(1, 18 - name.count)) + ClaimsReport.shown(value) + "\n"
        }
        func yesNo(_ flag: Bool?) -> String { flag.map { $0 ? "yes" : "no" } ?? "not stated" }
        switch outcome {
        case .success(.identity(let token)):
            text += "Apple user\n"
            line("sub", token.subject)
            line("email", token.email ?? "(none in this token; Apple sends it on the first sign-in only)")
            line("private relay", token.isPrivateEmail ? "yes" : "no")
            line("email verified", yesNo(token.emailVerified))
            line("real user status", token.realUserStatus?.description ?? "not stated")
            let nonceState: String
            switch options.nonce {
            case .exact?: nonceState = " (checked: equal to --nonce)"
            case .sha256(let raw)?: nonceState = " (checked: SHA-256 hex of \"\(raw)\")"
            case nil: nonceState = token.nonce == nil ? "" : " (NOT checked: no --nonce or --nonce-sha256 given)"
            }
            line("nonce", (token.nonce ?? "(none)") + nonceState)
            line("audience", token.audience.joined(separator: ", "))
            line("issued", ClaimsReport.instant(token.issuedAt))
            line("expires", ClaimsReport.instant(token.expiration))
            line("key", token.keyID.map { "kid \"\($0)\"" } ?? "(no kid)")
            line("now", WallClock.iso8601UTC(now))
        case .success(.notification(let notification)):
            let event = notification.event
            text += "Apple server-to-server notification\n"
            line("event", event.kind.rawValue + (event.kind.isKnown ? "" : " (a type this tool does not know)"))
            line("sub", event.subject)
            if let email = event.email { line("email", email) }
            if let isPrivate = event.isPrivateEmail { line("private relay", isPrivate ? "yes" : "no") }
            if let time = event.eventTime {
                line("event time", ClaimsReport.instant(time))
            }
            line("jti", notification.jwtID ?? "(none)")
            line("audience", notification.audience.joined(separator: ", "))
            line("key", notification.keyID.map { "kid \"\($0)\"" } ?? "(no kid)")
            line("now", WallClock.iso8601UTC(now))
        case .failure:
            break
        }
        switch outcome {
        case .success:
            text += "Verdict: VALID\n"
            return CommandOutput(standardOutput: text)
        case .failure(let error):
            let code = error.jwtError.map { "\(error.code)/\($0.code)" } ?? "\(error.code)"
            text += "Verdict: REJECTED (\(code)): \(error.reason)\n"
            return CommandOutput(
                status: .negative, standardOutput: text, standardError: "jwtcheck: \(what) rejected: \(error)\n")
        }
    }
}
