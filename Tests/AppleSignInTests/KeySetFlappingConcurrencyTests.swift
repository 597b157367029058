import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// Fault injection for Apple's key set fetch under load: the endpoint flaps between good answers and every kind of
/// bad one while many tasks verify at once. The suite name contains "Concurrency", so `make tsan` runs it under
/// ThreadSanitizer too.
@Suite("Key set fetch flapping under concurrent load (KeySetFlappingConcurrency)")
struct KeySetFlappingConcurrencyTests {
    /// One good answer, then two bad ones, over and over; every bad kind appears.
    static func flappingAnswers() -> [LoopbackResponse] {
        let keys = AppleKeySetProviderTests.oneKey
        let good = LoopbackResponse.json(keys, headers: [("Cache-Control", "max-age=300")])
        let bad: [LoopbackResponse] = [
            .text("upstream unavailable", status: 503),
            .json(#"{"not":"a key set"}"#),
            LoopbackResponse(
                headers: [("Content-Type", "application/json")], body: Array(keys.utf8),
                delivery: .reset(afterBodyBytes: 40)),
            LoopbackResponse(
                headers: [("Content-Type", "application/json")], body: Array(keys.utf8),
                delivery: .truncate(afterBodyBytes: 40)),
            .json(#"{"keys":[]}"#),
            // http to a host that is not loopback: refused by the URL policy before it is contacted.
            .redirect(to: "http://192.0.2.1/auth/keys"),
            // One byte every 400 ms against a 4 s total timeout.
            LoopbackResponse(
                headers: [("Content-Type", "application/json")], body: Array(keys.utf8),
                delivery: .drip(interval: .milliseconds(400))),
            .text("<html>maintenance</html>", status: 200),
        ]
        var answers: [LoopbackResponse] = []
        for index in stride(from: 0, to: bad.count, by: 2) {
            answers += [good, bad[index], bad[index + 1]]
        }
        return answers
    }

    @Test("18 stale rounds of 64 concurrent verifications: all pass from the cache, one fetch per round")
    func flapping() async throws {
        let server = try LoopbackHTTPServer()
        let answers = Self.flappingAnswers()
        server.route("/auth/keys", cycling: answers)
        let clock = ManualClock()
        let client = CurlHTTPClient(
            // 4 s: long enough that a loaded CI machine still sends every request (at 1 s, 3 of 18 fetches once gave
            // up before curl had sent theirs), far shorter than the drip's whole body.
            configuration: .init(totalTimeout: .seconds(4), connectTimeout: .seconds(4), maxResponseBytes: 1 << 20))
        let provider = AppleKeySetProvider(
            http: client, configuration: .init(url: server.url("/auth/keys"), staleLimit: 86_400), clock: clock)
        let verifier = try AppleIdentityTokenVerifier(
            clientIDs: [TestKeys.clientID], keySetProvider: provider, clock: clock)
        let token = TestKeys.token()
        let forged = TestKeys.token(key: TestKeys.second, kid: "key-1")
        let rounds = 18
        for round in 0..<rounds {
            let outcomes = await withTaskGroup(of: (genuine: Bool, passed: Bool).self) { group in
                for index in 0..<64 {
                    let genuine = index % 8 != 7
                    group.addTask {
                        let passed =
                            (try? await verifier.verify(genuine ? token : forged, nonce: .insecureNotChecked)) != nil
                        return (genuine, passed)
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let answer = answers[round % answers.count]
            let failed = outcomes.filter { $0.genuine && !$0.passed }.count
            #expect(failed == 0, "round \(round) (answer status \(answer.status)): \(failed) genuine tokens refused")
            #expect(
                !outcomes.contains { !$0.genuine && $0.passed },
                "round \(round): a token signed by a key outside the set was accepted")
            let fetches = await provider.fetchCount
            #expect(fetches == round + 1, "round \(round): \(fetches) fetches; one per stale round is expected")
            // Past the 300 s freshness and the 60 s refetch interval: the next round fetches once.
            clock.advance(301)
        }
        #expect(await provider.fetchCount == rounds)
        // A fetch that gave up at the timeout (the drip) may have sent its
        // request before the loopback thread read it: the kernel accepted the connection, and the request waits in
        // the socket until that thread runs. Wait for those to be read (never past `rounds`, so an extra request
        // still fails at once), then require exactly one request per round.
        let deadline = ContinuousClock.now + .seconds(15)
        while server.requestCount(path: "/auth/keys") < rounds, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.requestCount(path: "/auth/keys") == rounds)
    }
}
