import CommandLineKit
import JWT

/// `jwtcheck keys`: each key's kid, type, alg, use, size and RFC 7638 thumbprint, and why unusable keys are.
package struct KeysCommand: ParsableCommand {
    package typealias Context = ToolEnvironment

    package static let spec = CommandSpec(
        "keys",
        abstract: "Show each key of a key set: kid, type, alg, use, size, thumbprint, and why it is unusable.",
        overview: "Show each key of a JWKS document: kid, type, algorithm, use, size and RFC 7638 thumbprint; keys "
            + "that cannot be used are listed with the reason.",
        arguments: [ArgumentSpec("<file>", help: "The JWKS document.", completion: .file)],
        options: [JWTCheckOptions.json.with(help: "Print one JSON object: {\"keys\": [...]}.")],
        sections: [.exitStatus("0 shown; 64 usage; 65 not a JWKS document; 66 file missing.")])

    /// The key set file.
    package var jwksPath: String
    /// One JSON object instead of the human report.
    package var json = false

    /// Creates the command.
    /// - Parameter jwksPath: the key set file.
    package init(jwksPath: String) { self.jwksPath = jwksPath }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(jwksPath: try arguments.onePositional(named: "FILE"))
        json = arguments.has(JWTCheckOptions.json)
    }

    package func run(in environment: ToolEnvironment) throws(CommandFailure) -> CommandOutput {
        let keySet = try KeySetInput.read(jwksPath)
        if json {
            let keys = keySet.keys.map { key -> JSONValue in
                var members: [JSONObject.Member] = []
                func add(_ name: String, _ value: String?) {
                    members.append(.init(name: name, value: value.map(JSONValue.string) ?? .null))
                }
                add("kid", key.keyID)
                add("kty", key.keyType.isEmpty ? nil : key.keyType)
                add("alg", key.algorithmName)
                add("use", key.use)
                add("size", KeyDescription.size(key))
                add("thumbprint", try? key.thumbprint())
                members.append(.init(name: "usable", value: .bool(key.isUsable)))
                if case .unusable(let error) = key.usability {
                    add("reason", error.reason)
                } else {
                    add("reason", nil)
                }
                return .object(JSONObject(members: members))
            }
            let object = JSONObject(members: [.init(name: "keys", value: .array(keys))])
            return CommandOutput(standardOutput: JSONValue.object(object).description + "\n")
        }
        var text = "\(keySet.keys.count) key\(keySet.keys.count == 1 ? "" : "s") in \(jwksPath)\n"
        for (index, key) in keySet.keys.enumerated() {
            text += "\n[\(index + 1)] kid \(KeyDescription.keyID(key, absent: "(none)"))\n"
            text += "    type        \(KeyDescription.keyType(key, absent: "(no kty)"))\n"
            text += "    size        \(KeyDescription.size(key) ?? "-")\n"
            text += "    alg         \(KeyDescription.member(key.algorithmName, absent: "(not pinned)"))\n"
            text += "    use         \(KeyDescription.member(key.use, absent: "(not stated)"))\n"
            text += "    thumbprint  \((try? key.thumbprint()) ?? "-") (RFC 7638, SHA-256)\n"
            switch key.usability {
            case .usable: text += "    usable      yes\n"
            case .unusable(let error): text += "    usable      NO: \(error.reason)\n"
            }
        }
        return CommandOutput(standardOutput: text)
    }
}
