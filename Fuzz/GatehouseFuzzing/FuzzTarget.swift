/// The libFuzzer targets of the package: each one feeds arbitrary bytes to a parser that reads untrusted input and
/// must never crash, hang or leak on any of them (errors are the expected answer to bad input).
///
/// `make fuzz` builds one executable per target (`fuzz-<name>`) with `-sanitize=fuzzer,address`; the same code runs
/// the seed corpora and every past finding in the normal test suite (`GatehouseFuzzingTests`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The compact JWS parser, then verification against a fixed key set (RSA, EC, Ed25519 and an HMAC secret).
    case jws
    /// The JWKS and single-JWK parsers, with key selection and thumbprints of the usable keys.
    case jwks
    /// PEM and DER import of public and private keys, and the key policy on what imports.
    case keyImport = "key-import"
    /// The `review import` parser, JSON and CSV.
    case reviewImport = "review-import"
    /// The command-line time parser (ISO 8601, dates, relative times, Unix seconds) and ISO 8601 timestamps.
    case time
    /// `jwtcheck`'s command-line parser, over NUL-separated arguments.
    case jwtcheckCLI = "jwtcheck-cli"
    /// `review`'s command-line parser, over NUL-separated arguments.
    case reviewCLI = "review-cli"
    /// `jwtcheck decode` and `token` rendering a token's header and claims (text and `--json`): the header's JSON, a
    /// NUL byte, the payload. Checks that no control character from the token reaches the text output.
    case jwtcheckRender = "jwtcheck-render"
    /// `review serve`'s webhook request handling (`WebhookGate`): headers and body, signed or not.
    case webhook
    /// The Slack, Discord and Teams payloads of a message whose app, version and build come from the input: valid
    /// JSON, and no value mentions, links or styles.
    case chatPayload = "chat-payload"
    /// App Store signed data (`AppStoreSignedDataVerifier.explain`, offline): a token whose chain, signature and
    /// payload checks the seeds reach, or arbitrary DER certificates in an `x5c`.
    case appstore

    /// Runs the target on one input. Returns normally on every input; a crash, a sanitizer report or a hang is
    /// a finding.
    /// - Parameter input: the bytes.
    public func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .jws: JWSFuzzing.run(input)
        case .jwks: JWKSFuzzing.run(input)
        case .keyImport: KeyImportFuzzing.run(input)
        case .reviewImport: ReviewImportFuzzing.run(input)
        case .time: TimeFuzzing.run(input)
        case .jwtcheckCLI: CommandLineFuzzing.runJWTCheck(input)
        case .reviewCLI: CommandLineFuzzing.runReview(input)
        case .jwtcheckRender: RenderingFuzzing.run(input)
        case .webhook: WebhookFuzzing.run(input)
        case .chatPayload: ChatPayloadFuzzing.run(input)
        case .appstore: AppStoreFuzzing.run(input)
        }
    }

    /// The target of this executable, from its name (`fuzz-<rawValue>`): every fuzz executable is built from the same
    /// entry point (Fuzz/Entry/FuzzEntry.swift). A name that is not a target's stops the process, naming the targets.
    public static let current: FuzzTarget = {
        let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        guard name.hasPrefix("fuzz-"), let target = FuzzTarget(rawValue: String(name.dropFirst(5))) else {
            fatalError(
                "\(name) is not a fuzz executable's name; they are "
                    + FuzzTarget.allCases.map { "fuzz-\($0.rawValue)" }.joined(separator: ", "))
        }
        return target
    }()

    /// Runs the target on one input held in an array.
    /// - Parameter input: the bytes.
    public func run(_ input: [UInt8]) {
        input.withUnsafeBytes { run($0) }
    }
}
