import AppStoreServer
import CommandLineKit

/// `jwtcheck appstore decode`: App Store signed data shown WITHOUT any verification, labelled as such.
package struct AppStoreDecodeCommand: ParsableCommand {
    package typealias Context = ToolEnvironment

    package static let spec = CommandSpec(
        "decode",
        abstract: "Show App Store signed data's chain and payload WITHOUT verifying them.",
        overview: "Show App Store signed data WITHOUT verifying anything: the header, the x5c certificates as "
            + "carried (subject, issuer, serial, validity, Apple's extension), and the payload, with a "
            + "notification's nested signed payloads decoded beside their members, each labelled UNVERIFIED.",
        arguments: [AppStoreInterface.signedArgument],
        options: [
            JWTCheckOptions.signedDataKind,
            JWTCheckOptions.json.with(
                help: "Print one JSON object: verified (always false), kind, header, chain, payload (the nested "
                    + "payloads beside their signed members), nested."),
        ],
        sections: [.exitStatus("0 decoded; 1 not a JWS (malformed); 64 usage; 66 file missing or unreadable.")])

    /// The data.
    package var signed: TokenSource
    /// The kind (`--kind`); nil to tell it from the payload.
    package var kind: SignedDataKind?
    /// One JSON object instead of the human report.
    package var json = false

    /// Creates the command.
    package init(signed: TokenSource) { self.signed = signed }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(signed: TokenSource(argument: try arguments.onePositional(named: "SIGNED")))
        kind = try arguments.value(JWTCheckOptions.signedDataKind)
        json = arguments.has(JWTCheckOptions.json)
    }

    package func run(in environment: ToolEnvironment) throws(CommandFailure) -> CommandOutput {
        let input = try SignedDataInput.read(signed, environment: environment)
        let decoded: UnverifiedSignedData
        do throws(AppStoreServerError) {
            guard let jws = input.jws else {
                throw input.defect ?? AppStoreServerError(.malformed, "no signed data")
            }
            decoded = try UnverifiedSignedData(decoding: jws, kind: kind)
        } catch {
            return CommandOutput(
                status: ExitStatus(error), standardError: "jwtcheck: cannot decode the signed data: \(error)\n")
        }
        return AppStoreReport.unverified(decoded, kindGiven: kind != nil, json: json)
    }
}
