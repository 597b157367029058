import GatehouseFoundation
import GatehouseHTTP
import JWT

/// Verifies App Store signed data: Server Notifications V2, transactions, renewal info and AppTransactions, each a
/// JWS signed ES256 by the leaf of its `x5c` chain (leaf, Apple's WWDR intermediate, Apple Root CA - G3).
///
/// The checks, in order, each with its own error code:
/// 1. the compact JWS splits and decodes (`malformed`); `alg` is exactly `ES256` (`unsupportedAlgorithm`);
/// 2. `x5c` holds three base64 DER certificates (`malformed`, `chainInvalid` for another count), and `x5c[0]` and
///    `x5c[1]` chain to one of the verifier's roots by RFC 5280's rules (`chainInvalid`); `x5c[2]` is never trusted;
/// 3. the intermediate carries Apple's WWDR extension and the leaf Apple's receipt signing extension
///    (`missingAppleExtension`);
/// 4. the signature verifies under the leaf's key (`signatureInvalid`): the only key ever used, chosen only by the
///    chain;
/// 5. every certificate of the path is valid at the validation time (`certificateExpired`): the payload's
///    `signedDate` (an AppTransaction's `receiptCreationDate`) offline, so data signed while its leaf was valid still
///    verifies after the leaf expires; the clock's time online, or when the payload has no signing date;
/// 6. online only: OCSP for the leaf and the intermediate (`certificateRevoked`, `verificationUnavailable`);
/// 7. the app checks: bundle ID, environment and, in production, the app's Apple id (`bundleIDMismatch`,
///    `environmentMismatch`, `appAppleIDMismatch`);
/// 8. a notification's nested `signedTransactionInfo`, `signedRenewalInfo` and `signedAppTransactionInfo` each pass
///    every check of their kind, at their own signing date (Apple's library does not verify them).
///
/// Xcode and LocalTesting data (a one-certificate `x5c`, signed by Xcode) is taken only by a verifier for that
/// environment whose roots, passed explicitly, include that very certificate (`localSigningNotTrusted`).
///
/// Thread-safe, and meant to be made once: verified chains are cached, so a warm chain costs one ES256 verification.
public struct AppStoreSignedDataVerifier: Sendable {
    /// The app's bundle ID.
    public let bundleID: String
    /// The environment the data must be of.
    public let environment: AppStoreEnvironment
    /// The app's Apple id, required in production.
    public let appAppleID: Int64?
    /// Whether certificates are checked online (OCSP) at the current time.
    public let onlineChecks: Bool
    /// The trusted roots.
    public let roots: [AppStoreRootCertificate]
    /// The size and nesting limits every signed payload is parsed under.
    public static let limits = JWSLimits(maxTokenBytes: 64 * 1024, maxNestingDepth: 16, maxObjectMembers: 256)

    private let chains: ChainVerifier
    private let trust: TrustStore
    private let clock: any TimeSource
    private let ocsp: OCSPCache?

    /// Makes a verifier for one app and environment.
    /// - Parameters:
    ///   - bundleID: the app's bundle ID, compared exactly.
    ///   - environment: the environment the data must be of.
    ///   - appAppleID: the app's Apple id (App Store Connect, App Information); required for `.production`.
    ///   - roots: the roots to trust; nil for Apple Root CA - G3. Pass a root explicitly to take Xcode or
    ///     LocalTesting data signed by it.
    ///   - onlineChecks: whether to check the leaf and the intermediate with OCSP, and their validity at the
    ///     clock's time rather than at the data's signing date.
    ///   - http: the client OCSP requests go through; nil for a `CurlHTTPClient` with a 10-second limit.
    ///   - clock: the current time, for online checks and for payloads without a signing date. OCSP freshness is
    ///     judged on the system clock whatever this says.
    /// - Throws: `invalidConfiguration`: an empty bundle ID, production without `appAppleID`, an empty root list.
    public init(
        bundleID: String, environment: AppStoreEnvironment, appAppleID: Int64? = nil,
        roots: [AppStoreRootCertificate]? = nil, onlineChecks: Bool = false, http: (any HTTPFetching)? = nil,
        clock: any TimeSource = .system
    ) throws(AppStoreServerError) {
        try self.init(
            bundleID: bundleID, environment: environment, appAppleID: appAppleID, roots: roots,
            onlineChecks: onlineChecks, http: http, clock: clock, ocspClock: .system)
    }

