import AppleSignIn
import CommandLineKit
import JWT

/// `jwtcheck apple notification`: a server-to-server notification verified with Apple's keys (or `--jwks`),
/// then its event and the verdict.
package struct AppleNotificationCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "notification",
        abstract: "Verify a server-to-server notification and show its event.",
        overview: "Verify a Sign in with Apple server-to-server notification (same keys, issuer and audience rules "
            + "as identity tokens) and show its event: email-disabled, email-enabled, consent-revoked, "
            + "account-delete (other types are shown as they are).",
        arguments: [
            ArgumentSpec(
                "<token|@body-file>",
                help: "The notification JWT, or @path to a file holding the JWT or the JSON body Apple POSTed "
                    + "({\"payload\":\"<JWT>\"}); - for standard input.")
        ],
        options: [
            Options.clientIDs.with(help: "An accepted audience (required, repeatable)."), AppleInterface.verifierJWKS,
            Options.noCache, Options.cacheDirectory, Options.caBundle, Options.now, Options.appleLeeway, Options.json,
        ],
        exclusiveOptions: [["no-cache", "cache-dir"]],
        sections: [AppleInterface.verifierExitStatus],
        // Scanned so that the command can say notifications carry no nonce.
        undocumentedOptions: [Options.nonce, Options.nonceSHA256])

    /// The notification, the client IDs, the keys and the time (never a nonce).
    package var options: AppleVerifyOptions

    /// Creates the command.
    package init(options: AppleVerifyOptions) { self.options = options }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(
            options: try AppleVerifyOptions(parsing: arguments, tokenName: "TOKEN_OR_@BODY_FILE", acceptsNonce: false))
    }

    /// Apple's keys are fetched, or a `--jwks` file is read through the same asynchronous verifier.
    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ToolEnvironment) async throws(CommandFailure) -> CommandOutput {
        let (now, input, verifier) = try options.prepare(in: environment)
        let outcome: Result<AppleServerNotification, AppleSignInError>
        do {
            // A JSON body ({"payload": "<JWT>"}) as Apple POSTs it, or the JWT alone.
            outcome = .success(
                input.hasPrefix("{")
                    ? try await verifier.verifyNotification(body: Array(input.utf8))
                    : try await verifier.verifyNotification(input))
        } catch let error as AppleSignInError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(AppleSignInError(.invalidNotification, "\(error)"))
        }
        return try AppleVerdictReport.render(
            outcome.map(AppleVerdictReport.Subject.notification), options: options, isNotification: true, now: now)
    }
}
