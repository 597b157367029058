import AppStoreServer
import CommandLineKit
internal import GatehouseCore
import GatehouseFoundation

/// Options of `jwtcheck appstore verify`: an option group.
package struct AppStoreVerifyOptions: Sendable, Equatable {
    /// The signed data, or `@file` holding it or the notification body Apple POSTs.
    package var signed: TokenSource
    /// The app's bundle ID (`--bundle-id`, required, not empty).
    package var bundleID: String
    /// The environment (`--environment`, required).
    package var environment: AppStoreEnvironment
    /// The app's Apple id (`--app-apple-id`), required for Production.
    package var appAppleID: Int64?
    /// The kind (`--kind`); nil to tell it from the payload.
    package var kind: SignedDataKind?
    /// The root certificate files (`--root`, repeatable); empty for Apple Root CA - G3.
    package var rootPaths: [String] = []
    /// The current time (`--now`), as given.
    package var now: String?
    /// One JSON object instead of the human report.
    package var json = false
    /// OCSP for the leaf and the intermediate, and validity at the current time (`--online`).
    package var online = false

    /// Creates options with the required members.
    package init(signed: TokenSource, bundleID: String, environment: AppStoreEnvironment) {
        self.signed = signed
        self.bundleID = bundleID
        self.environment = environment
    }

    /// Reads the options: SIGNED, `--bundle-id` and `--environment` (required; an empty bundle ID is missing), then
    /// `--app-apple-id` (required for Production, whatever the kind: a verifier for Production checks the app's
    /// Apple id wherever the data carries one), `--kind`, `--root`, `--online`, `--now` and `--json`.
    /// - Throws: `CommandFailure` (usage) naming what is wrong, a missing option followed by the command's help.
    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let signed = try arguments.onePositional(named: "SIGNED")
        try arguments.requireDeclaredOptions(emptyIsMissing: true)
        self.init(
            signed: TokenSource(argument: signed), bundleID: try arguments.required(JWTCheckOptions.bundleID),
            environment: try arguments.required(JWTCheckOptions.environment))
        appAppleID = try arguments.value(JWTCheckOptions.appAppleID)
        if environment == .production, appAppleID == nil {
            throw .usage(
                "\(arguments.invocation) --environment Production needs --app-apple-id N, the app's Apple ID (App "
                    + "Store Connect, App Information): production data is checked against it",
                help: "\n\n" + arguments.help)
        }
        kind = try arguments.value(JWTCheckOptions.signedDataKind)
        rootPaths = try arguments.values(JWTCheckOptions.appStoreRoot)
        now = try arguments.value(JWTCheckOptions.now)
        json = arguments.has(JWTCheckOptions.json)
        online = arguments.has(JWTCheckOptions.appStoreOnline)
    }

    /// What `appstore verify` reads before it verifies, in this order (parameters first, then inputs): the time,
    /// the signed data, the roots; and the verifier of these options.
    /// - Throws: `CommandFailure`: 64 for a bad `--now`, 66 for a file that cannot be read, 65 for a root that is
    ///   not a certificate.
    func prepare(in environment: ToolEnvironment) throws(CommandFailure) -> (
        signed: SignedDataInput.Signed, verifier: AppStoreSignedDataVerifier
    ) {
        let now = try JWTCheckOptions.resolveNow(self.now, environment: environment)
        let signed = try SignedDataInput.read(self.signed, environment: environment)
        let roots = try rootPaths.map { path throws(CommandFailure) in try Self.root(at: path) }
        let verifier = try makeVerifier(
            roots: roots.isEmpty ? nil : roots, clock: FixedTimeSource(Date(timeIntervalSince1970: TimeInterval(now))))
        return (signed, verifier)
    }

    /// The one place the verifier is made from the options.
    /// - Parameters:
    ///   - roots: the roots read from `--root`; nil for Apple Root CA - G3.
    ///   - clock: `--now`, or the clock: the time for payloads without a signing date, and online.
    /// - Throws: the verifier's `invalidConfiguration` as its exit status (usage).
    func makeVerifier(roots: [AppStoreRootCertificate]?, clock: any TimeSource) throws(CommandFailure)
        -> AppStoreSignedDataVerifier
    {
        do {
            return try AppStoreSignedDataVerifier(
                bundleID: bundleID, environment: environment, appAppleID: appAppleID, roots: roots,
                onlineChecks: online, clock: clock)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The root certificate in a file: PEM when it holds a `-----BEGIN` line, DER otherwise.
    /// - Throws: 66 for a file that cannot be read, 65 for one that is not a certificate.
    static func root(at path: String) throws(CommandFailure) -> AppStoreRootCertificate {
        let bytes = try InputFile.read(path, role: "root certificate", maxBytes: 1 << 20)
        do {
            if bytes.firstRange(of: Array("-----BEGIN".utf8)) != nil {
                return try AppStoreRootCertificate(pemRepresentation: String(decoding: bytes, as: UTF8.self))
            }
            return try AppStoreRootCertificate(derRepresentation: bytes)
        } catch {
            throw CommandFailure(
                .dataError, "the root certificate '\(path)' is not a PEM or DER certificate: \(error.reason)")
        }
    }
}