    /// Makes a verifier whose OCSP answers are judged fresh on `ocspClock` (tests move it past a `nextUpdate`).
    package init(
        bundleID: String, environment: AppStoreEnvironment, appAppleID: Int64?, roots: [AppStoreRootCertificate]?,
        onlineChecks: Bool, http: (any HTTPFetching)?, clock: any TimeSource, ocspClock: any TimeSource
    ) throws(AppStoreServerError) {
        guard !bundleID.isEmpty else {
            throw AppStoreServerError(.invalidConfiguration, "the bundle ID is empty: give the app's bundle ID")
        }
        if environment == .production && appAppleID == nil {
            throw AppStoreServerError(
                .invalidConfiguration,
                "a verifier for Production needs the app's Apple id (App Store Connect, App Information, Apple ID): "
                    + "production data is checked against it")
        }
        let roots = roots ?? [.appleRootCAG3]
        self.bundleID = bundleID
        self.environment = environment
        self.appAppleID = appAppleID
        self.roots = roots
        self.onlineChecks = onlineChecks
        self.clock = clock
        let trust = try TrustStore(roots: roots)
        self.trust = trust
        chains = ChainVerifier(trust: trust, explicitRoots: true)
        ocsp =
            onlineChecks
            ? OCSPCache(
                http: http ?? CurlHTTPClient(configuration: .init(totalTimeout: .seconds(10))), clock: ocspClock)
            : nil
    }

    /// Verifies a notification's `signedPayload` and its nested signed data.
    /// - Throws: `AppStoreServerError` with the code of the first check that failed.
    public func verifyNotification(_ signedPayload: String) async throws(AppStoreServerError) -> ServerNotification {
        var trace = Trace()
        guard case .notification(let value) = try await verify(signedPayload, kind: .notification, trace: &trace)
        else { preconditionFailure("a notification verified as another kind") }
        return value
    }

    /// Verifies a `signedTransactionInfo`.
    /// - Throws: `AppStoreServerError` with the code of the first check that failed.
    public func verifyTransaction(_ signedTransaction: String) async throws(AppStoreServerError) -> SignedTransaction {
        var trace = Trace()
        guard case .transaction(let value) = try await verify(signedTransaction, kind: .transaction, trace: &trace)
        else { preconditionFailure("a transaction verified as another kind") }
        return value
    }

    /// Verifies a `signedRenewalInfo`.
    /// - Throws: `AppStoreServerError` with the code of the first check that failed.
    public func verifyRenewalInfo(_ signedRenewalInfo: String) async throws(AppStoreServerError) -> SignedRenewalInfo {
        var trace = Trace()
        guard case .renewal(let value) = try await verify(signedRenewalInfo, kind: .renewal, trace: &trace)
        else { preconditionFailure("renewal info verified as another kind") }
        return value
    }

    /// Verifies a signed `AppTransaction`.
    /// - Throws: `AppStoreServerError` with the code of the first check that failed.
    public func verifyAppTransaction(_ signedAppTransaction: String) async throws(AppStoreServerError)
        -> AppTransaction
    {
        var trace = Trace()
        guard
            case .appTransaction(let value) = try await verify(
                signedAppTransaction, kind: .appTransaction, trace: &trace)
        else { preconditionFailure("an AppTransaction verified as another kind") }
        return value
    }

    /// Verifies signed data of any kind and reports everything found, whatever the verdict: the chain, the
    /// validation time and why, each app check, the payload and the nested payloads.
    /// - Parameters:
    ///   - signed: the compact JWS.
    ///   - kind: the kind; nil to tell it from the payload (and refuse it as `malformed` when it cannot be told).
    /// - Returns: the report; its `error` is nil when the data verified.
    public func explain(_ signed: String, kind: SignedDataKind? = nil) async -> AppStoreVerificationReport {
        var trace = Trace()
        do {
            _ = try await verify(signed, kind: kind, trace: &trace)
            return trace.report(error: nil)
        } catch {
            return trace.report(error: error)
        }
    }

    // MARK: - The checks

    /// A verified value of one kind.
    enum Verified {
        case notification(ServerNotification)
        case transaction(SignedTransaction)
        case renewal(SignedRenewalInfo)
        case appTransaction(AppTransaction)
    }

