import CommandLineKit
import JWT

/// `jwtcheck decode`: the header and claims WITHOUT any verification, labelled as such.
struct DecodeCommand {
    let options: DecodeOptions
    let environment: ToolEnvironment

    func run() throws(CommandFailure) -> CommandOutput {
        let token = try TokenInput.read(options.token, environment: environment)
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
        if options.json {
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
