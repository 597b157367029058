import CommandLineKit
import JWT

/// `jwtcheck sign`: claims signed with a private key, printed as a compact JWS.
struct SignCommand {
    let options: SignOptions

    func run() throws(CommandFailure) -> CommandOutput {
        let algorithm = try AlgorithmNames.parse(options.algorithm)
        let claimsBytes: [UInt8]
        if options.claims.hasPrefix("@") {
            claimsBytes = try InputFile.read(String(options.claims.dropFirst()), role: "claims file", maxBytes: 1 << 20)
        } else {
            claimsBytes = Array(options.claims.utf8)
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
        let keyBytes = try InputFile.read(options.keyPath, role: "private key", maxBytes: 1 << 20)
        let key: PrivateKey
        do {
            key = try PrivateKey(pemRepresentation: String(decoding: keyBytes, as: UTF8.self))
        } catch let error as JWTError {
            throw CommandFailure(
                ExitStatus(error, judging: .input),
                "the private key '\(options.keyPath)' cannot be used: \(error.reason)")
        } catch {
            throw CommandFailure(.dataError, "the private key '\(options.keyPath)' cannot be used: \(error)")
        }
        do {
            let policy: KeyPolicy = options.allowsWeakKey ? .insecureAllowingWeakRSAKeys : .default
            let signer = try JWSSigner(privateKey: key, algorithm: algorithm, keyID: options.keyID, policy: policy)
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
                    status, "--alg \(algorithm.rawValue) does not fit the key in '\(options.keyPath)': \(error.reason)")
            case .weakKey:
                throw CommandFailure(
                    status,
                    "the private key '\(options.keyPath)' is too weak to sign with: \(error.reason); use an RSA key of "
                        + "2048 bits or more, or --insecure-weak-key for a legacy verifier you cannot fix")
            default:
                throw CommandFailure(status, "signing failed: \(error)")
            }
        } catch {
            throw CommandFailure(.dataError, "signing failed: \(error)")
        }
    }
}
