import GatehouseFoundation
import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("Concurrent requests")
struct ConcurrencyTests {
    @Test("20 concurrent sends all complete with their own response")
    func twenty() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/echo") { request in .text(request.query) }
        let client = fastClient()
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let response = try await client.send(.get(server.url("/echo?n=\(index)")))
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        #expect(bodies.count == 20)
        for index in 0..<20 { #expect(bodies[index] == "n=\(index)") }
        #expect(server.requestCount(path: "/echo") == 20)
    }

    @Test("blocking transfers do not hold the concurrency pool: 20 slow answers overlap")
    func overlapping() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/slow", respond: LoopbackResponse(body: [1], delay: .seconds(3)))
        let client = fastClient()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(.get(server.url("/slow"))).status } }
            for try await status in group { #expect(status == 200) }
        }
        // Each answer takes 3 s, so requests whose transfers block one another are never answered at the same
        // moment. The server counts what it answers at once, which a busy machine's scheduling cannot fake
        // (a wall-clock bound could not tell a blocked pool from a slow machine).
        #expect(server.maxConcurrentRequests >= 10)
        #expect(server.requestCount(path: "/slow") == 20)
    }
}
