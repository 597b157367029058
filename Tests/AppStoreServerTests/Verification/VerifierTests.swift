import AppStoreTesting
import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import AppStoreServer

/// The verifier against the test PKI: one test per check of issue 23, each asserting the code and what the reason
/// names.
@Suite("AppStoreSignedDataVerifier: each check, offline")
struct VerifierTests {
    static let bundle = "com.example.app"
    /// 2024-06-01T00:00:00Z, inside the test leaves' validity (2020 to 2099), in milliseconds.
    static let signed: Int64 = 1_717_200_000_000
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func verifier(
        _ pki: AppStorePKI, environment: AppStoreEnvironment = .sandbox, appAppleID: Int64? = nil,
        roots: [[UInt8]]? = nil
    ) throws -> AppStoreSignedDataVerifier {
        try AppStoreSignedDataVerifier(
            bundleID: bundle, environment: environment, appAppleID: appAppleID,
            roots: try (roots ?? [pki.root]).map { try AppStoreRootCertificate(derRepresentation: $0) },
            clock: FixedTimeSource(now))
    }

    static func transaction(
        bundle: String = bundle, environment: String = "Sandbox", signedDate: Int64? = signed, extra: String = ""
    ) -> String {
        let date = signedDate.map { ",\"signedDate\":\($0)" } ?? ""
        return "{\"transactionId\":\"2000000000000001\",\"originalTransactionId\":\"2000000000000001\","
            + "\"bundleId\":\"\(bundle)\",\"productId\":\"com.example.app.pro\",\"purchaseDate\":1717199000000,"
            + "\"quantity\":1,\"type\":\"Auto-Renewable Subscription\",\"environment\":\"\(environment)\","
            + "\"price\":4990,\"currency\":\"EUR\"\(date)\(extra)}"
    }

    static func renewal(environment: String = "Sandbox") -> String {
        "{\"originalTransactionId\":\"2000000000000001\",\"autoRenewProductId\":\"com.example.app.pro\","
            + "\"productId\":\"com.example.app.pro\",\"autoRenewStatus\":1,\"environment\":\"\(environment)\","
            + "\"signedDate\":\(signed)}"
    }

    static func notification(
        _ pki: AppStorePKI, transaction: String? = nil, environment: String = "Sandbox", appAppleID: Int64 = 1234
    ) throws -> String {
        let signedTransaction = try transaction ?? pki.sign(Self.transaction(environment: environment))
        let signedRenewal = try pki.sign(renewal(environment: environment))
        return "{\"notificationType\":\"DID_RENEW\",\"notificationUUID\":\"5f5b0c3e-0000-4000-8000-000000000001\","
            + "\"version\":\"2.0\",\"signedDate\":\(signed),\"data\":{\"appAppleId\":\(appAppleID),"
            + "\"bundleId\":\"\(bundle)\",\"bundleVersion\":\"42\",\"environment\":\"\(environment)\","
            + "\"signedTransactionInfo\":\"\(signedTransaction)\",\"signedRenewalInfo\":\"\(signedRenewal)\","
            + "\"status\":1}}"
    }

