import AppStoreTesting
import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import AppStoreServer

/// `UnverifiedSignedData`: App Store signed data decoded for display, nothing verified, each defect kept beside what
/// did decode.
@Suite("UnverifiedSignedData: decoded, never verified")
struct UnverifiedSignedDataTests {
    @Test("a notification: the header, x5c as carried with its roles, the kind told, the nested payloads decoded")
    func notification() throws {
        let pki = try AppStorePKI.get()
        // Signed by a key no certificate of x5c holds, under a root nothing trusts: decoding does not look.
        let signed = try pki.sign(
            try VerifierTests.notification(pki), x5c: [pki.leaf, pki.intermediate, pki.otherRoot],
            key: pki.expiredLeafKey)
        let data = try UnverifiedSignedData(decoding: signed)
        #expect(data.kind == .notification)
        #expect(data.header["alg"] == .string("ES256"))
        #expect(data.chainDefect == nil)
        let chain = data.chain.map { try? $0.certificate.get() }
        #expect(chain.map { $0?.role } == [.leaf, .intermediate, .root])
        #expect(chain[0]?.appleExtension == true && chain[1]?.appleExtension == true && chain[2]?.appleExtension == nil)
        #expect(chain[2]?.subject == "CN=Gatehouse Test Other Root")
        #expect(data.payload["notificationType"] == .string("DID_RENEW"))
        #expect(data.nested.map(\.member) == ["signedTransactionInfo", "signedRenewalInfo"])
        #expect(data.nested.map(\.decodedName) == ["transactionInfo", "renewalInfo"])
        #expect(data.nested.map { try? $0.data.get().kind } == [.transaction, .renewal])
        #expect((try? data.nested[0].data.get().payload["transactionId"]) == .string("2000000000000001"))
    }

    @Test("a one-certificate x5c is a local signing certificate; an unreadable one is kept with its defect")
    func carriedDefects() throws {
        let pki = try AppStorePKI.get()
        let local = try UnverifiedSignedData(
            decoding: try pki.sign(VerifierTests.transaction(), x5c: [pki.xcodeCertificate], key: pki.xcodeKey))
        #expect(local.chain.map { try? $0.certificate.get().role } == [.localSigning])
        let broken = try UnverifiedSignedData(
            decoding: try pki.sign(
                VerifierTests.transaction(),
                header: "{\"alg\":\"ES256\",\"x5c\":[\"\(Data(pki.leaf).base64EncodedString())\",\"!!\"]}"))
        #expect(broken.kind == .transaction)
        #expect((try? broken.chain[0].certificate.get())?.role == .leaf)
        #expect(throws: AppStoreServerError(.malformed)) { try broken.chain[1].certificate.get() }
        let none = try UnverifiedSignedData(
            decoding: try pki.sign(VerifierTests.transaction(), header: "{\"alg\":\"ES256\"}"))
        #expect(none.chain.isEmpty && none.chainDefect?.code == .malformed)
        #expect(none.chainDefect?.reason.contains("no x5c") == true)
        // A kind given is kept, whatever the members say.
        #expect(
            try UnverifiedSignedData(decoding: try pki.sign(VerifierTests.renewal()), kind: .renewal).kind == .renewal)
        #expect(try UnverifiedSignedData(decoding: try pki.sign("{\"a\":1}")).kind == nil)
    }

    @Test("input that is not a compact JWS with a JSON object payload is malformed, naming why")
    func malformed() {
        for text in ["", "abc", "a.b", "e30.W10.", "not.a.jws"] {
            do {
                _ = try UnverifiedSignedData(decoding: text)
                Issue.record("\(text) decoded")
            } catch {
                #expect(error.code == .malformed, "\(text)")
                #expect(error.reason.hasPrefix("not App Store signed data: "), "\(text): \(error.reason)")
            }
        }
    }
}
