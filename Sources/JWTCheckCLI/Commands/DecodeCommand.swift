import CommandLineKit
import JWT

/// `jwtcheck decode`: the header and claims WITHOUT any verification, labelled as such.
struct DecodeCommand {
    let options: DecodeOptions
    let environment: ToolEnvironment

    func run() throws(CommandFailure) -> CommandOutput {
        let token = try TokenInput.read(options.token, environment: environment)
        let unverified: UnverifiedJWT
        do {
            unverified = try UnverifiedJWT(parsing: token)
        } catch let error as JWTError {
            return CommandOutput(status: .negative, standardError: "jwtcheck: cannot decode the token: \(error)\n")
        } catch {
            return CommandOutput(status: .negative, standardError: "jwtcheck: cannot decode the token: \(error)\n")
        }
        if options.json {
            let object = JSONObject(members: [
                .init(name: "verified", value: .bool(false)),
                .init(name: "header", value: .object(unverified.header.raw)),
                .init(name: "claims", value: .object(unverified.claims.raw)),
            ])
            return CommandOutput(standardOutput: JSONValue.object(object).description + "\n")
        }
        let now = environment.now()
        var text =
            "UNVERIFIED: neither the signature nor the claims have been checked; use 'jwtcheck token' to verify.\n"
        text += ClaimsReport.header(unverified.header)
        text += ClaimsReport.claims(unverified.claims, now: now, title: "Claims (UNVERIFIED)")
        return CommandOutput(standardOutput: text)
    }
}
