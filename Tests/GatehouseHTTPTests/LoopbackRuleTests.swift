import Foundation
import GatehouseTesting
import Testing

@testable import GatehouseHTTP

/// One way of writing this machine's loopback or unspecified address in a URL's host.
struct HostSpelling: Sendable, CustomTestStringConvertible {
    /// The host as written in the URL.
    let host: String
    /// Whether it names an IPv6 address (the target server then listens on `::1`).
    let ipv6: Bool
    /// For a DNS name: the address its DNS answer gives (pinned with `CURLOPT_RESOLVE`, as a hostile DNS server
    /// would answer). The URL check cannot see it; only the address connected to shows it.
    let resolvesTo: String?

    init(_ host: String, ipv6: Bool = false, resolvesTo: String? = nil) {
        self.host = host
        self.ipv6 = ipv6
        self.resolvesTo = resolvesTo
    }

    /// The pinned address as an error message writes it (without brackets).
    var resolvedAddressText: String { resolvesTo?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) ?? "" }

    /// Whether the URL check can read the host as an address (or `localhost`).
    var readable: Bool { resolvesTo == nil }

    var testDescription: String { resolvesTo.map { "\(host) -> \($0)" } ?? host }

    /// 127.0.0.1 in every form libcurl and inet_aton accept, `localhost` and the names under it, the IPv4-mapped
    /// forms, and DNS names answering 127.0.0.1 or its mapped form.
    static let loopbackIPv4 =
        [
            "127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f000001", "0x7F.0.0.1", "0177.0.0.1", "0177.1",
            "127.000.000.001", "%31%32%37.1", "localhost", "LocalHost", "sub.localhost", "[::ffff:127.0.0.1]",
            "[::ffff:7f00:1]", "[::FFFF:127.0.0.1]",
        ].map { HostSpelling($0) } + [
            HostSpelling("rebind.example", resolvesTo: "127.0.0.1"),
            HostSpelling("rebind-mapped.example", resolvesTo: "[::ffff:127.0.0.1]"),
        ]

    /// `::1` in its forms, and a DNS name answering it.
    static let loopbackIPv6 =
        ["[::1]", "[0:0:0:0:0:0:0:1]", "[::0:1]"].map { HostSpelling($0, ipv6: true) } + [
            HostSpelling("rebind6.example", ipv6: true, resolvesTo: "[::1]")
        ]

    /// 0.0.0.0 in every form libcurl and inet_aton accept (Linux connects it to this machine), its mapped form,
    /// and DNS names answering them.
    static let unspecifiedIPv4 =
        [
            "0", "0.0.0.0", "0x0", "0X0", "000.0.0.0", "0.0", "0.0.0", "00", "0x0.0x0.0x0.0x0", "%30",
            "[::ffff:0.0.0.0]", "[::ffff:0:0]",
        ].map { HostSpelling($0) } + [
            HostSpelling("zero.example", resolvesTo: "0.0.0.0"),
            HostSpelling("zero-mapped.example", resolvesTo: "[::ffff:0.0.0.0]"),
        ]

    /// `::` in its forms (Linux connects it to `::1`), and a DNS name answering it.
    static let unspecifiedIPv6 =
        ["[::]", "[::0]", "[0:0:0:0:0:0:0:0]"].map { HostSpelling($0, ipv6: true) } + [
            HostSpelling("zero6.example", ipv6: true, resolvesTo: "[::]")
        ]

    /// Every loopback spelling, IPv4 and IPv6.
    static let loopback = loopbackIPv4 + loopbackIPv6
    /// Every unspecified spelling, IPv4 and IPv6.
    static let unspecified = unspecifiedIPv4 + unspecifiedIPv6

    /// Cancels the test case (reported as skipped, not as passed) when the spelling needs a server on `::1` and this
    /// machine has no IPv6 loopback.
    func skipUnlessServable() throws {
        if ipv6 && !LoopbackHTTPServer.isIPv6LoopbackAvailable {
            try Test.cancel("this machine has no IPv6 loopback (::1) for \(host)")
        }
    }

    /// A client with small limits whose DNS answers this spelling's pinned address for the port.
    /// - Parameters:
    ///   - port: the port the URL names.
    ///   - caBundlePath: the CA bundle, for a public front.
    ///   - publicPorts: ports the client takes for servers that are not on this machine.
    /// - Returns: the client.
    func client(port: UInt16, caBundlePath: String? = nil, publicPorts: Set<UInt16> = []) -> CurlHTTPClient {
        var overrides = NetworkOverrides()
        if let resolvesTo { overrides.resolve = ["\(host):\(port):\(resolvesTo)"] }
        overrides.classifyPeer = { publicPorts.contains($0.port) ? .other : $0.standardClass }
        return CurlHTTPClient(configuration: fastClient(caBundlePath: caBundlePath).configuration, overrides: overrides)
    }
}

