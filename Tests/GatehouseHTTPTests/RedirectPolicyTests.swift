import GatehouseTesting
import Testing

@testable import GatehouseHTTP

@Suite("Redirect policy, address classification, connection rule and proxy choice (internal rules)")
struct RedirectPolicyTests {
    @Test(
        "a host written as loopback or unspecified is recognised in every numeric form; a name is left to the address",
        arguments: [
            ("127.0.0.1", AddressClass.loopback), ("127.255.255.254", .loopback), ("127.1", .loopback),
            ("127.0.1", .loopback), ("2130706433", .loopback), ("0x7f000001", .loopback), ("0x7F.1", .loopback),
            ("0177.0.0.1", .loopback), ("0177.1", .loopback), ("127.000.000.001", .loopback),
            ("127.0.0.1.", .loopback), ("localhost", .loopback), ("LOCALHOST", .loopback), ("localhost.", .loopback),
            ("sub.localhost", .loopback), ("[::1]", .loopback), ("[0:0:0:0:0:0:0:1]", .loopback),
            ("[::ffff:127.0.0.1]", .loopback), ("[::ffff:7f00:1]", .loopback), ("[::FFFF:127.0.0.2]", .loopback),
            ("[::127.0.0.1]", .loopback),
            ("0", .unspecified), ("0.0.0.0", .unspecified), ("0x0", .unspecified), ("0X0", .unspecified),
            ("000.0.0.0", .unspecified), ("0.0", .unspecified), ("0.0.0", .unspecified), ("00", .unspecified),
            ("0.1.2.3", .unspecified), ("0x0.0x0.0x0.0x0", .unspecified), ("[::]", .unspecified),
            ("[::0]", .unspecified), ("[::ffff:0.0.0.0]", .unspecified), ("[::ffff:0:0]", .unspecified),
            ("128.0.0.1", .other), ("10.0.0.1", .other), ("0x", .other), ("08", .other), ("1.2.3.4.5", .other),
            ("4294967296", .other), ("256.1", .other), ("1.16777216", .other), ("127.0.0.1.nip.io", .other),
            ("localhost.example", .other), ("[fe80::1]", .other), ("[64:ff9b::7f00:1]", .other), ("[::1", .other),
            ("ｌｏｃａｌｈｏｓｔ", .other), ("", .other),
        ])
    func hostClass(host: String, expected: AddressClass) {
        #expect(HostAddress.classify(host: host) == expected, "\(host)")
    }

