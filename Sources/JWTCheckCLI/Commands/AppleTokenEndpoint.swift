import AppleSignIn
import CommandLineKit
import GatehouseFoundation

/// What `apple exchange`, `refresh` and `revoke` do around their one call to Apple's token endpoint: the time, the
/// code or token, a fresh client secret and the client first (in that order, so parameters fail before inputs and
/// inputs before the network), then the call, its errors given their exit statuses.
struct AppleTokenEndpoint {
    /// The client, with a client secret made for this call.
    let client: AppleTokenClient
    /// The code or token, as read.
    let value: String

    /// Reads the inputs and sets the client up.
    /// - Parameters:
    ///   - options: the command's options.
    ///   - verifiesIDToken: whether the answer's `id_token` is verified (not for `revoke`, which reads no key set).
    /// - Throws: `CommandFailure`: 64 for a `--now` that does not parse, 66 for a file that cannot be read, 65 for a
    ///   `.p8` that is not a P-256 key.
    init(_ options: AppleEndpointOptions, verifiesIDToken: Bool, environment: ToolEnvironment) throws(CommandFailure) {
        let now = try JWTCheckOptions.resolveNow(options.now, environment: environment)
        value = try TokenInput.read(options.value, environment: environment)
        let secret = try AppleClientSecretCommand.maker(options.secret)
        let verifier: AppleIdentityTokenVerifier? =
            verifiesIDToken
            ? try KeySetSource.verifier(
                options.jwks, clientIDs: [options.secret.clientID], leeway: nil, now: now,
                fetching: options.fetching, environment: environment)
            : nil
        client = try CommandFailure.settingUp {
            try AppleTokenClient(
                clientSecret: secret, verifier: verifier, http: try KeySetSource.client(options.fetching),
                baseURL: options.endpoint ?? AppleTokenClient.appleBaseURL,
                clock: FixedTimeSource(Date(timeIntervalSince1970: TimeInterval(now))))
        }
    }

    /// Makes the call.
    /// - Parameter body: the call, given the client and the code or token.
    /// - Returns: what the call returns.
    /// - Throws: `CommandFailure` with the status of Apple's answer (`ExitStatus(_:)`: 1 for a 4xx, 69 for a 5xx or
    ///   no answer).
    func call<Answer>(
        _ body: (AppleTokenClient, String) async throws -> Answer
    ) async throws(CommandFailure) -> Answer {
        do {
            return try await body(client, value)
        } catch let error as AppleSignInError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure(.unavailable, "\(error)")
        }
    }
}
