import CommandLineKit
import JWT
import JWTCheckCLI

#if canImport(Glibc)
    import Glibc
#endif

/// `jwtcheck`'s rendering of decoded tokens (security round 2, item 3): `decode` and `token`, text and `--json`,
/// over a header and claims of any shape. The input is the header's JSON text, a NUL byte, and the payload's bytes;
/// both are put into a compact JWS as they are, so any bytes reach the renderer that the JWS layer lets through.
///
/// Beyond "no crash", the target checks what the output promises, and traps (a finding) when it breaks:
/// - text output holds no control character but the line feeds the report itself writes (no C0, DEL or C1 from
///   the token: a forged "Verdict:" line or a terminal escape), and at most one line starts with "Verdict:";
/// - `decode --json` is JSON, and its "claims" member is exactly the payload's JSON object.
enum RenderingFuzzing {
    /// A key set file for `token` (the sample's two RSA keys' shape is not needed: one Ed25519 key is enough to
    /// reach key selection and the rejected-token report).
    static let keySetPath: String = {
        let path = "/tmp/gatehouse-fuzz-render-\(getpid()).json"
        let document =
            #"{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"k1","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}"#
        if let file = fopen(path, "w") {
            fputs(document, file)
            fclose(file)
        }
        return path
    }()

    static let tool = JWTCheckTool(
        environment: ToolEnvironment(now: { 1_795_955_400 }, readStandardInput: { _ in [] }))

    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        let separator = bytes.firstIndex(of: 0) ?? bytes.count
        let header = Array(bytes[..<separator])
        let payload = separator < bytes.count ? Array(bytes[(separator + 1)...]) : []
        let token = Base64URL.encode(header) + "." + Base64URL.encode(payload) + "." + Base64URL.encode([1, 2, 3])

        let decoded = tool.run(["decode", token])
        checkText(decoded, what: "decode")
        let json = tool.run(["decode", token, "--json"])
        if json.status == .success {
            guard case .object(let document)? = try? JSONValue.parse(Array(json.standardOutput.utf8.dropLast())),
                let claims = document["claims"]
            else { fatalError("decode --json printed something that is not a JSON object") }
            guard case .object(let expected)? = try? JSONValue.parse(payload), claims == .object(expected) else {
                fatalError("decode --json changed the claims")
            }
        }
        checkText(tool.run(["token", token, "--jwks", keySetPath, "--aud", "a"]), what: "token")
        _ = tool.run(["token", token, "--jwks", keySetPath, "--aud", "a", "--json"])
    }

    /// Traps when a text report carries a control character other than its own line feeds, or two verdicts.
    static func checkText(_ output: CommandOutput, what: String) {
        for text in [output.standardOutput, output.standardError] {
            for scalar in text.unicodeScalars where scalar != "\n" {
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    fatalError("\(what) printed the raw control character U+\(String(scalar.value, radix: 16))")
                }
            }
        }
        let verdicts = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Verdict:") }.count
        if verdicts > 1 { fatalError("\(what) printed \(verdicts) verdict lines") }
    }
}
