import AppStoreServer
import AppStoreTesting
import GatehouseTesting
import Testing

/// The code of AppStoreServer's DocC catalog (`Sources/AppStoreServer/AppStoreServer.docc`): every Swift listing
/// there is one of the regions between the markers in this file, compiled here and run on data of the test PKI. The
/// catalog's errors article has an entry for every `AppStoreServerError` code.
@Suite("AppStoreServer documentation")
struct DocumentationTests {
    static let catalog = DocumentationCatalog(
        module: "AppStoreServer", snippetsIn: "Tests/AppStoreServerTests/Documentation/DocumentationTests.swift",
        errorType: "AppStoreServerError", declaredIn: "Sources/AppStoreServer/Errors/AppStoreServerError.swift")

    /// The overview's listing: a production verifier with Apple's root.
    static func productID(of signedPayload: String) async throws -> String? {
        // snippet-start: overview
        let verifier = try AppStoreSignedDataVerifier(
            bundleID: "com.example.app", environment: .production,
            appAppleID: 1_234_567_890)
        let notification = try await verifier.verifyNotification(signedPayload)
        let productID = notification.data?.transaction?.productID
        // snippet-end
        return productID
    }

    enum Outcome: Equatable {
        case stored(String?)
        case retryLater
        case refused(AppStoreServerError.Code)
    }

    /// The errors article's listing: a receiver's three answers.
    static func receive(_ signedPayload: String, verifier: AppStoreSignedDataVerifier) async -> Outcome {
        // snippet-start: receive
        do {
            let notification = try await verifier.verifyNotification(signedPayload)
            return .stored(notification.notificationUUID)
        } catch let error where error.code == .verificationUnavailable {
            return .retryLater  // not checked: never treat it as forged
        } catch {
            return .refused(error.code)  // the same data fails the same way
        }
        // snippet-end
    }

    @Test("the overview's verifier refuses data not signed under Apple's root: chainInvalid")
    func overviewRuns() async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(VerifierTests.notification(pki))
        await #expect(throws: AppStoreServerError(.chainInvalid)) { _ = try await Self.productID(of: signed) }
    }

    @Test("the receiver stores verified data, retries on an unreachable responder, refuses the rest")
    func receiverRuns() async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(VerifierTests.notification(pki))
        let offline = try VerifierTests.verifier(pki)
        #expect(await Self.receive(signed, verifier: offline) == .stored("5f5b0c3e-0000-4000-8000-000000000001"))
        let other = try VerifierTests.verifier(pki, roots: [pki.otherRoot])
        #expect(await Self.receive(signed, verifier: other) == .refused(.chainInvalid))
        // The PKI names no OCSP responder: online, the data cannot be checked.
        let online = try AppStoreSignedDataVerifier(
            bundleID: VerifierTests.bundle, environment: .sandbox,
            roots: [try AppStoreRootCertificate(derRepresentation: pki.root)], onlineChecks: true)
        #expect(await Self.receive(signed, verifier: online) == .retryLater)
    }

    @Test("every Swift listing of the catalog is a snippet region of this file, and every region is shown")
    func listingsAreCompiledCode() throws { try Self.catalog.expectListingsAreSnippets() }

    @Test("the errors article has an entry for every AppStoreServerError code")
    func everyCodeIsExplained() throws { try Self.catalog.expectEveryCodeExplained() }
}
