import GatehouseTesting
import Testing

@testable import GatehouseHTTP

@Suite("Redirect policy and loopback classification (internal rules)")
struct RedirectPolicyTests {
    @Test(
        "loopback is 127.0.0.0/8 as a dotted quad, ::1 and localhost; nothing else",
        arguments: [
            ("127.0.0.1", true), ("127.255.255.254", true), ("localhost", true), ("LOCALHOST", true),
            ("[::1]", true), ("[0:0:0:0:0:0:0:1]", true),
            ("128.0.0.1", false), ("10.0.0.1", false), ("0.0.0.0", false), ("[::]", false),
            ("[::ffff:127.0.0.1]", false), ("localhost.", false), ("sub.localhost", false),
            ("127.0.0.1.nip.io", false), ("2130706433", false), ("[fe80::1]", false), ("", false),
        ])
    func loopback(host: String, expected: Bool) {
        #expect(LoopbackAddress.isLoopback(host: host) == expected, "\(host)")
    }

    @Test(
        "a redirect from a public origin may go to https elsewhere but never to this machine or to plain http",
        arguments: [
            ("https://example.com/next", nil),
            ("https://127.0.0.1/admin", HTTPError.Code.insecureURL),
            ("https://localhost:8443/admin", HTTPError.Code.insecureURL),
            ("http://127.0.0.1:8080/admin", HTTPError.Code.insecureURL),
            ("http://example.com/next", HTTPError.Code.insecureURL),
        ])
    func fromPublic(location: String, expected: HTTPError.Code?) throws {
        let current = try URLPolicy.check("https://appleid.apple.com/auth/keys")
        if let expected {
            let error = #expect(throws: HTTPError.self) {
                try URLPolicy.checkRedirect(to: location, from: current, status: 302)
            }
            #expect(error?.code == expected)
            #expect(error?.reason.contains("from https://appleid.apple.com/auth/keys to \(location)") == true)
        } else {
            let next = try URLPolicy.checkRedirect(to: location, from: current, status: 302)
            #expect(next.normalized == location)
            #expect(!next.isSameOrigin(as: current))
        }
    }

    @Test("durations become whole milliseconds, never negative")
    func milliseconds() {
        #expect(Duration.seconds(10).wholeMilliseconds == 10_000)
        #expect(Duration.milliseconds(1500).wholeMilliseconds == 1500)
        #expect(Duration.microseconds(999).wholeMilliseconds == 0)
        #expect(Duration.seconds(-3).wholeMilliseconds == 0)
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == Int.max)
    }
}

@Suite("HTTPResponse")
struct HTTPResponseTests {
    @Test(
        "isSuccess is exactly 2xx",
        arguments: [(199, false), (200, true), (204, true), (299, true), (300, false), (304, false), (500, false)])
    func success(status: Int, expected: Bool) {
        #expect(HTTPResponse(status: status, effectiveURL: "https://example.com/").isSuccess == expected)
    }
}
