import AppStoreServer
import CommandLineKit

/// `jwtcheck appstore verify`: App Store signed data verified (the chain to Apple Root CA - G3 or the `--root`s,
/// Apple's extensions, the ES256 signature, validity at the signing date, the app checks, the nested signed data;
/// with `--online`, OCSP and validity now), then everything the verifier found.
package struct AppStoreVerifyCommand: ParsableCommand {
    package typealias Context = ToolEnvironment
    private typealias Options = JWTCheckOptions

    package static let spec = CommandSpec(
        "verify",
        abstract: "Verify App Store signed data: its x5c chain to Apple's root, the signature, the dates, your app.",
        overview: "Verify App Store signed data offline: x5c[0] and x5c[1] chained to Apple Root CA - G3 (or each "
            + "--root) by RFC 5280's rules, Apple's extensions on the intermediate and the leaf, the ES256 signature "
            + "under the leaf's key, every certificate valid at the payload's signedDate (an AppTransaction's "
            + "receiptCreationDate), the bundle ID, environment and, in Production, the app's Apple ID; a "
            + "notification's nested signedTransactionInfo, signedRenewalInfo and signedAppTransactionInfo the same "
            + "way. Shows the verdict (the failed check first), each certificate of the chain, the validation time "
            + "and why, each app check, and the payload with the nested payloads decoded beside them. With --online, "
            + "also OCSP for the leaf and the intermediate, and validity at the current time.",
        arguments: [AppStoreInterface.signedArgument],
        options: [
            Options.bundleID, Options.environment, Options.signedDataKind, Options.appAppleID, Options.appStoreRoot,
            Options.appStoreOnline,
            Options.now.with(
                help: "Take this time as the current one, for data without a signing date and with --online: ISO "
                    + "8601 (2024-04-04T12:00:00Z) or Unix seconds. Offline, data with one is checked at it, whatever "
                    + "the time; OCSP freshness is always judged on the real clock."),
            Options.json.with(
                help: "Print one JSON object, for every verdict (0, 1 and 69): verified, kind, error (code, reason), "
                    + "validationTime, validationTimeSource, chain, checks, ocsp (with --online), payload (the nested payloads beside their "
                    + "signed members), nested."),
        ],
        sections: [
            .exitStatus(
                "0 verified; 1 rejected (malformed data included); 64 usage (--bundle-id or --environment missing, an "
                    + "environment not named above, Production without --app-apple-id); 65 a --root that is not a PEM or DER "
                    + "certificate; 66 a file missing or unreadable; 69 the data could not be checked "
                    + "(verificationUnavailable: with --online, an OCSP responder unreachable or unusable).")
        ])

    /// The data, the app, the kind, the roots and the time.
    package var options: AppStoreVerifyOptions

    /// Creates the command.
    package init(options: AppStoreVerifyOptions) { self.options = options }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(options: try AppStoreVerifyOptions(parsing: arguments))
    }

    /// The verifier is asynchronous (online checks are).
    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ToolEnvironment) async throws(CommandFailure) -> CommandOutput {
        let (signed, verifier) = try options.prepare(in: environment)
        let report: AppStoreVerificationReport
        if let jws = signed.jws {
            report = await verifier.explain(jws, kind: options.kind)
        } else {
            report = AppStoreVerificationReport(
                refusing: signed.defect ?? AppStoreServerError(.malformed, "no signed data"), kind: options.kind)
        }
        return AppStoreReport.verdict(report, kindGiven: options.kind != nil, jws: signed.jws, json: options.json)
    }
}
