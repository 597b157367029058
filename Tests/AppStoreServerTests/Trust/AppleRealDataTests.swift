import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import AppStoreServer

/// Genuine App Store signed data (../shared/fixtures/apple-real/appstore/, with its README), verified offline against
/// the embedded Apple Root CA - G3 at each payload's own signedDate, as Apple's own library verified it.
@Suite("Genuine App Store signed data and the embedded root")
struct AppleRealDataTests {
    static var directory: URL { SharedResources.appleRealDirectory.appendingPathComponent("appstore") }

    /// The fixtures: file, kind, environment, bundle ID, app Apple id (production).
    static let fixtures: [(String, SignedDataKind, AppStoreEnvironment, String, Int64?)] = [
        (
            "gopay-notification_v2-transaction-sandbox-2022-03.jws", .transaction, .sandbox, "com.audaos.audarecorder",
            nil
        ),
        (
            "gopay-notification_v2-renewal-sandbox-2022-03-nested.jws", .renewal, .sandbox, "com.audaos.audarecorder",
            nil
        ),
        ("gopay-order-transaction-sandbox-2022-11.jws", .transaction, .sandbox, "Com.VoiceRecording.Telephone", nil),
        (
            "gopay-subscription-transaction-sandbox-2022-11.jws", .transaction, .sandbox,
            "Com.VoiceRecording.Telephone", nil
        ),
        ("gopay-subscription-renewal-sandbox-2022-11.jws", .renewal, .sandbox, "Com.VoiceRecording.Telephone", nil),
        (
            "gopay-unsign_jwt-notification-consumption-request-production-2023-06.jws", .notification, .production,
            "com.jrjj.keysns", 1_601_830_814
        ),
        (
            "gopay-unsign_jwt-transaction-production-2023-06-nested.jws", .transaction, .production, "com.jrjj.keysns",
            1_601_830_814
        ),
    ]

    static func requireFixtures(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try SkipUnlessCI.check(
            missing: FileManager.default.fileExists(atPath: directory.path) ? nil : SharedResources.absentMessage,
            cause: "the shared fixtures hold the genuine App Store data", sourceLocation: sourceLocation)
    }

    @Test("each genuine payload verifies offline against the embedded root, at its signedDate", arguments: 0..<7)
    func genuineDataVerifies(index: Int) async throws {
        try Self.requireFixtures()
        let (file, kind, environment, bundle, appAppleID) = Self.fixtures[index]
        let signed = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let verifier = try AppStoreSignedDataVerifier(
            bundleID: bundle, environment: environment, appAppleID: appAppleID)
        let report = await verifier.explain(signed, kind: kind)
        #expect(report.isVerified, "\(file): \(String(describing: report.error))")
        #expect(report.validationTimeSource == .signedDate, "\(file)")
        #expect(report.chain.map(\.serial).first == "68fa0f95dbe94a8107d2506b8c33eff6", "\(file)")
        #expect(report.chain.last?.subject.contains("Apple Root CA - G3") == true, "\(file)")
        // The same data, told its kind by its members, verifies the same.
        #expect(await verifier.explain(signed).kind == kind, "\(file)")
        // Its leaf expired on 2023-09-24; offline, the clock's time does not matter: the check is at signedDate.
        let late = try AppStoreSignedDataVerifier(
            bundleID: bundle, environment: environment, appAppleID: appAppleID, clock: FixedTimeSource(Date()))
        #expect(await late.explain(signed, kind: kind).isVerified, "\(file)")
        #expect(report.chain.first?.notAfter.map { $0 < Date() } == true, "\(file): the leaf should have expired")
    }

    @Test("a genuine notification's nested transaction is verified too")
    func genuineNotificationNested() async throws {
        try Self.requireFixtures()
        let signed = try String(
            contentsOf: Self.directory.appendingPathComponent(Self.fixtures[5].0), encoding: .utf8
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let verifier = try AppStoreSignedDataVerifier(
            bundleID: "com.jrjj.keysns", environment: .production, appAppleID: 1_601_830_814)
        let notification = try await verifier.verifyNotification(signed)
        #expect(notification.notificationType == "CONSUMPTION_REQUEST")
        #expect(notification.data?.transaction?.bundleID == "com.jrjj.keysns")
        // Another app's Apple id refuses it.
        let other = try AppStoreSignedDataVerifier(
            bundleID: "com.jrjj.keysns", environment: .production, appAppleID: 1)
        #expect(await other.explain(signed).error?.code == .appAppleIDMismatch)
    }

    @Test("the embedded Apple Root CA - G3 is the fixture's file byte for byte, with Apple's published fingerprint")
    func embeddedRoot() throws {
        let root = AppStoreRootCertificate.appleRootCAG3
        #expect(root.sha256Fingerprint == "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179")
        #expect(root.sha256Fingerprint == AppleRootCAG3.sha256Fingerprint)
        #expect(root.derRepresentation.count == 583)
        #expect(root.subject == "C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Root CA - G3")
        try Self.requireFixtures()
        let file = try Data(contentsOf: Self.directory.appendingPathComponent("AppleRootCA-G3.cer"))
        #expect(root.derRepresentation == Array(file))
    }
}
