import AppStoreConnect
import Foundation
import GatehouseTesting
import JWT
import Testing

@Suite("API key credentials: team and individual keys; the .p8 never in any message")
struct CredentialsTests {
    static let pem = TestKeys.key.pemRepresentation

    /// Whether `text` holds any 12 consecutive characters of the key's base64 body.
    static func leaksKey(_ text: String, body: String = TestKeys.p8Body) -> Bool {
        let characters = Array(body)
        for start in stride(from: 0, through: characters.count - 12, by: 1)
        where text.contains(String(characters[start..<start + 12])) {
            return true
        }
        return false
    }

    @Test("a team key and an individual key from .p8 text")
    func reads() throws {
        let team = try ASCCredentials(keyID: TestKeys.keyID, issuerID: TestKeys.issuerID, p8PEM: Self.pem)
        #expect(team.kind == .team(issuerID: TestKeys.issuerID))
        #expect(team.issuerID == TestKeys.issuerID)
        let individual = try ASCCredentials(keyID: TestKeys.keyID, issuerID: nil, p8PEM: Self.pem)
        #expect(individual.kind == .individual)
        #expect(individual.issuerID == nil)
    }

    @Test("description, debugDescription, dump and reflection never show the key")
    func neverPrinted() throws {
        let credentials = try ASCCredentials(keyID: TestKeys.keyID, issuerID: TestKeys.issuerID, p8PEM: Self.pem)
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [
            credentials.description, credentials.debugDescription, dumped, String(reflecting: credentials),
            "\(credentials)",
        ] {
            #expect(!Self.leaksKey(text), "the key leaks in: \(text)")
            #expect(text.contains(TestKeys.keyID))
        }
    }

    @Test(
        "an unreadable .p8 is invalidCredentials whose message says what is wrong without quoting the key",
        arguments: [
            ("the base64 body alone", TestKeys.p8Body),
            ("a truncated file", String(pem.dropLast(40))),
            ("a body that is not base64", pem.replacingOccurrences(of: "A", with: "*")),
            ("the body with its first line broken", "junk" + pem.replacingOccurrences(of: "-----BEGIN", with: "")),
            ("a public key", TestKeys.key.publicKey.pemRepresentation),
            ("an encrypted key's label", pem.replacingOccurrences(of: "PRIVATE KEY", with: "ENCRYPTED PRIVATE KEY")),
        ])
    func unreadable(_ name: String, text: String) async {
        let error = await ascError {
            try ASCCredentials(keyID: TestKeys.keyID, issuerID: TestKeys.issuerID, p8PEM: text)
        }
        expect(error, .invalidCredentials, naming: ["AuthKey_\(TestKeys.keyID).p8", "BEGIN PRIVATE KEY"])
        #expect(!Self.leaksKey(error?.description ?? ""), "\(name): the key leaks in \(String(describing: error))")
        let body = text.split(separator: "\n").filter { !$0.contains("-----") }.joined()
        #expect(!Self.leaksKey(error?.description ?? "", body: body), "\(name): the text leaks")
    }

    @Test("a key that is not EC P-256 is refused, naming its kind")
    func wrongKind() async throws {
        let rsa = try PrivateKey.generate(.rsa(modulusBits: 2048))
        let error = await ascError {
            try ASCCredentials(keyID: TestKeys.keyID, issuerID: nil, p8PEM: rsa.pemRepresentation)
        }
        expect(error, .invalidCredentials, naming: ["RSA", "EC P-256"])
        let rsaBody = rsa.pemRepresentation.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        #expect(!Self.leaksKey(error?.description ?? "", body: rsaBody))
    }

    @Test(
        "a key ID that is empty or not letters and digits is refused",
        arguments: ["", "2X9R 4HXF34", "key\nid", String(repeating: "A", count: 65)])
    func badKeyID(_ keyID: String) async {
        let error = await ascError { try ASCCredentials(keyID: keyID, issuerID: nil, privateKey: TestKeys.key) }
        expect(error, .invalidCredentials, naming: ["key ID", "Users and Access"])
    }

    @Test("an issuer ID that is not a UUID is refused; a Team ID in its place is named as such")
    func badIssuer() async {
        let teamID = await ascError {
            try ASCCredentials(keyID: TestKeys.keyID, issuerID: "A1B2C3D4E5", privateKey: TestKeys.key)
        }
        expect(teamID, .invalidCredentials, naming: ["A1B2C3D4E5", "not a UUID", "Team ID", "issuer ID"])
        let empty = await ascError { try ASCCredentials(keyID: TestKeys.keyID, issuerID: "", privateKey: TestKeys.key) }
        expect(empty, .invalidCredentials, naming: ["not a UUID", "individual key has no issuer ID"])
    }

    @Test(
        "a damaged .p8 is invalidCredentials naming what is wrong, quoting no 4 characters of it (round 3, item 1)",
        arguments: MalformedPEM.shapes)
    func damagedKeyNeverQuoted(_ shape: MalformedPEM.Shape) {
        MalformedPEM.expectRefused(AppStoreConnectError(.invalidCredentials), shape) {
            _ = try ASCCredentials(keyID: TestKeys.keyID, issuerID: nil, p8PEM: shape.text)
        }
    }
}
