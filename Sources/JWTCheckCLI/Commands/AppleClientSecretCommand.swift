import AppleSignIn
import CommandLineKit
import GatehouseFoundation

/// `jwtcheck apple client-secret`: the ES256 client secret, printed.
struct AppleClientSecretCommand {
    let options: AppleClientSecretOptions
    let environment: ToolEnvironment

    func run() throws(CommandFailure) -> CommandOutput {
        let secret = try Self.make(options, now: environment.now())
        return CommandOutput(standardOutput: secret + "\n")
    }

    /// Reads the `.p8` and signs a secret issued at `now`.
    static func make(_ options: AppleClientSecretOptions, now: Int64) throws(CommandFailure) -> String {
        let maker = try maker(options)
        do {
            return try maker.make(
                issuedAt: Date(timeIntervalSince1970: TimeInterval(now)), lifetime: TimeInterval(options.days * 86_400))
        } catch let error as AppleSignInError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure(.dataError, "\(error)")
        }
    }

    /// The client secret maker for the options' `.p8`, Key ID, Team ID and client ID; a key that is not a P-256
    /// `.p8` is 65 naming the file.
    static func maker(_ options: AppleClientSecretOptions) throws(CommandFailure) -> AppleClientSecret {
        let bytes = try InputFile.read(options.p8Path, role: ".p8 key", maxBytes: 64 * 1024)
        do {
            return try AppleClientSecret(
                p8PEM: String(decoding: bytes, as: UTF8.self), keyID: options.keyID, teamID: options.teamID,
                clientID: options.clientID)
        } catch let error as AppleSignInError {
            if error.code == .invalidPrivateKey {
                throw CommandFailure(
                    ExitStatus(error), "the .p8 key '\(options.p8Path)' cannot be used: \(error.reason)")
            }
            throw CommandFailure(error)
        } catch {
            throw CommandFailure(.dataError, "\(error)")
        }
    }
}