    /// What a verification established so far, for the report.
    struct Trace {
        var kind: SignedDataKind?
        var chain: [ChainCertificate] = []
        var validationTime: Date?
        var validationTimeSource: ValidationTimeSource?
        var checks: [AppCheck] = []
        var payload: JSONObject?
        var nested: [NestedSignedData] = []
        var ocsp: [OCSPCheck]?

        func report(error: AppStoreServerError?) -> AppStoreVerificationReport {
            AppStoreVerificationReport(
                kind: kind, error: error, chain: chain, validationTime: validationTime,
                validationTimeSource: validationTimeSource, checks: checks, ocsp: ocsp, payload: payload,
                nested: nested)
        }
    }

    private func verify(_ signed: String, kind: SignedDataKind?, trace: inout Trace) async throws(AppStoreServerError)
        -> Verified
    {
        trace.kind = kind
        let (payload, path) = try signatureAndChain(signed, trace: &trace)
        guard let kind = kind ?? SignedDataKind.detect(payload) else {
            throw AppStoreServerError(
                .malformed,
                "the payload is none of the four kinds of App Store signed data (it has no notificationType, "
                    + "receiptType, transactionId or autoRenewStatus); name its kind")
        }
        trace.kind = kind
        let (time, source) = validationTime(of: payload, kind: kind)
        trace.validationTime = time
        trace.validationTimeSource = source
        try path.checkValidity(at: time, source: source)
        if let ocsp { try await onlineChecks(path, ocsp: ocsp, trace: &trace) }
        switch kind {
        case .transaction:
            let transaction = try SignedTransaction(payload)
            try appChecks(
                bundleID: (transaction.bundleID, ""), environment: (transaction.environment, "environment", ""),
                appAppleID: nil, trace: &trace)
            return .transaction(transaction)
        case .renewal:
            let renewal = try SignedRenewalInfo(payload)
            try appChecks(
                bundleID: renewal.bundleID.map { ($0, "") }, environment: (renewal.environment, "environment", ""),
                appAppleID: nil, trace: &trace)
            return .renewal(renewal)
        case .appTransaction:
            let app = try AppTransaction(payload)
            try appChecks(
                bundleID: (app.bundleID, ""), environment: (app.receiptType, "receiptType", ""),
                appAppleID: (app.appAppleID, ""), trace: &trace)
            return .appTransaction(app)
        case .notification:
            return .notification(try await notification(payload, trace: &trace))
        }
    }

    /// Steps 1 to 4: the JWS, `alg`, the chain, Apple's extensions, the signature; then the payload's JSON.
    private func signatureAndChain(_ signed: String, trace: inout Trace) throws(AppStoreServerError) -> (
        JSONObject, VerifiedPath
    ) {
        let allowsLocal = environment.isLocal
        let chains = self.chains
        let result: Result<([UInt8], VerifiedPath), AppStoreServerError>
        do {
            result = try CompactJWSParts.with(signed, limits: Self.limits) {
                header, payload, signingInput, signature -> Result<([UInt8], VerifiedPath), AppStoreServerError> in
                // RFC 7515 section 4.1.1; Apple signs App Store data with ES256 only.
                guard header.algorithmName == "ES256" else {
                    return .failure(
                        AppStoreServerError(
                            .unsupportedAlgorithm,
                            "the header's alg is \"\(header.algorithmName)\"; App Store signed data is ES256 only"))
                }
                // RFC 7515 section 4.1.11: an extension the recipient does not understand must be refused.
                if let critical = header.critical {
                    return .failure(
                        AppStoreServerError(
                            .malformed,
                            "the header marks \(critical) critical (crit); App Store signed data has no extension"))
                }
                let path: VerifiedPath
                switch Result(catching: { () throws(AppStoreServerError) in
                    try chains.path(of: header, allowsLocalSigning: allowsLocal)
                }) {
                case .success(let verified): path = verified
                case .failure(let error): return .failure(error)
                }
                guard path.leafKey.isValidSignature(signature, for: signingInput, algorithm: .es256) else {
                    return .failure(
                        AppStoreServerError(
                            .signatureInvalid,
                            "the ES256 signature does not verify under the key of \(path.certificates[0].named): the "
                                + "data was altered after signing, or signed with another key"))
                }
                return .success((payload, path))
            }
        } catch let error as JWTError {
            throw AppStoreServerError(.malformed, "not App Store signed data: \(error.reason)")
        } catch {
            throw AppStoreServerError(.malformed, "not App Store signed data: \(error)")
        }
        let (payloadBytes, path): ([UInt8], VerifiedPath)
        switch result {
        case .success(let value): (payloadBytes, path) = value
        case .failure(let error):
            throw error
        }
        trace.chain = path.certificates
        let value: JSONValue
        do {
            value = try JSONValue.parse(
                payloadBytes, maxNestingDepth: Self.limits.maxNestingDepth,
                maxMembers: Self.limits.maxObjectMembers)
        } catch let error as JWTError {
            throw AppStoreServerError(.malformed, "the payload is not JSON: \(error.reason)")
        } catch {
            throw AppStoreServerError(.malformed, "the payload is not JSON: \(error)")
        }
        guard let object = value.objectValue else {
            throw AppStoreServerError(.malformed, "the payload is a JSON \(value.typeName), not an object")
        }
        trace.payload = object
        return (object, path)
    }

