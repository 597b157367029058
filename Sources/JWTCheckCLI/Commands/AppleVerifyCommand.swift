import AppleSignIn
import CommandLineKit
import JWT

/// `jwtcheck apple verify`: the Apple verifier with Apple's keys (or `--jwks`), then the Apple user and the
/// verdict.
package struct AppleVerifyCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "verify",
        abstract: "Verify an identity token: Apple's keys, issuer, RS256, your client IDs, nonce.",
        overview: "Verify a Sign in with Apple identity token and show the Apple user: sub, email, whether it is a "
            + "private relay address, whether it is verified, the real-user status, and the verdict.",
        arguments: [
            ArgumentSpec("<token>", help: "The identity token; @path to read it from a file; - for standard input.")
        ],
        options: [
            Options.clientIDs, Options.nonce, Options.nonceSHA256, AppleInterface.verifierJWKS, Options.noCache,
            Options.cacheDirectory, Options.caBundle, Options.now, Options.appleLeeway, Options.json,
        ],
        exclusiveOptions: [["nonce", "nonce-sha256"], ["no-cache", "cache-dir"]],
        sections: [AppleInterface.verifierExitStatus])

    /// The token, the client IDs, the nonce check, the keys and the time.
    package var options: AppleVerifyOptions

    /// Creates the command.
    package init(options: AppleVerifyOptions) { self.options = options }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(options: try AppleVerifyOptions(parsing: arguments, tokenName: "TOKEN", acceptsNonce: true))
    }

    /// Apple's keys are fetched, or a `--jwks` file is read through the same asynchronous verifier.
    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ToolEnvironment) async throws(CommandFailure) -> CommandOutput {
        let (now, input, verifier) = try options.prepare(in: environment)
        let nonce: AppleNonce? =
            switch options.nonce {
            case .exact(let value)?: .exact(value)
            case .sha256(let raw)?: .sha256(ofRaw: raw)
            case nil: nil
            }
        let outcome: Result<AppleIdentityToken, AppleSignInError>
        do {
            outcome = .success(try await verifier.verify(input, nonce: nonce ?? .insecureNotChecked))
        } catch let error as AppleSignInError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(AppleSignInError(.invalidToken, "\(error)"))
        }
        return try AppleVerdictReport.render(
            outcome.map(AppleVerdictReport.Subject.identity), options: options, isNotification: false, now: now)
    }
}
