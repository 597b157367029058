import AppleSignIn
import CommandLineKit
import JWT

/// What `jwtcheck apple exchange` and `jwtcheck apple refresh` print: the token endpoint's answer.
enum AppleTokenResponseReport {
    /// The endpoint's answer: each member, and the `id_token`'s user when it was verified; `--json` as one object.
    /// - Parameters:
    ///   - response: what the endpoint answered.
    ///   - call: the subcommand's name, for the report's first line (`exchange`, `refresh`).
    ///   - json: whether to print one JSON object.
    /// - Returns: the output.
    static func render(_ response: AppleTokenResponse, call: String, json: Bool) -> CommandOutput {
        if json {
            var members: [JSONObject.Member] = []
            func add(_ name: String, _ value: String?) {
                members.append(.init(name: name, value: value.map(JSONValue.string) ?? .null))
            }
            add("access_token", response.accessToken)
            add("token_type", response.tokenType)
            members.append(
                .init(name: "expires_in", value: response.expiresIn.map { .number(JSONNumber(Int64($0))) } ?? .null))
            add("refresh_token", response.refreshToken)
            add("id_token", response.idToken)
            add("sub", response.identity?.subject)
            add("email", response.identity?.email)
            return CommandOutput(standardOutput: JSONValue.object(JSONObject(members: members)).description + "\n")
        }
        var text = "Apple token endpoint: \(call) succeeded\n"
        func line(_ name: String, _ value: String?) {
            text +=
                "  " + name + String(repeating: " ", count: max(1, 15 - name.count))
                + (value.map(ClaimsReport.shown) ?? "(none)") + "\n"
        }
        line("access_token", response.accessToken)
        line("token_type", response.tokenType)
        line("expires_in", response.expiresIn.map { "\($0) s" })
        line("refresh_token", response.refreshToken)
        if let identity = response.identity {
            line("id_token", "verified: sub \(identity.subject)" + (identity.email.map { ", email \($0)" } ?? ""))
        } else {
            line("id_token", nil)
        }
        return CommandOutput(standardOutput: text)
    }
}
