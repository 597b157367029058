import AppleSignIn
import CommandLineKit
import GatehouseFoundation
import JWT

/// `jwtcheck apple verify` and `jwtcheck apple notification`: the Apple verifier with Apple's keys (or `--jwks`),
/// then the user or the event, and the verdict.
struct AppleVerifyCommand {
    let options: AppleVerifyOptions
    let isNotification: Bool
    let environment: ToolEnvironment

    func run() async throws(CommandFailure) -> CommandOutput {
        // Parameters first, then inputs, then the network.
        let now = try JWTCheckOptions.resolveNow(options.now, environment: environment)
        let input = try TokenInput.read(options.token, environment: environment)
        let verifier = try KeySetSource.verifier(
            options.jwks, clientIDs: options.clientIDs, leeway: options.leewaySeconds, now: now,
            fetching: options.fetching, environment: environment)
        if isNotification {
            let outcome: Result<AppleServerNotification, AppleSignInError>
            do {
                outcome = .success(
                    input.hasPrefix("{")
                        ? try await verifier.verifyNotification(body: Array(input.utf8))
                        : try await verifier.verifyNotification(input))
            } catch let error as AppleSignInError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(AppleSignInError(.invalidNotification, "\(error)"))
            }
            return try render(outcome.map(Report.notification), now: now)
        }
        let nonce: AppleNonce? =
            switch options.nonce {
            case .exact(let value)?: .exact(value)
            case .sha256(let raw)?: .sha256(ofRaw: raw)
            case nil: nil
            }
        let outcome: Result<AppleIdentityToken, AppleSignInError>
        do {
            outcome = .success(try await verifier.verify(input, nonce: nonce))
        } catch let error as AppleSignInError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(AppleSignInError(.invalidToken, "\(error)"))
        }
        return try render(outcome.map(Report.identity), now: now)
    }

    private enum Report {
        case identity(AppleIdentityToken)
        case notification(AppleServerNotification)
    }

    private var what: String { isNotification ? "notification" : "token" }

    private func render(_ outcome: Result<Report, AppleSignInError>, now: Int64) throws(CommandFailure)
        -> CommandOutput
    {
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