    /// Step 5's time: the signing date offline, the clock's time online or without one.
    private func validationTime(of payload: JSONObject, kind: SignedDataKind) -> (Date, ValidationTimeSource) {
        if onlineChecks { return (clock.now(), .now) }
        let member = kind == .appTransaction ? "receiptCreationDate" : "signedDate"
        let reader = PayloadReader(object: payload, what: "the \(kind.phrase)")
        if let date = (try? reader.date(member)) ?? nil {
            return (date, kind == .appTransaction ? .receiptCreationDate : .signedDate)
        }
        return (clock.now(), .now)
    }

    /// Step 6: OCSP for the leaf and the intermediate, asked at once; a revoked or unknown certificate rejects the
    /// data (the leaf's answer first), and a missing answer leaves it unverified, not rejected.
    private func onlineChecks(_ path: VerifiedPath, ocsp: OCSPCache, trace: inout Trace)
        async throws(AppStoreServerError)
    {
        guard let intermediate = path.intermediate, let root = path.root else {
            // Xcode and LocalTesting data: one local certificate, with no responder to ask.
            trace.ocsp = []
            return
        }
        let trust = self.trust
        async let leafCheck = ocsp.status(of: path.leaf, issuer: intermediate, role: .leaf, trust: trust)
        async let intermediateCheck = ocsp.status(
            of: intermediate, issuer: root, role: .intermediate, trust: trust)
        let checks = await [leafCheck, intermediateCheck]
        trace.ocsp = checks
        if let rejecting = checks.first(where: \.rejects) {
            var reason = "OCSP (\(rejecting.responder ?? "?")) says \(rejecting.certificate.named) is "
            if rejecting.status == .revoked {
                reason += "revoked"
                if let time = rejecting.revocationTime { reason += " since \(ISO8601.text(time))" }
                if let why = rejecting.revocationReason { reason += " (\(why))" }
            } else {
                reason += "unknown to its issuer's responder"
            }
            throw AppStoreServerError(.certificateRevoked, reason)
        }
        if let missing = checks.first(where: { $0.status == .unavailable }) {
            throw AppStoreServerError(
                .verificationUnavailable,
                "the OCSP status of \(missing.certificate.named) could not be had from "
                    + "\(missing.responder ?? "its issuer"): \(missing.problem ?? "no answer"); the data is neither "
                    + "verified nor rejected: check again later")
        }
    }

    /// Step 7: the app checks, all recorded, the first failure thrown.
    private func appChecks(
        bundleID found: (String?, String)?, environment: (AppStoreEnvironment?, String, String),
        appAppleID: (Int64?, String)?, trace: inout Trace
    ) throws(AppStoreServerError) {
        var failures: [AppStoreServerError] = []
        if let (value, location) = found {
            let check = AppCheck(name: "bundleId", location: location, expected: bundleID, found: value)
            trace.checks.append(check)
            if !check.passed {
                failures.append(
                    AppStoreServerError(
                        .bundleIDMismatch,
                        "\(check.path) is \(Self.quoted(value)); the verifier is for \(Self.quoted(bundleID))"))
            }
        }
        let (value, name, location) = environment
        let check = AppCheck(
            name: name, location: location, expected: self.environment.rawValue, found: value?.rawValue)
        trace.checks.append(check)
        if !check.passed {
            failures.append(
                AppStoreServerError(
                    .environmentMismatch,
                    "\(check.path) is \(Self.quoted(value?.rawValue)); the verifier is for \(self.environment)"))
        }
        if let (value, location) = appAppleID, self.environment == .production, let expected = self.appAppleID {
            let check = AppCheck(
                name: "appAppleId", location: location, expected: String(expected), found: value.map(String.init))
            trace.checks.append(check)
            if !check.passed {
                failures.append(
                    AppStoreServerError(
                        .appAppleIDMismatch,
                        "\(check.path) is \(value.map(String.init) ?? "missing"); the verifier is for the app "
                            + "\(expected)"))
            }
        }
        if let first = failures.first { throw first }
    }

