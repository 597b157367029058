import AppStoreTesting
import Foundation
import JWT
import Testing

@testable import AppStoreServer

@Suite("The test PKI and the chain check")
struct AppStorePKITests {
    @Test("the test PKI's leaf chains through its intermediate to its root, with both Apple extensions")
    func leafChains() throws {
        let pki = try AppStorePKI.get()
        let verifier = ChainVerifier(
            trust: try TrustStore(roots: [try AppStoreRootCertificate(derRepresentation: pki.root)]),
            explicitRoots: true)
        let header = try UnverifiedJWT.inspect(try pki.sign("{\"signedDate\":1}")).header
        let path = try verifier.path(of: header, allowsLocalSigning: false)
        #expect(path.certificates.map(\.role) == [.leaf, .intermediate, .root])
        #expect(path.certificates.map(\.appleExtension) == [true, true, nil])
    }
}