    @Test(
        "an address about to be connected to is classified by its bytes, IPv4 inside IPv6 by the IPv4 address (no own interfaces)",
        arguments: [
            ([127, 0, 0, 1], AddressClass.loopback), ([127, 9, 8, 7], .loopback), ([0, 0, 0, 0], .unspecified),
            ([0, 1, 2, 3], .unspecified), ([8, 8, 8, 8], .other), ([192, 0, 2, 2], .other),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], .loopback),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], .unspecified),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 127, 0, 0, 1], .loopback),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0], .unspecified),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127, 0, 0, 1], .loopback),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 8, 8, 8, 8], .other),
            ([0x20, 0x01, 0x0D, 0xB8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], .other),
        ] as [([UInt8], AddressClass)])
    func peerClass(bytes: [UInt8], expected: AddressClass) {
        let peer = PeerAddress(bytes: bytes, port: 443)
        #expect(peer.classified(ownAddresses: { [] }) == expected, "\(peer.text)")
    }

    @Test(
        "an address of this machine's own interfaces is ownInterface, also in its IPv4-mapped form; loopback first",
        arguments: [
            ([192, 0, 2, 2], AddressClass.ownInterface), ([192, 0, 2, 3], .other),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 192, 0, 2, 2], .ownInterface),
            ([0xFD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], .ownInterface),
            ([0xFD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3], .other), ([127, 0, 0, 1], .loopback),
            ([0, 0, 0, 0], .unspecified),
        ] as [([UInt8], AddressClass)])
    func ownInterface(bytes: [UInt8], expected: AddressClass) {
        let own: [[UInt8]] = [[127, 0, 0, 1], [192, 0, 2, 2], [0xFD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]]
        #expect(PeerAddress(bytes: bytes, port: 443).classified(ownAddresses: { own }) == expected)
    }

    @Test("this machine's interface addresses are read (loopback among them)")
    func localInterfaces() {
        #expect(LocalInterfaces.addresses().contains([127, 0, 0, 1]))
    }

    @Test("the connection rule: unspecified never; http only to loopback; no loopback after a public server")
    func connectionRule() {
        let direct = ConnectionRule(
            subject: "https://example.com/", host: "example.com", requiresLoopback: false, forbidsLoopback: false)
        #expect(direct.refusal(for: .unspecified) == .unspecified)
        #expect(direct.refusal(for: .loopback) == nil)
        #expect(direct.refusal(for: .other) == nil)
        var plain = direct
        plain.requiresLoopback = true
        #expect(plain.refusal(for: .loopback) == nil)
        #expect(plain.refusal(for: .other) == .plainHTTPNotLoopback)
        var afterPublic = direct
        afterPublic.forbidsLoopback = true
        #expect(afterPublic.refusal(for: .loopback) == .loopbackAfterPublic)
        #expect(afterPublic.refusal(for: .other) == nil)
        // Through a proxy the address is the proxy's: a proxy on this machine is fine, an unspecified one is not.
        var proxied = afterPublic
        proxied.proxy = "http://127.0.0.1:3128"
        #expect(proxied.refusal(for: .loopback) == nil)
        #expect(proxied.refusal(for: .unspecified) == .unspecified)
        let reason = afterPublic.reason(
            for: .loopbackAfterPublic, address: "127.0.0.1", addressClass: .loopback, family: 2)
        #expect(reason.contains("https://example.com/ refused: example.com resolved to 127.0.0.1, a loopback address"))
        #expect(
            proxied.reason(for: .unspecified, address: "0.0.0.0", addressClass: .unspecified, family: 2)
                .contains("the proxy"))
        // An address of this machine's own interfaces counts as this machine, for both rules.
        #expect(afterPublic.refusal(for: .ownInterface) == .loopbackAfterPublic)
        #expect(plain.refusal(for: .ownInterface) == nil)
        #expect(
            afterPublic.reason(for: .loopbackAfterPublic, address: "192.0.2.2", addressClass: .ownInterface, family: 2)
                .contains("192.0.2.2, an address of this machine's own network interfaces"))
    }

    @Test("an exchange through a proxy never counts as reaching loopback, whatever the proxy's address")
    func proxiedIsNotLoopback() {
        var rule = ConnectionRule(subject: "s", host: "example.com", requiresLoopback: false, forbidsLoopback: false)
        let loopback = PeerAddress(bytes: [127, 0, 0, 1], port: 3128)
        let direct = CurlTransferState(
            maxBytes: 1, cancellation: CancellationFlag(), rule: rule, classifyPeer: { $0.standardClass })
        #expect(direct.admit(loopback, family: 2))
        #expect(direct.reachedOnlyLoopback)
        rule.proxy = "http://127.0.0.1:3128"
        let proxied = CurlTransferState(
            maxBytes: 1, cancellation: CancellationFlag(), rule: rule, classifyPeer: { $0.standardClass })
        #expect(proxied.admit(loopback, family: 2))
        #expect(!proxied.reachedOnlyLoopback)
        // An address that is neither IPv4 nor IPv6 is refused.
        #expect(!proxied.admit(nil, family: 1))
        #expect(proxied.refused?.family == 1)
        #expect(proxied.refused?.refusal == .unknownFamily)
    }

    @Test(
        "the proxy comes from libcurl's variables with libcurl's precedence, and no_proxy as libcurl reads it",
        arguments: [
            (["https_proxy": "http://p:1"], "example.com", "http://p:1"),
            (["HTTPS_PROXY": "http://P:1"], "example.com", "http://P:1"),
            (["https_proxy": "http://p:1", "HTTPS_PROXY": "http://P:1"], "example.com", "http://p:1"),
            (["all_proxy": "socks5h://a:1"], "example.com", "socks5h://a:1"),
            (["ALL_PROXY": "socks5h://A:1"], "example.com", "socks5h://A:1"),
            (["https_proxy": "", "all_proxy": "http://a:1"], "example.com", nil),
            (["http_proxy": "http://p:1"], "example.com", nil),
            ([:], "example.com", nil),
            (["https_proxy": "http://p:1", "no_proxy": "*"], "example.com", nil),
            (["https_proxy": "http://p:1", "no_proxy": "example.com"], "example.com", nil),
            (["https_proxy": "http://p:1", "no_proxy": "other.org, .example.com"], "api.EXAMPLE.com", nil),
            (["https_proxy": "http://p:1", "NO_PROXY": "example.com."], "example.com.", nil),
            (["https_proxy": "http://p:1", "no_proxy": "ample.com"], "example.com", "http://p:1"),
            (["https_proxy": "http://p:1", "no_proxy": "10.0.0.0/8"], "10.1.2.3", nil),
            (["https_proxy": "http://p:1", "no_proxy": "10.0.0.0/8"], "11.1.2.3", "http://p:1"),
            (["https_proxy": "http://p:1", "no_proxy": "192.0.2.7"], "192.0.2.7", nil),
            (["https_proxy": "http://p:1", "no_proxy": "[2001:db8::]/32"], "[2001:db8::5]", nil),
            (["https_proxy": "http://p:1", "no_proxy": "2001:db8::/32"], "[2001:db9::5]", "http://p:1"),
        ] as [([String: String], String, String?)])
    func proxy(environment: [String: String], host: String, expected: String?) {
        #expect(ProxyRoute.proxy(scheme: "https", host: host, environment: { environment[$0] }) == expected)
    }

    @Test(
        "a redirect from a public origin may go to https elsewhere but never to this machine or to plain http",
        arguments: [
            ("https://example.com/next", nil),
            ("https://127.0.0.1/admin", HTTPError.Code.insecureURL),
            ("https://127.1/admin", HTTPError.Code.insecureURL),
            ("https://[::ffff:127.0.0.1]/admin", HTTPError.Code.insecureURL),
            ("https://0.0.0.0/admin", HTTPError.Code.insecureURL),
            ("https://localhost:8443/admin", HTTPError.Code.insecureURL),
            ("http://127.0.0.1:8080/admin", HTTPError.Code.insecureURL),
            ("http://example.com/next", HTTPError.Code.insecureURL),
        ])
    func fromPublic(location: String, expected: HTTPError.Code?) throws {
        let current = try URLPolicy.check("https://appleid.apple.com/auth/keys")
        if let expected {
            let error = #expect(throws: HTTPError.self) {
                try URLPolicy.checkRedirect(to: location, from: current, status: 302, loopbackSoFar: false)
            }
            #expect(error?.code == expected)
            #expect(error?.reason.contains("from https://appleid.apple.com/auth/keys to \(location)") == true)
        } else {
            let next = try URLPolicy.checkRedirect(to: location, from: current, status: 302, loopbackSoFar: false)
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