/// How a test's request reaches the address under test: as the URL itself, or as where a loopback server redirects.
enum Route: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case url = "as the URL"
    case loopbackRedirect = "as a loopback server's redirect target"

    var testDescription: String { rawValue }

    /// Each route with https and with http.
    static let everyScheme = ["https", "http"].flatMap { scheme in allCases.map { (scheme: scheme, route: $0) } }

    /// A GET that reaches an address by one route, with the words a refusal of it names.
    struct Approach {
        /// The request to send.
        let request: HTTPRequest
        /// What the error names about where the request was refused: the URL, or the redirect.
        let refusal: [String]
        /// The redirecting server, kept alive for the test.
        let origin: LoopbackHTTPServer?
    }

    /// The request that reaches `location` by this route.
    /// - Parameters:
    ///   - location: the URL under test.
    ///   - redirectStatus: the status of the loopback server's redirect.
    /// - Returns: the request, what a refusal names, and the redirecting server.
    func approach(_ location: String, redirectStatus: Int) throws -> Approach {
        switch self {
        case .url:
            return Approach(request: .get(location), refusal: [location], origin: nil)
        case .loopbackRedirect:
            let origin = try LoopbackHTTPServer()
            origin.route("/start", respond: .redirect(to: location, status: redirectStatus))
            let start = origin.url("/start")
            // The message writes the redirect's host as libcurl normalised it ([::] for [0:0:0:0:0:0:0:0]): only
            // the port and path are as written.
            let portAndPath = location[try #require(location.lastIndex(of: ":"))...]
            return Approach(
                request: .get(start),
                refusal: ["redirect (\(redirectStatus)) from \(start) to", "\(portAndPath) refused"], origin: origin)
        }
    }
}

/// An https server that the client takes for one not on this machine: a TLS terminator on loopback whose port
/// the client's address classification calls `other`. Everything else (the URL check, libcurl, the socket
/// callback, the refusal) runs as in production.
struct PublicFront {
    let server: LoopbackHTTPServer
    let tls: LoopbackTLSTerminator

    init() throws {
        server = try LoopbackHTTPServer()
        tls = try LoopbackTLSTerminator(forwardingTo: server)
    }
}

@Suite("Loopback: decided on the address connected to, for every spelling, as a URL and as a redirect target")
struct LoopbackRuleTests {
    // MARK: Loopback spellings

    @Test(
        "plain http to a loopback spelling, ::1 too, as the URL or from a loopback server's redirect reaches the local server",
        arguments: HostSpelling.loopback, Route.allCases)
    func loopbackToLoopback(spelling: HostSpelling, route: Route) async throws {
        try spelling.skipUnlessServable()
        let target = try LoopbackHTTPServer(ipv6: spelling.ipv6)
        target.route("/x", respond: .text("local"))
        let location = "http://\(spelling.host):\(target.port)/x"
        let approach = try route.approach(location, redirectStatus: 302)
        let client = spelling.client(port: target.port)
        guard spelling.readable else {
            // The URL check cannot read it as loopback, so plain http is refused before anything is resolved.
            _ = await expectFailure(
                .insecureURL, naming: approach.refusal + ["not a loopback host", "no connection was made"],
                client: client, approach.request)
            #expect(target.connectionCount == 0)
            return
        }
        let response = try await client.send(approach.request)
        #expect(response.status == 200, "\(location)")
        #expect(target.requestCount(path: "/x") == 1)
    }

