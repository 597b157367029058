import AppleSignIn
import CommandLineKit
import JWT

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `jwtcheck apple exchange|refresh|revoke`: Apple's token endpoint with a fresh client secret.
struct AppleEndpointCommand {
    let options: AppleEndpointOptions
    let environment: ToolEnvironment

    func run() async throws(CommandFailure) -> CommandOutput {
        let now = try JWTCheckOptions.resolveNow(options.now, environment: environment)
        let value = try TokenInput.read(options.value, environment: environment)
        // A short-lived secret: this process uses it once.
        var secretOptions = options.secret
        secretOptions.days = 1
        let secret = try AppleClientSecretCommand.make(secretOptions, now: now)
        let verifier: AppleIdentityTokenVerifier
        if options.action == .revoke {
            do {
                verifier = try AppleIdentityTokenVerifier(
                    clientIDs: [options.secret.clientID], keySet: JWKSet(keys: []), now: { Date() })
            } catch let error as AppleSignInError {
                throw AppleFailure.commandFailure(error)
            } catch {
                throw CommandFailure(.usage, "\(error)")
            }
        } else {
            verifier = try KeySetSource.verifier(
                options.jwks, clientIDs: [options.secret.clientID], leeway: nil, now: now,
                fetching: options.fetching, environment: environment)
        }
        let client: AppleTokenClient
        do {
            client = try AppleTokenClient(
                http: try KeySetSource.client(options.fetching), verifier: verifier,
                baseURL: options.endpoint ?? AppleTokenClient.appleBaseURL)
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as AppleSignInError {
            throw AppleFailure.commandFailure(error)
        } catch {
            throw CommandFailure(.usage, "\(error)")
        }
        let clientID = options.secret.clientID
        do {
            switch options.action {
            case .revoke:
                let hint = AppleTokenTypeHint(rawValue: options.hint ?? "refresh_token") ?? .refreshToken
                try await client.revoke(token: value, hint: hint, clientID: clientID, clientSecret: secret)
                if options.json {
                    return CommandOutput(standardOutput: "{\"revoked\":true}\n")
                }
                return CommandOutput(standardOutput: "Revoked (\(hint.rawValue)) for \(clientID).\n")
            case .exchange:
                return render(
                    try await client.exchange(
                        code: value, redirectURI: options.redirectURI, clientID: clientID, clientSecret: secret))
            case .refresh:
                return render(try await client.validate(refreshToken: value, clientID: clientID, clientSecret: secret))
            }
        } catch let error as AppleSignInError {
            throw AppleFailure.commandFailure(error)
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
