import GatehouseFoundation
import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("Transport failures become HTTPError naming the URL and the cause")
struct TransportFailureTests {
    @Test("a closed port is connectionFailed")
    func refused() async throws {
        let url = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())/keys"
        _ = await expectFailure(.connectionFailed, naming: [url, "Couldn't connect to server"], .get(url))
    }

    @Test("a server sending one byte a second trips the total timeout")
    func slowDrip() async throws {
        // 60 bytes at one a second: without the total timeout this request would succeed after a minute, and the
        // expectation of .timedOut, with curl's own "1000 ms in total", would fail. (No wall-clock bound: on two
        // cores other tests can hold the concurrency pool for tens of seconds before this task resumes.)
        let server = try slowDripServer()
        let url = server.url("/slow")
        _ = await expectFailure(
            .timedOut, naming: [url, "timed out", "1000 ms in total"], client: fastClient(totalTimeout: .seconds(1)),
            .get(url))
    }

    @Test("a server that delays its answer trips the total timeout")
    func delayed() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/late", respond: LoopbackResponse(body: [1], delay: .seconds(3)))
        let url = server.url("/late")
        _ = await expectFailure(
            .timedOut, naming: [url, "Operation timed out"], client: fastClient(totalTimeout: .milliseconds(500)),
            .get(url))
    }

    @Test("a zero or negative total timeout times out at once instead of meaning no timeout")
    func zeroTimeout() async throws {
        let server = try LoopbackHTTPServer()
        // The answer comes after a minute: "no timeout" would succeed then, and fail the expectation.
        server.route("/late", respond: LoopbackResponse(body: [1], delay: .seconds(60)))
        for timeout in [Duration.zero, .seconds(-1)] {
            _ = await expectFailure(
                .timedOut, naming: [server.url("/late")], client: fastClient(totalTimeout: timeout),
                .get(server.url("/late")))
        }
    }

    @Test(
        "over the cap is responseTooLarge: a declared Content-Length, a streamed body as it passes, a header section",
        arguments: [
            (
                LoopbackResponse(body: [UInt8](repeating: 1, count: 5000)),
                ["maxResponseBytes (1000 bytes)", "Content-Length"]
            ),
            (
                LoopbackResponse(body: [UInt8](repeating: 1, count: 200_000), delivery: .untilClose),
                ["maxResponseBytes (1000 bytes)", "the body reached"]
            ),
            (LoopbackResponse(headers: [("X-Padding", String(repeating: "p", count: 3000))]), ["header section"]),
        ])
    func tooLarge(response: LoopbackResponse, naming fragments: [String]) async throws {
        let server = try LoopbackHTTPServer()
        server.route("/big", respond: response)
        let url = server.url("/big")
        _ = await expectFailure(
            .responseTooLarge, naming: [url] + fragments, client: fastClient(maxResponseBytes: 1000), .get(url))
    }

    @Test(
        "a request that ignores the body gets the status of an answer over the cap, no body; big headers still fail",
        arguments: [LoopbackResponse.Delivery.whole, .untilClose])
    func ignoredBody(_ delivery: LoopbackResponse.Delivery) async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/big",
            respond: LoopbackResponse(
                status: 201, headers: [("X-Kind", "large")], body: [UInt8](repeating: 1, count: 200_000),
                delivery: delivery))
        server.route("/small", respond: LoopbackResponse(status: 200, body: [1, 2, 3], delivery: delivery))
        server.route(
            "/headers", respond: LoopbackResponse(headers: [("X-Padding", String(repeating: "p", count: 3000))]))
        let client = fastClient(maxResponseBytes: 1000)
        let big = try await client.send(HTTPRequest(url: server.url("/big"), responseBody: .ignored))
        #expect(big.status == 201 && big.body.isEmpty && big.headers["X-Kind"] == "large")
        let small = try await client.send(HTTPRequest(url: server.url("/small"), responseBody: .ignored))
        #expect(small.status == 200 && small.body.isEmpty)
        _ = await expectFailure(
            .responseTooLarge, naming: ["header section"], client: client,
            HTTPRequest(url: server.url("/headers"), responseBody: .ignored))
    }

    @Test("a body exactly at the cap is accepted")
    func atCap() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/exact", respond: LoopbackResponse(body: [UInt8](repeating: 7, count: 1000)))
        let response = try await fastClient(maxResponseBytes: 1000).send(.get(server.url("/exact")))
        #expect(response.body.count == 1000)
    }

    @Test("a body shorter than its Content-Length is transportFailure, never a short body")
    func truncated() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/cut",
            respond: LoopbackResponse(body: Array(repeating: 0x41, count: 100), delivery: .truncate(afterBodyBytes: 10))
        )
        let url = server.url("/cut")
        _ = await expectFailure(.transportFailure, naming: [url, "90 bytes remaining"], .get(url))
    }

    @Test("a reset in the middle of the body is transportFailure")
    func resetMidBody() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/reset",
            respond: LoopbackResponse(body: Array(repeating: 0x41, count: 100), delivery: .reset(afterBodyBytes: 10)))
        let url = server.url("/reset")
        _ = await expectFailure(.transportFailure, naming: [url, "CURLcode"], .get(url))
    }

    @Test("a reset before any response is transportFailure")
    func resetBeforeResponse() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/reset", respond: LoopbackResponse(delivery: .resetBeforeResponse))
        let url = server.url("/reset")
        _ = await expectFailure(.transportFailure, naming: [url, "CURLcode"], .get(url))
    }

    @Test("cancelling the task stops a slow transfer with CancellationError")
    func cancellation() async throws {
        // Uncancelled, the transfer would succeed after a minute (its timeout is two), and the expectation fail.
        let (server, task) = try await slowTransferUnderWay(totalTimeout: .seconds(120))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requestCount(path: "/slow") == 1)
    }
}
