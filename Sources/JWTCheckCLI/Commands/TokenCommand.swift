import AppleSignIn
import CommandLineKit
import GatehouseFoundation
import JWT

/// `jwtcheck token`: verify a token against a key set and report the header, the key chosen and why, the claims,
/// and the verdict.
package struct TokenCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "token",
        abstract: "Verify a token against a key set (JWKS) and show what it says.",
        overview: "Verify a token against a key set and show its header, the key used and why, the claims, and the "
            + "verdict.",
        arguments: [
            ArgumentSpec("<token>", help: "The compact token; @path to read it from a file; - for standard input.")
        ],
        options: [
            Options.jwks, Options.audience, Options.issuer, Options.allowedAlgorithm, Options.leeway, Options.now,
            Options.json.with(help: "Print one JSON object: valid, reason, header, claims, kid."), Options.noCache,
            Options.cacheDirectory, Options.caBundle,
        ],
        exclusiveOptions: [["no-cache", "cache-dir"]],
        sections: [
            .exitStatus(
                "0 valid; 1 rejected (the reason on stderr); 64 usage; 65 key set is not a JWKS; 66 token or key set "
                    + "file missing; 69 key set URL cannot be fetched (connection, timeout, TLS, non-2xx status), also "
                    + "when the token's kid is not in the cached copy and the refetch fails.")
        ])

    /// The token.
    package var token: TokenSource
    /// The key set (`--jwks`): a file, or an http(s) URL; nil for Apple's key set URL, in which case the issuer
    /// must be Apple's.
    package var jwksPath: String?
    /// Accepted audiences (`--aud`, repeatable); empty means the audience is not checked, and the output says so.
    package var audiences: [String] = []
    /// The expected issuer (`--iss`).
    package var issuer: String?
    /// Allowed algorithms (`--alg`, repeatable), checked by `validate()`; empty means every asymmetric algorithm.
    package var algorithms: [String] = []
    /// Clock leeway in seconds (`--leeway`).
    package var leewaySeconds: Int?
    /// The time to verify at (`--now`), ISO 8601 or Unix seconds, as given.
    package var now: String?
    /// One JSON object instead of the human report (`--json`).
    package var json = false
    /// How a key set URL is fetched and cached (`--no-cache`, `--cache-dir`, `--cacert`).
    package var fetching = FetchOptions()

    /// Creates the command with the required members.
    /// - Parameters:
    ///   - token: where the token comes from.
    ///   - jwksPath: the key set file or URL; nil for Apple's key set URL.
    package init(token: TokenSource, jwksPath: String?) {
        self.token = token
        self.jwksPath = jwksPath
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let token = try arguments.onePositional(named: "TOKEN")
        self.init(token: TokenSource(argument: token), jwksPath: try arguments.value(Options.jwks))
        fetching = try FetchOptions(parsing: arguments)
        audiences = try arguments.values(Options.audience)
        issuer = try arguments.value(Options.issuer)
        algorithms = try arguments.values(Options.allowedAlgorithm)
        leewaySeconds = try arguments.value(Options.leeway)
        now = try arguments.value(Options.now)
        json = arguments.has(Options.json)
    }

    /// `--alg` names JWT's algorithms, and never `none`.
    package func validate() throws(CommandFailure) {
        _ = try AlgorithmNames.parse(algorithms)
    }

    /// A key set file is read synchronously; a key set URL, or Apple's when `--jwks` is absent, is fetched.
    package var execution: CommandExecution {
        guard let path = jwksPath else { return .asynchronous }
        return KeySetSource.isURL(path) ? .asynchronous : .synchronous
    }

    /// The parameters, validated before any input is read.
    private struct Parameters {
        var validation: JWTValidationOptions
        var now: Int64
        var issuer: String?
    }

    private func parameters(_ environment: ToolEnvironment) throws(CommandFailure) -> Parameters {
        // Checked by `validate()` already; read here into the set the options take.
        let algorithms = try AlgorithmNames.parse(self.algorithms)
        let now = try JWTCheckOptions.resolveNow(self.now, environment: environment)
        var issuer = self.issuer
        if jwksPath == nil {
            // Apple's key set: only Apple's tokens.
            let apple = AppleIdentityTokenVerifier.issuer
            if let given = issuer, given != apple {
                throw .usage(
                    "without --jwks the key set is Apple's, so the issuer must be \(apple), not '\(given)'; give "
                        + "--jwks for another issuer's keys")
            }
            issuer = apple
        }
        do {
            // No --aud: the audience is not checked, visibly (the report and a warning say so).
            let validation = try JWTValidationOptions(
                audience: audiences.isEmpty ? .insecureNotChecked : .oneOf(audiences),
                allowedAlgorithms: algorithms ?? JWSAlgorithm.asymmetric,
                issuer: issuer,
                leeway: TimeInterval(leewaySeconds ?? 60))
            return Parameters(validation: validation, now: now, issuer: issuer)
        } catch let error as JWTError {
            throw CommandFailure(ExitStatus(error, judging: .options), error.reason)
        } catch {
            throw .usage("\(error)")
        }
    }

    /// Runs with a key set file only (no network): a URL or Apple's default key set is refused.
    package func run(in environment: ToolEnvironment) throws(CommandFailure) -> CommandOutput {
        let parameters = try parameters(environment)
        guard let path = jwksPath, !KeySetSource.isURL(path) else {
            throw CommandFailure(
                .unavailable,
                "fetching a key set needs the asynchronous entry point JWTCheckTool.perform(_:)")
        }
        return try verifyWithKeySetFile(path, parameters: parameters, environment: environment)
    }

    /// Runs with a key set file or URL (Apple's key set when `--jwks` is absent).
    package func perform(in environment: ToolEnvironment) async throws(CommandFailure) -> CommandOutput {
        let parameters = try parameters(environment)
        if let path = jwksPath, !KeySetSource.isURL(path) {
            return try verifyWithKeySetFile(path, parameters: parameters, environment: environment)
        }
        let token = try TokenInput.read(self.token, environment: environment)
        let keyID = (try? UnverifiedJWT(parsing: token))?.header.keyID
        let keySet = try await KeySetSource.load(
            jwksPath, keyID: keyID, fetching: fetching, environment: environment)
        return verify(token, keySet: keySet, parameters: parameters)
    }

    /// Both entry points' path for a key set file: read it, read the token, verify.
    private func verifyWithKeySetFile(
        _ path: String, parameters: Parameters, environment: ToolEnvironment
    ) throws(CommandFailure) -> CommandOutput {
        let keySet = try KeySetInput.read(path)
        let token = try TokenInput.read(self.token, environment: environment)
        return verify(token, keySet: keySet, parameters: parameters)
    }

    private func verify(_ token: String, keySet: JWKSet, parameters: Parameters) -> CommandOutput {
        let now = parameters.now
        let verifier = JWTVerifier(keySet: keySet, options: parameters.validation)
        let outcome: Result<VerifiedJWT, JWTError>
        do {
            outcome = .success(try verifier.verify(token, now: Date(timeIntervalSince1970: TimeInterval(now))))
        } catch let error as JWTError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(JWTError(.malformedToken, "\(error)"))
        }
        let audienceWarning =
            audiences.isEmpty
            ? "jwtcheck: warning: no --aud given: the audience was NOT checked, so a token issued to any other "
                + "app would pass; give --aud with your bundle ID or client ID\n"
            : ""
        // What the token says, unverified, to show when it is rejected (a valid token shows its verified parts):
        // claims that cannot be read as a claims set are still shown as written.
        var unverified: Unverified?
        if case .failure = outcome, let inspected = try? UnverifiedJWT.inspect(token) {
            unverified = Unverified(header: inspected.header, claims: inspected.claims)
        }
        if json {
            return json(outcome, unverified: unverified, keySet: keySet, warning: audienceWarning)
        }
        return human(
            outcome, unverified: unverified, keySet: keySet, now: now, issuer: parameters.issuer,
            warning: audienceWarning)
    }

    /// A rejected token's header and claims, shown unverified.
    private struct Unverified {
        let header: JWSHeader
        let claims: JSONObject
    }

    private func human(
        _ outcome: Result<VerifiedJWT, JWTError>, unverified: Unverified?, keySet: JWKSet, now: Int64,
        issuer: String?, warning: String
    ) -> CommandOutput {
        var text = ""
        let header = (try? outcome.get())?.header ?? unverified?.header
        if let header { text += ClaimsReport.header(header.raw) }
        text += "Key\n"
        switch outcome {
        case .success(let verified):
            text += "  \(KeyDescription.summary(verified.key)), \(verified.keySelection)\n"
        case .failure:
            if let header, let selected = try? keySet.selectKey(keyID: header.keyID) {
                text += "  \(KeyDescription.summary(selected.key)), \(selected.reason)\n"
            } else {
                text += "  none selected\n"
            }
        }
        text +=
            "  the key set holds \(keySet.keys.count) key\(keySet.keys.count == 1 ? "" : "s"): "
            + "\(KeyDescription.keyIDs(keySet))\n"
        switch outcome {
        case .success(let verified):
            text += ClaimsReport.claims(verified.claims.raw, now: now)
        case .failure:
            if let unverified {
                text += ClaimsReport.claims(unverified.claims, now: now, title: "Claims (UNVERIFIED)")
            }
        }
        text += "Checks\n"
        text += "  now       \(WallClock.iso8601UTC(now))\n"
        text +=
            "  audience  "
            + (audiences.isEmpty ? "NOT CHECKED (no --aud given)" : audiences.joined(separator: ", "))
            + "\n"
        text += "  issuer    \(issuer ?? "not checked (no --iss given)")\n"
        switch outcome {
        case .success:
            text += "Verdict: VALID\n"
            return CommandOutput(status: .success, standardOutput: text, standardError: warning)
        case .failure(let error):
            text += "Verdict: REJECTED (\(error.code)): \(error.reason)\n"
            return CommandOutput(
                status: ExitStatus(error, judging: .token), standardOutput: text,
                standardError: warning + "jwtcheck: token rejected: \(error)\n")
        }
    }

    private func json(
        _ outcome: Result<VerifiedJWT, JWTError>, unverified: Unverified?, keySet: JWKSet, warning: String
    ) -> CommandOutput {
        var members: [JSONObject.Member] = []
        func add(_ name: String, _ value: JSONValue) { members.append(.init(name: name, value: value)) }
        switch outcome {
        case .success(let verified):
            add("valid", .bool(true))
            add("reason", .null)
            add("code", .null)
            add("header", .object(verified.header.raw))
            add("claims", .object(verified.claims.raw))
            add("kid", verified.keyID.map(JSONValue.string) ?? .null)
            add("keySelection", .string(verified.keySelection.description))
        case .failure(let error):
            add("valid", .bool(false))
            add("reason", .string(error.reason))
            add("code", .string(error.code.description))
            add("header", unverified.map { .object($0.header.raw) } ?? .null)
            add("claims", unverified.map { .object($0.claims) } ?? .null)
            let selected = unverified.flatMap { try? keySet.selectKey(keyID: $0.header.keyID) }
            add("kid", selected?.key.keyID.map(JSONValue.string) ?? .null)
            add("keySelection", selected.map { .string($0.reason.description) } ?? .null)
        }
        add("audienceChecked", .bool(!audiences.isEmpty))
        let text = JSONValue.object(JSONObject(members: members)).description + "\n"
        switch outcome {
        case .success:
            return CommandOutput(status: .success, standardOutput: text, standardError: warning)
        case .failure(let error):
            return CommandOutput(
                status: ExitStatus(error, judging: .token), standardOutput: text,
                standardError: warning + "jwtcheck: token rejected: \(error)\n")
        }
    }
}
