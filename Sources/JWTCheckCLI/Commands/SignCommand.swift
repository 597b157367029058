import CommandLineKit
import JWT

/// `jwtcheck sign`: claims signed with a private key, printed as a compact JWS.
package struct SignCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "sign",
        abstract: "Sign claims with a private key (PEM or Apple .p8) and print the compact JWS.",
        overview: "Sign claims and print the compact JWS.",
        options: [
            Options.signingKey, Options.signingAlgorithm, Options.keyIDHeader, Options.claims, Options.insecureWeakKey,
        ],
        sections: [
            .exitStatus(
                "0 signed; 64 usage; 65 claims or key that do not parse, or a key too weak to sign with; 66 key or "
                    + "claims file missing.")
        ])

    /// The private key file: PEM PKCS#8 (Apple's `.p8`), PKCS#1 or SEC1.
    package var keyPath: String
    /// The algorithm name (`--alg`), checked by `validate()`.
    package var algorithm: String
    /// The key ID for the header (`--kid`).
    package var keyID: String?
    /// The claims: a JSON object, or `@path` to read it from a file.
    package var claims: String
    /// `--insecure-weak-key`: sign with an RSA key the default key policy refuses (1024 bits, e = 3).
    package var allowsWeakKey = false

    /// Creates the command.
    /// - Parameters:
    ///   - keyPath: the private key file.
    ///   - algorithm: the algorithm name.
    ///   - keyID: the key ID, if any.
    ///   - claims: JSON or `@path`.
    package init(keyPath: String, algorithm: String, keyID: String?, claims: String) {
        self.keyPath = keyPath
        self.algorithm = algorithm
        self.keyID = keyID
        self.claims = claims
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        try arguments.noPositionals()
        try arguments.requireDeclaredOptions()
        self.init(
            keyPath: try arguments.required(Options.signingKey),
            algorithm: try arguments.required(Options.signingAlgorithm),
            keyID: try arguments.value(Options.keyIDHeader), claims: try arguments.required(Options.claims))
        allowsWeakKey = arguments.has(Options.insecureWeakKey)
    }

    /// `--alg` names one of JWT's algorithms, and not `none`.
    package func validate() throws(CommandFailure) {
        _ = try AlgorithmNames.parse(algorithm)
    }

    package func run(in environment: ToolEnvironment) throws(CommandFailure) -> CommandOutput {
        // Checked by `validate()` already; read here into the algorithm the signer takes.
        let algorithm = try AlgorithmNames.parse(self.algorithm)
        let claimsBytes: [UInt8]
        if claims.hasPrefix("@") {
            claimsBytes = try InputFile.read(String(claims.dropFirst()), role: "claims file", maxBytes: 1 << 20)
        } else {
            claimsBytes = Array(claims.utf8)
        }
        do {
            let value = try JSONValue.parse(claimsBytes)
            guard case .object = value else {
                throw CommandFailure(.dataError, "the claims are a JSON \(value.typeName); they must be a JSON object")
            }
        } catch let error as JWTError {
            throw CommandFailure(ExitStatus(error, judging: .input), "the claims are not valid JSON: \(error.reason)")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "the claims are not valid JSON: \(error)")
        }
        let keyBytes = try InputFile.read(keyPath, role: "private key", maxBytes: 1 << 20)
        let key: PrivateKey
        do {
            key = try PrivateKey(pemRepresentation: String(decoding: keyBytes, as: UTF8.self))
        } catch let error as JWTError {
            throw CommandFailure(
                ExitStatus(error, judging: .input),
                "the private key '\(keyPath)' cannot be used: \(error.reason)")
        } catch {
            throw CommandFailure(.dataError, "the private key '\(keyPath)' cannot be used: \(error)")
        }
        do {
            let policy: KeyPolicy = allowsWeakKey ? .insecureAllowingWeakRSAKeys : .default
            let signer = try JWSSigner(privateKey: key, algorithm: algorithm, keyID: keyID, policy: policy)
            let weak = policy != .default && KeyPolicy.default.evaluate(key.publicKey) != .meets
            return CommandOutput(
                standardOutput: try signer.sign(claimsJSON: claimsBytes) + "\n",
                standardError: weak
                    ? "jwtcheck: warning: --insecure-weak-key: signed with a key that 'jwtcheck token' and any verifier "
                        + "with the default key policy refuse\n" : "")
        } catch let error as JWTError {
            // The message by the code; the status from the one table (`ExitStatus(_:judging:)`).
            let status = ExitStatus(error, judging: .input)
            switch error.code {
            case .algorithmKeyMismatch:
                throw CommandFailure(
                    status, "--alg \(algorithm.rawValue) does not fit the key in '\(keyPath)': \(error.reason)")
            case .weakKey:
                throw CommandFailure(
                    status,
                    "the private key '\(keyPath)' is too weak to sign with: \(error.reason); use an RSA key of "
                        + "2048 bits or more, or --insecure-weak-key for a legacy verifier you cannot fix")
            default:
                throw CommandFailure(status, "signing failed: \(error)")
            }
        } catch {
            throw CommandFailure(.dataError, "signing failed: \(error)")
        }
    }
}
