import AppStoreServer
import CommandLineKit
import JWT

/// Every option of `jwtcheck`, declared once: name, value name, help and how its value is read. The parser, the
/// help texts, the man page and the shell completions are all made from these (each command's `spec` lists them).
/// A command that words an option its own way uses `with(help:)`; name, kind and parsing stay the record's. The
/// options every tool shares (`--now`, `--json`, `--version`, `--man`) are CommandLineKit's `StandardOptions`.
package enum JWTCheckOptions {
    // MARK: The tool

    /// `--version`.
    package static let version = StandardOptions.version
    /// `--man`: the manual page, for `man -l -` where it is not installed.
    package static let manual = StandardOptions.manual(tool: "jwtcheck")

    // MARK: Verification

    /// `--jwks`: the key set file or URL.
    package static let jwks = Option(
        .value(
            "jwks", valueName: "<file|url>",
            help: "The JWKS document holding the verification keys: a file, or an http(s) URL to fetch. Without it, "
                + "Apple's key set (https://appleid.apple.com/auth/keys) is fetched and the issuer must be "
                + "https://appleid.apple.com.",
            completion: .file),
        // A URL in any case of scheme is a URL (RFC 3986 section 3.1), kept with the scheme lower-cased.
        parse: { text throws(CommandFailure) in URLArgument.canonical(text) })
    /// `--aud`: an accepted audience.
    package static let audience = Option(
        .value(
            "aud", repeatable: true, valueName: "<id>",
            help: "An accepted audience (repeatable). Without it the audience is NOT checked, and the report says so."
        ))
    /// `--iss`: the required issuer.
    package static let issuer = Option(.value("iss", valueName: "<issuer>", help: "The required issuer."))
    /// `--alg` of `token`: an allowed algorithm (checked when the command runs, against the JWT module's names).
    package static let allowedAlgorithm = Option(
        .value(
            "alg", repeatable: true, valueName: "<alg>",
            help: "An allowed algorithm (repeatable). Default: every asymmetric algorithm (RS*, PS*, ES*, EdDSA). "
                + "HS* only when named, and then only with a key set of HMAC secrets alone: a secret (kty oct) inside "
                + "a set of public keys is unusable, since such a set is meant to be published and the secret is "
                + "then exposed. 'none' never.",
            completion: .choices(JWSAlgorithm.allCases.map(\.rawValue))))
    /// `--leeway` of `token`: clock skew in seconds, 0 to 86400.
    package static let leeway = Option(
        .value(
            "leeway", valueName: "<seconds>",
            help: "Clock skew allowed for exp and nbf (default 60). iat may be up to 300 s in the future, whatever "
                + "the leeway."),
        parse: { text throws(CommandFailure) in try seconds(text, option: "leeway", upTo: 86_400) })
    /// `--leeway` of `apple verify` and `notification`: clock skew in seconds, 0 to 600.
    package static let appleLeeway = Option(
        .value("leeway", valueName: "<seconds>", help: "Clock skew allowed for exp (default 60, at most 600)."),
        parse: { text throws(CommandFailure) in try seconds(text, option: "leeway", upTo: 600) })
    /// `--now`: the time to verify at, as given; every command that takes it resolves it with `resolveNow`.
    package static let now = StandardOptions.now.with(
        help: "Verify as of this time: ISO 8601 (2024-04-04T12:00:00Z) or Unix seconds.")
    /// `--json`: one JSON object instead of the human report (each command says what the object holds).
    package static let json = StandardOptions.json

    // MARK: Fetching key sets

    /// `--no-cache`.
    package static let noCache = OptionSpec.flag(
        "no-cache", help: "Do not read or write the on-disk copy of a fetched key set.")
    /// `--cache-dir`.
    package static let cacheDirectory = Option(
        .value(
            "cache-dir", valueName: "<dir>",
            help: "Keep the on-disk copy here (default $XDG_CACHE_HOME/gatehouse, else ~/.cache/gatehouse).",
            completion: .directory))
    /// `--cacert`.
    package static let caBundle = Option(
        .value(
            "cacert", valueName: "<file>", help: "Trust the CAs in this PEM file instead of the system store.",
            completion: .file))

    // MARK: Signing

    /// `--key` of `sign`.
    package static let signingKey = Option(
        .value(
            "key", valueName: "<file>",
            help: "The private key: PEM PKCS#8 (Apple's .p8 AuthKey files), PKCS#1 or SEC1.", completion: .file,
            isRequired: true))
    /// `--alg` of `sign`: one algorithm.
    package static let signingAlgorithm = Option(
        .value(
            "alg", valueName: "<alg>", help: "RS256/384/512, PS256/384/512, ES256/384/512 or EdDSA, fitting the key.",
            completion: .choices(JWSAlgorithm.allCases.map(\.rawValue)), isRequired: true))
    /// `--kid` of `sign`.
    package static let keyIDHeader = Option(.value("kid", valueName: "<kid>", help: "The key ID to put in the header."))
    /// `--claims` of `sign`.
    package static let claims = Option(
        .value(
            "claims", valueName: "<json|@file>",
            help: "The claims as a JSON object, or @path to read them from a file.",
            isRequired: true))
    /// `--insecure-weak-key` of `sign`.
    package static let insecureWeakKey = OptionSpec.flag(
        "insecure-weak-key",
        help: "Sign with an RSA key under 2048 bits (or e < 65537) anyway. Without it such a key is refused, since "
            + "'jwtcheck token' and the library's default key policy refuse what it signs.")

    // MARK: Sign in with Apple

    /// `--client-id` of `apple verify` and `notification`: an accepted audience, at least one.
    package static let clientIDs = Option(
        .value(
            "client-id", repeatable: true, valueName: "<id>",
            help: "An accepted audience: your bundle ID and/or Services ID (required, repeatable).", isRequired: true))
    /// `--nonce`.
    package static let nonce = Option(
        .value("nonce", valueName: "<raw>", help: "The nonce claim must equal <raw> exactly."))
    /// `--nonce-sha256`.
    package static let nonceSHA256 = Option(
        .value(
            "nonce-sha256", valueName: "<raw>",
            help: "The nonce claim must equal the lowercase hex SHA-256 of <raw> (apps that send a hashed nonce). "
                + "With neither, a nonce in the token is shown but not checked."))
    /// `--p8`: the AuthKey file a client secret is signed with.
    package static let p8 = Option(
        .value(
            "p8", valueName: "<file>", help: "The AuthKey_<KeyID>.p8 file (EC P-256 private key, PKCS#8 PEM).",
            completion: .file, isRequired: true))
    /// `--key-id`.
    package static let keyID = Option(
        .value("key-id", valueName: "<kid>", help: "The Key ID of that key (the header's kid).", isRequired: true))
    /// `--team-id`.
    package static let teamID = Option(
        .value("team-id", valueName: "<team>", help: "Your Team ID (the iss claim).", isRequired: true))
    /// `--client-id` of `client-secret` and the token endpoint commands: the client secret's subject.
    package static let clientID = Option(
        .value(
            "client-id", valueName: "<id>",
            help: "The client ID (the sub claim): the bundle ID for codes from your app, the Services ID for the web.",
            isRequired: true))
    /// `--days`: the client secret's lifetime, 1 to 182 days (Apple's limit is 15,777,000 s).
    package static let days = Option(
        .value(
            "days", valueName: "<n>",
            help: "The secret's lifetime in days, 1 to 182 (default 180; Apple's limit is six months)."),
        parse: { text throws(CommandFailure) in
            guard let days = Int(text), (1...182).contains(days) else {
                throw .usage(
                    "--days takes whole days from 1 to 182, not '\(text)': Apple refuses client secrets living over "
                        + "15,777,000 s (six months)")
            }
            return days
        })
    /// `--endpoint`: Apple's base URL.
    package static let endpoint = Option(
        .value("endpoint", valueName: "<url>", help: "Apple's base URL (default https://appleid.apple.com)."),
        parse: { text throws(CommandFailure) in
            guard URLArgument.isHTTP(text) else {
                throw .usage("--endpoint takes an http(s) URL such as https://appleid.apple.com, not '\(text)'")
            }
            return URLArgument.canonical(text)
        })
    /// `--redirect-uri` of `apple exchange`.
    package static let redirectURI = Option(
        .value(
            "redirect-uri", valueName: "<uri>",
            help: "The redirect_uri of the authorization request (web flows only)."))
    /// `--hint` of `apple revoke`.
    package static let hint = Option(
        .value(
            "hint", valueName: "<type>", help: "token_type_hint: refresh_token (default) or access_token.",
            completion: .choices(["refresh_token", "access_token"])),
        parse: { text throws(CommandFailure) in
            guard text == "refresh_token" || text == "access_token" else {
                throw .usage("--hint takes refresh_token or access_token, not '\(text)'")
            }
            return text
        })

    // MARK: App Store signed data

    /// `--bundle-id` of `appstore verify`: the app the data must be for.
    package static let bundleID = Option(
        .value(
            "bundle-id", valueName: "<id>", help: "The app's bundle ID (required): the data's bundleId must equal it.",
            isRequired: true))
    /// `--environment` of `appstore verify`: one of Apple's environments, by its name (any case).
    package static let environment = Option(
        .value(
            "environment", valueName: "<name>",
            help: "The environment the data must be of (required): Production, Sandbox, Xcode or LocalTesting. Xcode "
                + "and LocalTesting data is taken only when its signing certificate is given with --root.",
            completion: .choices(AppStoreEnvironment.documented.map(\.rawValue)), isRequired: true),
        parse: { text throws(CommandFailure) in
            guard
                let environment = AppStoreEnvironment.documented.first(where: {
                    $0.rawValue.lowercased() == text.lowercased()
                })
            else {
                throw .usage(
                    "--environment takes Production, Sandbox, Xcode or LocalTesting, not '\(text)'")
            }
            return environment
        })
    /// `--kind` of `appstore verify` and `appstore decode`: what the data is, instead of telling it by its members.
    package static let signedDataKind = Option(
        .value(
            "kind", valueName: "<kind>",
            help: "What the data is: notification, transaction, renewal or app-transaction. Default: told by the "
                + "payload's members (notificationType, receiptType, transactionId, autoRenewStatus).",
            completion: .choices(SignedDataKind.allCases.map(\.rawValue))),
        parse: { text throws(CommandFailure) in
            guard let kind = SignedDataKind(rawValue: text) else {
                throw .usage("--kind takes notification, transaction, renewal or app-transaction, not '\(text)'")
            }
            return kind
        })
    /// `--app-apple-id` of `appstore verify`: the app's Apple id, a positive integer.
    package static let appAppleID = Option(
        .value(
            "app-apple-id", valueName: "<n>",
            help: "The app's Apple ID (App Store Connect, App Information): required with --environment Production, "
                + "where the data's appAppleId must equal it."),
        parse: { text throws(CommandFailure) in
            guard let id = Int64(text), id > 0 else {
                throw .usage("--app-apple-id takes the app's Apple ID, a positive whole number, not '\(text)'")
            }
            return id
        })
    /// `--online` of `appstore verify`: OCSP for the leaf and the intermediate, validity at the current time.
    package static let appStoreOnline = OptionSpec.flag(
        "online",
        help: "Also ask OCSP, over the plain http Apple serves it on, whether the leaf or the intermediate is "
            + "revoked, and check every certificate's validity at the current time (or --now) instead of the "
            + "signing date. An unreachable or unusable responder exits 69: not verified, not rejected.")
    /// `--root` of `appstore verify`: a trusted root certificate file, PEM or DER.
    package static let appStoreRoot = Option(
        .value(
            "root", repeatable: true, valueName: "<file>",
            help: "Trust this root certificate (PEM or DER; repeatable) instead of Apple Root CA - G3, which is "
                + "embedded: a root of your own for tests, or the certificate Xcode signs StoreKit testing data with.",
            completion: .file))

    // MARK: Reading

    /// The one reading of `--now`, for every command that takes it: the time given (ISO 8601, a date, a relative
    /// time or Unix seconds), else the clock.
    /// - Parameters:
    ///   - text: the `--now` value, if given.
    ///   - environment: the clock.
    /// - Returns: Unix seconds.
    /// - Throws: `CommandFailure` (usage) naming the text and the forms accepted.
    package static func resolveNow(_ text: String?, environment: ToolEnvironment) throws(CommandFailure) -> Int64 {
        try StandardOptions.resolveNow(text, clock: environment.now())
    }

    private static func seconds(_ text: String, option: String, upTo limit: Int) throws(CommandFailure) -> Int {
        guard let seconds = Int(text), (0...limit).contains(seconds) else {
            throw .usage("--\(option) takes whole seconds from 0 to \(limit), not '\(text)'")
        }
        return seconds
    }
}