    static func expectRejected(
        _ code: AppStoreServerError.Code, naming fragments: [String], sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("verified; expected \(code)", sourceLocation: sourceLocation)
        } catch let error as AppStoreServerError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            for fragment in fragments {
                #expect(
                    error.reason.contains(fragment), "\(error.reason) lacks \(fragment)", sourceLocation: sourceLocation
                )
            }
        } catch {
            Issue.record("threw \(error); expected \(code)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Valid data of each kind

    @Test("a transaction verifies, typed, at its signedDate, with the chain leaf, intermediate, root")
    func transactionVerifies() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        let signed = try pki.sign(Self.transaction(extra: ",\"futureMember\":{\"x\":1}"))
        let transaction = try await verifier.verifyTransaction(signed)
        #expect(transaction.transactionID == "2000000000000001")
        #expect(transaction.price == 4990)
        #expect(transaction.environment == .sandbox)
        #expect(transaction.signedDate == Date(timeIntervalSince1970: 1_717_200_000))
        #expect(transaction.raw["futureMember"]?.objectValue != nil)
        let report = await verifier.explain(signed)
        #expect(report.isVerified)
        #expect(report.kind == .transaction)
        #expect(report.validationTimeSource == .signedDate)
        #expect(report.chain.map(\.role) == [.leaf, .intermediate, .root])
        #expect(report.checks.map(\.path) == ["bundleId", "environment"])
    }

    @Test("renewal info (no bundle ID) verifies on its environment alone")
    func renewalVerifies() async throws {
        let pki = try AppStorePKI.get()
        let renewal = try await Self.verifier(pki).verifyRenewalInfo(try pki.sign(Self.renewal()))
        #expect(renewal.autoRenewStatus == 1)
        #expect(renewal.bundleID == nil)
        let verifier = try Self.verifier(pki)
        let report = await verifier.explain(try pki.sign(Self.renewal()))
        #expect(report.kind == .renewal)
        #expect(report.checks.map(\.name) == ["environment"])
    }

    @Test(
        "an AppTransaction verifies at its receiptCreationDate, its receiptType as the environment, appAppleId in production"
    )
    func appTransactionVerifies() async throws {
        let pki = try AppStorePKI.get()
        let payload =
            "{\"receiptType\":\"Production\",\"appAppleId\":1234,\"bundleId\":\"\(Self.bundle)\","
            + "\"applicationVersion\":\"1.0\",\"receiptCreationDate\":\(Self.signed),\"originalPlatform\":\"iOS\"}"
        let verifier = try Self.verifier(pki, environment: .production, appAppleID: 1234)
        let app = try await verifier.verifyAppTransaction(try pki.sign(payload))
        #expect(app.receiptType == .production)
        let report = await verifier.explain(try pki.sign(payload))
        #expect(report.validationTimeSource == .receiptCreationDate)
        #expect(report.checks.map(\.name) == ["bundleId", "receiptType", "appAppleId"])
        await Self.expectRejected(.appAppleIDMismatch, naming: ["appAppleId is 1234", "5678"]) {
            _ = try await Self.verifier(pki, environment: .production, appAppleID: 5678).verifyAppTransaction(
                try pki.sign(payload))
        }
    }

    @Test("a notification verifies with its nested transaction and renewal info verified and decoded")
    func notificationVerifies() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        let signed = try pki.sign(try Self.notification(pki))
        let notification = try await verifier.verifyNotification(signed)
        #expect(notification.notificationType == "DID_RENEW")
        #expect(notification.notificationUUID == "5f5b0c3e-0000-4000-8000-000000000001")
        #expect(notification.data?.transaction?.productID == "com.example.app.pro")
        #expect(notification.data?.renewalInfo?.autoRenewProductID == "com.example.app.pro")
        let report = await verifier.explain(signed)
        #expect(report.isVerified)
        #expect(report.nested.map(\.decodedName) == ["transactionInfo", "renewalInfo"])
        #expect(report.nested.allSatisfy { $0.report.isVerified })
    }

    // MARK: - The header and the JWS

    @Test(
        "an alg other than ES256 is refused before any key is looked at",
        arguments: ["ES384", "RS256", "none", "es256"])
    func otherAlgorithms(alg: String) async throws {
        let pki = try AppStorePKI.get()
        await Self.expectRejected(.unsupportedAlgorithm, naming: ["\"\(alg)\"", "ES256"]) {
            _ = try await Self.verifier(pki).verifyTransaction(try pki.sign(Self.transaction(), alg: alg))
        }
    }

    @Test("garbage, a JWE-shaped token, an empty string and an oversized input are malformed, bounded")
    func garbage() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        let oversized = String(repeating: "A", count: 70_000) + "." + "B" + "." + "C"
        for input in ["", "not a jws", "a.b.c.d.e", "....", oversized, "{\"signedPayload\":1}"] {
            let report = await verifier.explain(input)
            #expect(report.error?.code == .malformed, "\(input.prefix(20)): \(String(describing: report.error))")
        }
        let report = await verifier.explain(oversized)
        #expect(report.error?.reason.contains("limit") == true)
    }

    @Test("a header without x5c, or with x5c in base64url or not DER, is malformed")
    func badX5C() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        let noX5C = try pki.sign(Self.transaction(), header: "{\"alg\":\"ES256\"}")
        #expect(await verifier.explain(noX5C).error?.code == .malformed)
        let urlSafe = Data(pki.leaf).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        let rest = [pki.intermediate, pki.root].map { "\"\(Data($0).base64EncodedString())\"" }.joined(separator: ",")
        if urlSafe != Data(pki.leaf).base64EncodedString() {
            let signed = try pki.sign(
                Self.transaction(), header: "{\"alg\":\"ES256\",\"x5c\":[\"\(urlSafe)\",\(rest)]}")
            let error = await verifier.explain(signed).error
            #expect(error?.code == .malformed)
            #expect(error?.reason.contains("x5c[0] is not base64") == true)
        }
        let notDER = try pki.sign(Self.transaction(), header: "{\"alg\":\"ES256\",\"x5c\":[\"AAAA\",\(rest)]}")
        let error = await verifier.explain(notDER).error
        #expect(error?.code == .malformed)
        #expect(error?.reason.contains("x5c[0] is not a readable DER") == true)
    }

    // MARK: - The chain

    @Test("an x5c of 2 or of 4 certificates is refused")
    func chainLengths() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        for x5c in [[pki.leaf, pki.intermediate], [pki.leaf, pki.intermediate, pki.root, pki.root]] {
            let error = await verifier.explain(try pki.sign(Self.transaction(), x5c: x5c)).error
            #expect(error?.code == .chainInvalid)
            #expect(error?.reason.contains("x5c holds \(x5c.count) certificates") == true)
        }
    }

    @Test("x5c[2] is never trusted: another root there is ignored, and Apple's default root refuses the test chain")
    func thirdCertificateIgnored() async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(Self.transaction(), x5c: [pki.leaf, pki.intermediate, pki.otherRoot])
        let verifier = try Self.verifier(pki)
        #expect(await verifier.explain(signed).isVerified)
        // The chain's own root in x5c[2] does not make it trusted by a verifier of Apple's root.
        let apple = try AppStoreSignedDataVerifier(bundleID: Self.bundle, environment: .sandbox)
        let error = await apple.explain(try pki.sign(Self.transaction())).error
        #expect(error?.code == .chainInvalid)
        #expect(error?.reason.contains("Apple Root CA - G3") == true)
    }

    @Test("a leaf signed by another intermediate does not chain through x5c[1]")
    func leafOfAnotherIntermediate() async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(
            Self.transaction(), x5c: [pki.leafUnderOtherIntermediate, pki.intermediate, pki.root],
            key: pki.leafUnderOtherIntermediateKey)
        let verifier = try Self.verifier(pki)
        let error = await verifier.explain(signed).error
        #expect(error?.code == .chainInvalid)
        #expect(error?.reason.contains("OpenSSL stopped at the leaf") == true)
    }

    @Test("an intermediate without CA basic constraints is refused")
    func intermediateNotCA() async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(
            Self.transaction(), x5c: [pki.leafUnderIntermediateNotCA, pki.intermediateNotCA, pki.root],
            key: pki.leafUnderIntermediateNotCAKey)
        let verifier = try Self.verifier(pki)
        let error = await verifier.explain(signed).error
        #expect(error?.code == .chainInvalid)
        #expect(error?.reason.contains("Not A CA") == true, "\(String(describing: error))")
    }

    @Test("an intermediate without the WWDR extension, or a leaf without the receipt extension, is refused")
    func appleExtensions() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        let noIntermediateOID = try pki.sign(
            Self.transaction(), x5c: [pki.leafUnderIntermediateWithoutOID, pki.intermediateWithoutOID, pki.root],
            key: pki.leafUnderIntermediateWithoutOIDKey)
        let first = await verifier.explain(noIntermediateOID).error
        #expect(first?.code == .missingAppleExtension)
        #expect(first?.reason.contains("1.2.840.113635.100.6.2.1") == true)
        let noLeafOID = try pki.sign(
            Self.transaction(), x5c: [pki.leafWithoutOID, pki.intermediate, pki.root], key: pki.leafWithoutOIDKey)
        let second = await verifier.explain(noLeafOID).error
        #expect(second?.code == .missingAppleExtension)
        #expect(second?.reason.contains("1.2.840.113635.100.6.11.1") == true)
    }

    // MARK: - Time

    @Test("a leaf expired now but valid at signedDate verifies offline; signed after it expired, it does not")
    func expiredLeaf() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        let x5c = [pki.expiredLeaf, pki.intermediate, pki.root]
        // 2021-06-01, inside the expired leaf's 2021 validity.
        let inside = try pki.sign(Self.transaction(signedDate: 1_622_505_600_000), x5c: x5c, key: pki.expiredLeafKey)
        #expect(await verifier.explain(inside).isVerified)
        let after = try pki.sign(Self.transaction(), x5c: x5c, key: pki.expiredLeafKey)
        let error = await verifier.explain(after).error
        #expect(error?.code == .certificateExpired)
        #expect(error?.reason.contains("2024-06-01T00:00:00Z (the payload's signedDate)") == true)
        #expect(error?.reason.contains("to 2022-01-01T00:00:00Z") == true)
    }

    @Test("without signedDate the clock's time is used, and the report says so")
    func withoutSignedDate() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        let report = await verifier.explain(try pki.sign(Self.transaction(signedDate: nil)))
        #expect(report.isVerified)
        #expect(report.validationTimeSource == .now)
        #expect(report.validationTime == Self.now)
    }

    // MARK: - The signature

    @Test("a payload altered after signing fails the signature check")
    func alteredPayload() async throws {
        let pki = try AppStorePKI.get()
        let parts = try pki.sign(Self.transaction()).split(separator: ".")
        let altered = Base64URL.encode(Array(Self.transaction(extra: ",\"price\":1").utf8))
        let signed = [String(parts[0]), altered, String(parts[2])].joined(separator: ".")
        let verifier = try Self.verifier(pki)
        let error = await verifier.explain(signed).error
        #expect(error?.code == .signatureInvalid)
        #expect(error?.reason.contains("Gatehouse Test Receipt Signing") == true)
    }

    @Test("a nested transaction whose signature fails makes a valid notification fail, naming the member")
    func nestedSignatureFails() async throws {
        let pki = try AppStorePKI.get()
        let inner = try pki.sign(Self.transaction()).split(separator: ".")
        let tampered = [
            String(inner[0]), Base64URL.encode(Array(Self.transaction(extra: ",\"x\":1").utf8)), String(inner[2]),
        ]
        .joined(separator: ".")
        let signed = try pki.sign(try Self.notification(pki, transaction: tampered))
        let verifier = try Self.verifier(pki)
        await Self.expectRejected(.signatureInvalid, naming: ["data.signedTransactionInfo"]) {
            _ = try await verifier.verifyNotification(signed)
        }
        let report = await verifier.explain(signed)
        #expect(report.nested.first?.report.error?.code == .signatureInvalid)
    }

    // MARK: - The app

    @Test("the wrong bundle ID or environment is refused, naming both values")
    func wrongApp() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki)
        await Self.expectRejected(.bundleIDMismatch, naming: ["\"com.other.app\"", "\"com.example.app\""]) {
            _ = try await verifier.verifyTransaction(try pki.sign(Self.transaction(bundle: "com.other.app")))
        }
        await Self.expectRejected(.environmentMismatch, naming: ["\"Production\"", "Sandbox"]) {
            _ = try await verifier.verifyTransaction(try pki.sign(Self.transaction(environment: "Production")))
        }
        // A future environment name is kept, and compared.
        let report = await verifier.explain(try pki.sign(Self.transaction(environment: "Staging")))
        #expect(report.error?.code == .environmentMismatch)
        #expect(report.checks.last?.found == "Staging")
    }

    @Test("a production notification for another app's Apple id is refused")
    func wrongAppAppleID() async throws {
        let pki = try AppStorePKI.get()
        let verifier = try Self.verifier(pki, environment: .production, appAppleID: 999)
        let signed = try pki.sign(try Self.notification(pki, environment: "Production", appAppleID: 1234))
        await Self.expectRejected(.appAppleIDMismatch, naming: ["data.appAppleId is 1234", "999"]) {
            _ = try await verifier.verifyNotification(signed)
        }
    }

    @Test("production without appAppleID, an empty bundle ID or no root is a misconfiguration")
    func configuration() throws {
        #expect(throws: AppStoreServerError(.invalidConfiguration)) {
            try AppStoreSignedDataVerifier(bundleID: "com.example.app", environment: .production)
        }
        #expect(throws: AppStoreServerError(.invalidConfiguration)) {
            try AppStoreSignedDataVerifier(bundleID: "", environment: .sandbox)
        }
        #expect(throws: AppStoreServerError(.invalidConfiguration)) {
            try AppStoreSignedDataVerifier(bundleID: "com.example.app", environment: .sandbox, roots: [])
        }
    }

    // MARK: - Xcode and LocalTesting

    @Test("Xcode data (one certificate) is taken only by an Xcode verifier given that certificate as a root")
    func xcodeData() async throws {
        let pki = try AppStorePKI.get()
        let payload = Self.transaction(environment: "Xcode")
        let signed = try pki.sign(payload, x5c: [pki.xcodeCertificate], key: pki.xcodeKey)
        let trusting = try Self.verifier(pki, environment: .xcode, roots: [pki.xcodeCertificate])
        let report = await trusting.explain(signed)
        #expect(report.isVerified, "\(String(describing: report.error))")
        #expect(report.isLocallySigned)
        let other = try Self.verifier(pki, environment: .xcode, roots: [pki.root])
        #expect(await other.explain(signed).error?.code == .localSigningNotTrusted)
        let sandbox = try Self.verifier(pki, environment: .sandbox, roots: [pki.xcodeCertificate])
        #expect(await sandbox.explain(signed).error?.code == .localSigningNotTrusted)
    }
}
