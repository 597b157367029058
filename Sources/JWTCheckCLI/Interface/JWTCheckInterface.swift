import CommandLineKit

/// `jwtcheck`'s commands, declared once from the option records of `JWTCheckOptions`: the parser scans with these,
/// and `--help`, `--man` and `completion SHELL` are written from them.
package enum JWTCheckInterface {
    private typealias Options = JWTCheckOptions

    /// The tool: its commands and its own options.
    package static let tool = CommandSpec(
        "jwtcheck",
        abstract: "verify JSON Web Tokens the strict way, and Sign in with Apple from the server side",
        overview: "Verify JSON Web Tokens the strict way: the key chosen by kid, the signature checked by OpenSSL, "
            + "then the claims.",
        helpOption: OptionSpec.help.with(help: "Show help; 'jwtcheck <command> --help' for a command."),
        informationOptions: [Options.version, Options.manual],
        subcommands: [token, decode, keys, sign, AppleInterface.apple, completion],
        sections: [
            .exitStatus(
                "0 valid or done, 1 token rejected, 64 usage error, 65 bad input data, 66 input file missing or "
                    + "unreadable, 69 key set or Apple endpoint cannot be reached.")
        ])

    /// `jwtcheck token`.
    package static let token = CommandSpec(
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

    /// `jwtcheck decode`.
    package static let decode = CommandSpec(
        "decode",
        abstract: "Show a token's header and claims WITHOUT verifying them.",
        overview: "Show a token's header and claims WITHOUT verifying the signature or the claims.",
        arguments: [
            ArgumentSpec("<token>", help: "The compact token; @path to read it from a file; - for standard input.")
        ],
        options: [Options.json.with(help: "Print one JSON object: verified (always false), header, claims.")],
        sections: [.exitStatus("0 decoded; 1 malformed token; 64 usage; 66 token file missing.")])

    /// `jwtcheck keys`.
    package static let keys = CommandSpec(
        "keys",
        abstract: "Show each key of a key set: kid, type, alg, use, size, thumbprint, and why it is unusable.",
        overview: "Show each key of a JWKS document: kid, type, algorithm, use, size and RFC 7638 thumbprint; keys "
            + "that cannot be used are listed with the reason.",
        arguments: [ArgumentSpec("<file>", help: "The JWKS document.", completion: .file)],
        options: [Options.json.with(help: "Print one JSON object: {\"keys\": [...]}.")],
        sections: [.exitStatus("0 shown; 64 usage; 65 not a JWKS document; 66 file missing.")])

    /// `jwtcheck sign`.
    package static let sign = CommandSpec(
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

    /// `jwtcheck completion`.
    package static let completion = CommandSpec(
        "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        overview: "Print the completion script for a shell to standard output. 'make install' puts them where the "
            + "shells look; to try one in the current shell: source <(jwtcheck completion bash), source "
            + "<(jwtcheck completion zsh), or jwtcheck completion fish | source.",
        arguments: [
            ArgumentSpec(
                "<shell>", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))
        ],
        sections: [.exitStatus("0 printed; 64 usage (no shell, or one this tool does not know).")])

    /// The declaration of a subcommand.
    /// - Returns: its declaration.
    package static func command(_ subcommand: JWTCheckCommand.Subcommand) -> CommandSpec {
        switch subcommand {
        case .token: token
        case .decode: decode
        case .keys: keys
        case .sign: sign
        case .apple: AppleInterface.apple
        case .completion: completion
        }
    }
}
