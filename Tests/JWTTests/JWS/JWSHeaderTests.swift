import Foundation
import GatehouseTesting
import Testing

@testable import JWT

@Suite("JWS header (RFC 7515 section 4.1)")
struct JWSHeaderTests {
    static func header(_ json: String) throws -> JWSHeader {
        try Array(json.utf8).withUnsafeBytes { try JWSHeader(decoded: $0, maxNestingDepth: 64) }
    }

    @Test("reads alg, kid, typ, cty, crit and keeps every member")
    func reads() throws {
        let header = try Self.header(
            #"{"alg":"ES256","kid":"k","typ":"JWT","cty":"x","crit":["ext"],"ext":1,"jku":"https://e.example"}"#)
        #expect(header.algorithm == .es256 && header.algorithmName == "ES256")
        #expect(header.keyID == "k" && header.type == "JWT" && header.contentType == "x")
        #expect(header.critical == ["ext"])
        #expect(header.raw.names == ["alg", "kid", "typ", "cty", "crit", "ext", "jku"])
        #expect(try Self.header(#"{"alg":"none"}"#).algorithm == nil)
    }

    @Test(
        "members of the wrong type are invalidHeader naming the member",
        arguments: [
            (#"{"kid":"k"}"#, "no \"alg\""),
            (#"{"alg":1}"#, "\"alg\""),
            (#"{"alg":"RS256","kid":7}"#, "\"kid\""),
            (#"{"alg":"RS256","typ":["JWT"]}"#, "\"typ\""),
            (#"{"alg":"RS256","cty":null}"#, "\"cty\""),
            (#"{"alg":"RS256","jku":{}}"#, "\"jku\""),
            (#"{"alg":"RS256","x5u":1}"#, "\"x5u\""),
            (#"{"alg":"RS256","jwk":"k"}"#, "\"jwk\""),
            (#"{"alg":"RS256","x5c":[1]}"#, "\"x5c\""),
            (#"{"alg":"RS256","x5t":1}"#, "\"x5t\""),
            (#"{"alg":"RS256","crit":[]}"#, "non-empty"),
            (#"{"alg":"RS256","crit":"ext","ext":1}"#, "non-empty array"),
            (#"{"alg":"RS256","crit":[1]}"#, "only strings"),
            (#"{"alg":"RS256","crit":["ext"]}"#, "not in the header"),
            (#"{"alg":"RS256","crit":["alg"]}"#, "defined by RFC 7515"),
            (#"{"alg":"RS256","crit":["ext","ext"],"ext":1}"#, "twice"),
        ])
    func wrongTypes(json: String, fragment: String) {
        expectError(JWTError(.invalidHeader), mentioning: [fragment]) { _ = try Self.header(json) }
    }

    @Test("a header that is not an object is a malformed token")
    func notObject() {
        expectError(JWTError(.malformedToken), mentioning: ["array", "JSON object"]) { _ = try Self.header("[]") }
        expectError(JWTError(.malformedJSON), mentioning: ["header"]) { _ = try Self.header("{\"alg\":") }
    }
}