    @Test(
        "a public server may not redirect to any loopback spelling, ::1 too, https or http: no connection is made",
        arguments: HostSpelling.loopback, ["https", "http"])
    func publicToLoopback(spelling: HostSpelling, scheme: String) async throws {
        try spelling.skipUnlessServable()
        let front = try PublicFront()
        let target = try LoopbackHTTPServer(ipv6: spelling.ipv6)
        let location = "\(scheme)://\(spelling.host):\(target.port)/x"
        front.server.route("/start", respond: .redirect(to: location))
        let start = front.tls.url("/start")
        // Written as loopback: refused by the URL check. A DNS name: https is refused on the address libcurl was
        // about to connect to (the root of the rule), plain http by the URL check.
        let cause =
            spelling.readable
            ? "is loopback"
            : scheme == "https"
                ? "resolved to \(spelling.resolvedAddressText), a loopback address" : "not a loopback host"
        let client = spelling.client(
            port: target.port, caBundlePath: front.tls.caBundlePath, publicPorts: [front.tls.port])
        _ = await expectFailure(
            .insecureURL,
            naming: ["redirect (302) from \(start) to", ":\(target.port)/x refused", cause, "no connection"],
            client: client, .get(start))
        #expect(target.connectionCount == 0, "\(location) was connected to")
        #expect(front.server.requestCount(path: "/start") == 1)
    }

    /// A non-loopback address of one of this machine's interfaces (a LAN or public address), if it has one.
    static let ownInterfaceAddress: String? = LocalInterfaces.addresses()
        .first { $0.count == 4 && PeerAddress(bytes: $0, port: 0).classified(ownAddresses: { [] }) == .other }
        .map { AddressText.text($0) }

    @Test(
        "a public server may not redirect to this machine's own interface address either",
        .enabled(if: ownInterfaceAddress != nil, "this machine has no IPv4 address besides loopback"))
    func publicToOwnInterface() async throws {
        let address = try #require(Self.ownInterfaceAddress)
        let front = try PublicFront()
        let port = try LoopbackHTTPServer.unusedPort()
        for location in ["https://\(address):\(port)/x", "https://own.example:\(port)/x"] {
            front.server.route("/start", respond: .redirect(to: location))
            let client = HostSpelling("own.example", resolvesTo: address).client(
                port: port, caBundlePath: front.tls.caBundlePath, publicPorts: [front.tls.port])
            _ = await expectFailure(
                .insecureURL,
                naming: [
                    "to \(location) refused",
                    "resolved to \(address), an address of this machine's own network interfaces",
                    "no connection was made",
                ],
                client: client, .get(front.tls.url("/start")))
        }
    }

    @Test("a public server may still redirect to another public https server, judged by its address")
    func publicToPublic() async throws {
        let front = try PublicFront()
        let other = try PublicFront()
        other.server.route("/x", respond: .text("elsewhere"))
        // `localhost` is the name the second certificate carries; written as such the URL check would refuse it
        // after a public server, so the test reaches it under a DNS name and leaves the decision to its address.
        let location = "https://elsewhere.example:\(other.tls.port)/x"
        front.server.route("/start", respond: .redirect(to: location))
        let directory = try TemporaryDirectory()
        let bundle = directory.file("both.pem")
        let pem =
            try String(contentsOfFile: front.tls.caBundlePath, encoding: .utf8)
            + String(contentsOfFile: other.tls.caBundlePath, encoding: .utf8)
        try pem.write(to: bundle, atomically: true, encoding: .utf8)
        let publicPorts: Set = [front.tls.port, other.tls.port]
        var overrides = NetworkOverrides(resolve: ["elsewhere.example:\(other.tls.port):127.0.0.1"])
        overrides.classifyPeer = { publicPorts.contains($0.port) ? .other : $0.standardClass }
        let client = CurlHTTPClient(
            configuration: fastClient(caBundlePath: bundle.path).configuration, overrides: overrides)
        // TLS checks the certificate against the URL's name, which the test certificate does not carry: the
        // handshake failing proves the redirect passed the loopback rule and connected.
        _ = await expectFailure(.tlsFailure, naming: [location], client: client, .get(front.tls.url("/start")))
        #expect(other.server.requestCount(path: "/x") == 0)
    }

