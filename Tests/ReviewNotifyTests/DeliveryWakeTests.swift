import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Testing

/// The deliverer's wake (`review serve`'s receiver signals it after recording an event): a loop whose rounds are an
/// hour apart still delivers at once when woken, and a signal given while no one waits is kept for the next wait.
/// No assertion depends on timing: without the wake these tests would wait for an hour and hit their time limit.
@Suite("Delivery wake: a woken deliverer delivers at once, not at its next round")
struct DeliveryWakeTests {
    @Test("a signal given before the wait ends it at once, and is used up by it", .timeLimit(.minutes(1)))
    func kept() async {
        let wake = DeliveryWake()
        wake.signal()
        wake.signal()
        #expect(await wake.wait(upTo: .seconds(3600)))
        #expect(await wake.wait(upTo: .milliseconds(1)) == false, "two signals before a wait are one")
    }

    @Test("a signal ends a wait in progress", .timeLimit(.minutes(1)))
    func inProgress() async {
        let wake = DeliveryWake()
        async let woken = wake.wait(upTo: .seconds(3600))
        wake.signal()
        #expect(await woken)
    }

    @Test(
        "rounds an hour apart: a notification queued after the first round goes out as soon as the wake is signalled",
        .timeLimit(.minutes(1)), arguments: StoreKind.allCases)
    func deliverer(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook")
        try fixture.log(.waitingForReview, hoursAgo: 2)
        let wake = DeliveryWake()
        let stop = LoopbackFlag()
        let (rounds, continuation) = AsyncStream.makeStream(of: DeliveryReport.self)
        let deliverer = fixture.deliverer()
        let loop = Task {
            await deliverer.run(
                every: .seconds(3600), wake: wake, isStopped: { stop.isSet }, report: { continuation.yield($0) },
                failure: { Issue.record("store failure: \($0)") })
        }
        var reports = rounds.makeAsyncIterator()
        #expect(await reports.next()?.deliveredCount == 1, "the first round, at start")
        try fixture.log(.inReview, hoursAgo: 1)
        wake.signal()
        #expect(await reports.next()?.deliveredCount == 1, "the woken round")
        #expect(fixture.server.requestCount(path: "/hook") == 2)
        stop.set()
        await loop.value
    }
}
