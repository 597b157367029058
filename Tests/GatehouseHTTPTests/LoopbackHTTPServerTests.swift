import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("The loopback test server")
struct LoopbackHTTPServerTests {
    @Test("it stops by itself after its lifetime, and stop() refuses further connections")
    func stopsByItself() async throws {
        let server = try LoopbackHTTPServer(lifetime: .milliseconds(300))
        server.route("/x", respond: .text("up"))
        #expect(try await fastClient().send(.get(server.url("/x"))).status == 200)
        try await Task.sleep(for: .milliseconds(700))
        #expect(server.isStopped)
        try await Self.expectGone(server, path: "/x", answer: "up")

        let other = try LoopbackHTTPServer()
        other.route("/y", respond: .text("other"))
        other.stop()
        try await Self.expectGone(other, path: "/y", answer: "other")
    }

    /// A stopped server answers nothing more: the request fails to connect, or (the tests run in parallel, and the
    /// kernel may give the freed port to another test's server at once) reaches a server that is not this one.
    static func expectGone(
        _ server: LoopbackHTTPServer, path: String, answer: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = server.requestCount(path: path)
        do {
            let response = try await fastClient().send(.get(server.url(path)))
            #expect(response.body != Array(answer.utf8), "the stopped server answered", sourceLocation: sourceLocation)
        } catch let error as HTTPError {
            #expect(error.code == .connectionFailed, "\(error)", sourceLocation: sourceLocation)
        }
        #expect(server.requestCount(path: path) == before, sourceLocation: sourceLocation)
    }

    @Test("stop() ends a slow answer at once")
    func stopEndsDrip() async throws {
        let (server, task) = try await slowTransferUnderWay(totalTimeout: .seconds(30))
        server.stop()
        _ = await #expect(throws: HTTPError.self) { try await task.value }
    }

    @Test("unrouted paths get 404 and are still counted")
    func unrouted() async throws {
        let server = try LoopbackHTTPServer()
        #expect(try await fastClient().send(.get(server.url("/nothing"))).status == 404)
        #expect(server.requestCount(path: "/nothing") == 1)
        #expect(server.allRequests.count == 1)
    }
}

@Suite("The loopback test server, flapping")
struct LoopbackFlappingTests {
    @Test("route(_:cycling:) answers successive requests in turn")
    func cycling() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/flap",
            cycling: [.text("good"), .text("bad", status: 500), LoopbackResponse(delivery: .resetBeforeResponse)])
        let client = fastClient()
        #expect(try await client.send(.get(server.url("/flap"))).status == 200)
        #expect(try await client.send(.get(server.url("/flap"))).status == 500)
        _ = await expectFailure(.transportFailure, naming: [server.url("/flap")], .get(server.url("/flap")))
        #expect(try await client.send(.get(server.url("/flap"))).status == 200)
        #expect(server.requestCount(path: "/flap") == 4)
    }
}
