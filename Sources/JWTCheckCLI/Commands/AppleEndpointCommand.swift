import AppleSignIn
import CommandLineKit
import GatehouseFoundation
import JWT

/// `jwtcheck apple exchange|refresh|revoke`: Apple's token endpoint with a fresh client secret.
struct AppleEndpointCommand {
    let options: AppleEndpointOptions
    let environment: ToolEnvironment

    func run() async throws(CommandFailure) -> CommandOutput {
        let now = try JWTCheckOptions.resolveNow(options.now, environment: environment)
        let value = try TokenInput.read(options.value, environment: environment)
        let secret = try AppleClientSecretCommand.maker(options.secret)
        // Revoking verifies nothing: no key set is read or fetched for it.
        let verifier: AppleIdentityTokenVerifier? =
            options.action == .revoke
            ? nil
            : try KeySetSource.verifier(
                options.jwks, clientIDs: [options.secret.clientID], leeway: nil, now: now,
                fetching: options.fetching, environment: environment)
        let client = try CommandFailure.settingUp {
            try AppleTokenClient(
                clientSecret: secret, verifier: verifier, http: try KeySetSource.client(options.fetching),
                baseURL: options.endpoint ?? AppleTokenClient.appleBaseURL,
                clock: FixedTimeSource(Date(timeIntervalSince1970: TimeInterval(now))))
        }
        let clientID = options.secret.clientID
        do {
            switch options.action {
            case .revoke:
                let hint = AppleTokenTypeHint(rawValue: options.hint ?? "refresh_token") ?? .refreshToken
                try await client.revoke(token: value, hint: hint)
                if options.json {
                    return CommandOutput(standardOutput: "{\"revoked\":true}\n")
                }
                return CommandOutput(standardOutput: "Revoked (\(hint.rawValue)) for \(clientID).\n")
            case .exchange:
                return render(
                    try await client.exchange(code: value, redirectURI: options.redirectURI))
            case .refresh:
                return render(try await client.validate(refreshToken: value))
            }
        } catch let error as AppleSignInError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure(.unavailable, "\(error)")
        }
    }

    private func render(_ response: AppleTokenResponse) -> CommandOutput {
        if options.json {
            var members: [JSONObject.Member] = []
            func add(_ name: String, _ value: String?) {
                members.append(.init(name: name, value: value.map(JSONValue.string) ?? .null))
            }
            add("access_token", response.accessToken)
            add("token_type", response.tokenType)
            members.append(
                .init(name: "expires_in", value: response.expiresIn.map { .number(JSONNumber(Int64($0))) } ?? .null))
            add("refresh_token", response.refreshToken)
            add("id_token", response.idToken)
            add("sub", response.identity?.subject)
            add("email", response.identity?.email)
            return CommandOutput(standardOutput: JSONValue.object(JSONObject(members: members)).description + "\n")
        }
        var text = "Apple token endpoint: \(options.action.rawValue) succeeded\n"
        func line(_ name: String, _ value: String?) {
            text +=
                "  " + name + String(repeating: " ", count: max(1, 15 - name.count))
                + (value.map(ClaimsReport.shown) ?? "(none)") + "\n"
        }
        line("access_token", response.accessToken)
        line("token_type", response.tokenType)
        line("expires_in", response.expiresIn.map { "\($0) s" })
        line("refresh_token", response.refreshToken)
        if let identity = response.identity {
            line("id_token", "verified: sub \(identity.subject)" + (identity.email.map { ", email \($0)" } ?? ""))
        } else {
            line("id_token", nil)
        }
        return CommandOutput(standardOutput: text)
    }
}
