import AppleSignIn
import CommandLineKit
import GatehouseFoundation

/// `jwtcheck apple client-secret`: the ES256 client secret, printed.
package struct AppleClientSecretCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "client-secret",
        abstract: "Make the ES256 client secret for Apple's token endpoint from a .p8 key.",
        overview: "Make the client_secret for Apple's token endpoint: an ES256 JWT (raw r||s signature) with iss = "
            + "Team ID, sub = client ID, aud = https://appleid.apple.com, iat and exp.",
        options: [Options.p8, Options.keyID, Options.teamID, Options.clientID, Options.days],
        sections: [
            .exitStatus("0 printed; 64 usage; 65 the .p8 is not an EC P-256 private key; 66 .p8 file missing.")
        ])

    /// The key, the IDs and the lifetime.
    package var options: AppleClientSecretOptions

    /// Creates the command.
    package init(options: AppleClientSecretOptions) { self.options = options }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        try arguments.noPositionals()
        self.init(options: try AppleClientSecretOptions(parsing: arguments))
    }

    package func run(in environment: ToolEnvironment) throws(CommandFailure) -> CommandOutput {
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