    @Test(
        "a full-width spelling of localhost, 127.0.0.1 or 0.0.0.0 is refused and never connected to",
        arguments: ["ｌｏｃａｌｈｏｓｔ", "１２７.０.０.１", "０.０.０.０"])
    func fullWidth(host: String) async throws {
        let front = try PublicFront()
        let target = try LoopbackHTTPServer()
        let location = "https://\(host):\(target.port)/x"
        front.server.route("/start", respond: .redirect(to: location))
        let port = front.tls.port
        let client = CurlHTTPClient(
            configuration: fastClient(caBundlePath: front.tls.caBundlePath).configuration,
            overrides: NetworkOverrides(classifyPeer: { $0.port == port ? .other : $0.standardClass }))
        // libcurl 7.88 refuses these hosts itself (invalidURL); a libcurl that maps them to ASCII would connect
        // to 127.0.0.1 or 0.0.0.0, which the connection rule refuses (insecureURL). Either way: no connection.
        for request in [HTTPRequest.get(location), .get(front.tls.url("/start"))] {
            let error = await #expect(throws: HTTPError.self) { try await client.send(request) }
            #expect(error?.code == .invalidURL || error?.code == .insecureURL, "\(String(describing: error))")
        }
        #expect(target.connectionCount == 0)
    }

    @Test("https to a name that resolves to loopback is the caller's choice as the URL, and is connected to")
    func httpsNameToLoopbackAsURL() async throws {
        let target = try LoopbackHTTPServer()
        let url = "https://rebind.example:\(target.port)/x"
        let client = CurlHTTPClient(
            configuration: fastClient(totalTimeout: .seconds(1)).configuration,
            overrides: NetworkOverrides(resolve: ["rebind.example:\(target.port):127.0.0.1"]))
        // The target speaks plain http and waits for a request line the TLS ClientHello never completes: the
        // exchange times out, after the connection was made, as the caller asked.
        _ = await expectFailure(.timedOut, naming: [url], client: client, .get(url))
        #expect(target.connectionCount == 1)
    }

    @Test("plain http must connect to loopback: a loopback name answering elsewhere is refused before connecting")
    func plainHTTPConnectsToLoopbackOnly() async throws {
        let target = try LoopbackHTTPServer()
        let port = target.port
        let client = CurlHTTPClient(
            configuration: fastClient().configuration,
            overrides: NetworkOverrides(classifyPeer: { $0.port == port ? .other : $0.standardClass }))
        let url = target.url("/x")
        _ = await expectFailure(
            .insecureURL, naming: [url, "127.0.0.1, which is not a loopback address", "no connection was made"],
            client: client, .get(url))
        #expect(target.connectionCount == 0)
    }

    // MARK: Unspecified spellings

    @Test(
        "an unspecified address, :: too, is refused in every spelling, https or http, as the URL or even from a loopback server's redirect: no connection is made",
        arguments: HostSpelling.unspecified, Route.everyScheme)
    func unspecified(spelling: HostSpelling, via: (scheme: String, route: Route)) async throws {
        try spelling.skipUnlessServable()
        let (scheme, route) = via
        let target = try LoopbackHTTPServer(ipv6: spelling.ipv6)
        let location = "\(scheme)://\(spelling.host):\(target.port)/x"
        let approach = try route.approach(location, redirectStatus: 307)
        let cause = !spelling.readable && scheme == "http" ? "not a loopback host" : "an unspecified address"
        _ = await expectFailure(
            .insecureURL, naming: approach.refusal + [cause, "no connection was made"],
            client: spelling.client(port: target.port), approach.request)
        #expect(target.connectionCount == 0, "\(location) was connected to")
    }
}
