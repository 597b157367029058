import CommandLineKit
import JWT

/// `jwtcheck decode`: the header and claims WITHOUT any verification, labelled as such.
package struct DecodeCommand: ParsableCommand {
    package typealias Context = ToolEnvironment

    package static let spec = CommandSpec(
        "decode",
        abstract: "Show a token's header and claims WITHOUT verifying them.",
        overview: "Show a token's header and claims WITHOUT verifying the signature or the claims.",
        arguments: [
            ArgumentSpec("<token>", help: "The compact token; @path to read it from a file; - for standard input.")
        ],
        options: [JWTCheckOptions.json.with(help: "Print one JSON object: verified (always false), header, claims.")],
        sections: [.exitStatus("0 decoded; 1 malformed token; 64 usage; 66 token file missing.")])

    /// The token.
    package var token: TokenSource
    /// One JSON object instead of the human report.
    package var json = false

    /// Creates the command.
    /// - Parameter token: where the token comes from.
    package init(token: TokenSource) { self.token = token }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(token: TokenSource(argument: try arguments.onePositional(named: "TOKEN")))
        json = arguments.has(JWTCheckOptions.json)
    }

    package func run(in environment: ToolEnvironment) throws(CommandFailure) -> CommandOutput {
        let token = try TokenInput.read(self.token, environment: environment)
        // For display only: claims that are not a valid claims set (a time out of range, a wrong type) are shown as
        // written, with the defect named, rather than refused: decode shows, it does not judge.
        let inspected: (header: JWSHeader, claims: JSONObject, claimsDefect: JWTError?)
        do {
            inspected = try UnverifiedJWT.inspect(token)
        } catch let error as JWTError {
            return CommandOutput(
                status: ExitStatus(error, judging: .token),
                standardError: "jwtcheck: cannot decode the token: \(error)\n")
        } catch {
            return CommandOutput(status: .negative, standardError: "jwtcheck: cannot decode the token: \(error)\n")
        }
        if json {
            let object = JSONObject(members: [
                .init(name: "verified", value: .bool(false)),
                .init(name: "header", value: .object(inspected.header.raw)),
                .init(name: "claims", value: .object(inspected.claims)),
            ])
            return CommandOutput(standardOutput: JSONValue.object(object).description + "\n")
        }
        let now = environment.now()
        var text =
            "UNVERIFIED: neither the signature nor the claims have been checked; use 'jwtcheck token' to verify.\n"
        text += ClaimsReport.header(inspected.header.raw)
        text += ClaimsReport.claims(inspected.claims, now: now, title: "Claims (UNVERIFIED)")
        if let defect = inspected.claimsDefect {
            text += "Note: these claims would be rejected by 'jwtcheck token' (\(defect.code)): \(defect.reason)\n"
        }
        return CommandOutput(standardOutput: text)
    }
}