    /// A notification: its app checks where its type puts them, then its nested signed data.
    private func notification(_ payload: JSONObject, trace: inout Trace) async throws(AppStoreServerError)
        -> ServerNotification
    {
        // Decoded once without the nested values, to read where the app is named (and to type-check it).
        let outline = try ServerNotification(payload, transaction: nil, renewalInfo: nil, appTransaction: nil)
        if let data = outline.data {
            try appChecks(
                bundleID: (data.bundleID, "data"), environment: (data.environment, "environment", "data"),
                appAppleID: (data.appAppleID, "data"), trace: &trace)
        } else if let summary = outline.summary {
            try appChecks(
                bundleID: (summary.bundleID, "summary"), environment: (summary.environment, "environment", "summary"),
                appAppleID: (summary.appAppleID, "summary"), trace: &trace)
        } else if let token = outline.externalPurchaseToken {
            try appChecks(
                bundleID: (token.bundleID, "externalPurchaseToken"),
                environment: (token.environment, "externalPurchaseId", "externalPurchaseToken"),
                appAppleID: (token.appAppleID, "externalPurchaseToken"), trace: &trace)
        } else if let appData = outline.appData {
            try appChecks(
                bundleID: (appData.bundleID, "appData"), environment: (appData.environment, "environment", "appData"),
                appAppleID: (appData.appAppleID, "appData"), trace: &trace)
        } else {
            try appChecks(
                bundleID: (nil, "data"), environment: (nil, "environment", "data"), appAppleID: (nil, "data"),
                trace: &trace)
        }
        var transaction: SignedTransaction?
        var renewal: SignedRenewalInfo?
        var appTransaction: AppTransaction?
        if let signed = outline.data?.signedTransactionInfo {
            if case .transaction(let value) = try await nested(
                signed, kind: .transaction, member: "signedTransactionInfo", location: "data",
                decodedName: "transactionInfo", trace: &trace)
            {
                transaction = value
            }
        }
        if let signed = outline.data?.signedRenewalInfo {
            if case .renewal(let value) = try await nested(
                signed, kind: .renewal, member: "signedRenewalInfo", location: "data", decodedName: "renewalInfo",
                trace: &trace)
            {
                renewal = value
            }
        }
        if let signed = outline.appData?.signedAppTransactionInfo {
            if case .appTransaction(let value) = try await nested(
                signed, kind: .appTransaction, member: "signedAppTransactionInfo", location: "appData",
                decodedName: "appTransactionInfo", trace: &trace)
            {
                appTransaction = value
            }
        }
        return try ServerNotification(
            payload, transaction: transaction, renewalInfo: renewal, appTransaction: appTransaction)
    }

    /// One nested signed payload, verified as its own kind; a failure is the notification's, naming the member.
    private func nested(
        _ signed: String, kind: SignedDataKind, member: String, location: String, decodedName: String,
        trace: inout Trace
    ) async throws(AppStoreServerError) -> Verified {
        var inner = Trace()
        do {
            let value = try await verify(signed, kind: kind, trace: &inner)
            trace.nested.append(
                NestedSignedData(
                    member: member, location: location, decodedName: decodedName, report: inner.report(error: nil)))
            return value
        } catch {
            trace.nested.append(
                NestedSignedData(
                    member: member, location: location, decodedName: decodedName, report: inner.report(error: error)))
            throw AppStoreServerError(error.code, "the notification's \(location).\(member): \(error.reason)")
        }
    }

    private static func quoted(_ value: String?) -> String {
        value.map { "\"\($0)\"" } ?? "missing"
    }
}
