import AppStoreTesting
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

@testable import AppStoreServer

/// Online checks against a real OCSP responder (`openssl ocsp` on each CA's index, behind a loopback server): each
/// test makes its own PKI, since revocations change the indexes.
@Suite("AppStoreSignedDataVerifier online: OCSP against a real responder")
struct OCSPTests {
    /// A PKI whose certificates name the responder, and the responder serving it.
    struct Online {
        let pki: AppStorePKI
        let responder: OCSPTestResponder
        /// The clock OCSP freshness is judged on: the real time, moved by the tests.
        let ocspClock: ManualClock

        /// - Parameter ocspURL: the certificates' OCSP URL; default the responder's.
        init(ocspURL: String? = nil) throws {
            try AppStorePKI.requireOpenSSL()
            responder = try OCSPTestResponder()
            pki = try AppStorePKI(ocspURL: ocspURL ?? responder.baseURL)
            responder.serve(pki)
            ocspClock = ManualClock(Date())
        }

        func verifier(clock: any TimeSource = .system) throws -> AppStoreSignedDataVerifier {
            try AppStoreSignedDataVerifier(
                bundleID: VerifierTests.bundle, environment: .sandbox, appAppleID: nil,
                roots: [try AppStoreRootCertificate(derRepresentation: pki.root)], onlineChecks: true,
                http: CurlHTTPClient(configuration: .init(totalTimeout: .seconds(5), connectTimeout: .seconds(2))),
                clock: clock, ocspClock: ocspClock)
        }

        func transaction() throws -> String { try pki.sign(VerifierTests.transaction()) }
    }

    @Test("good: verified at the current time, both certificates asked once, then answered from the cache")
    func good() async throws {
        let online = try Online()
        let verifier = try online.verifier()
        let report = await verifier.explain(try online.transaction(), kind: .transaction)
        #expect(report.isVerified, "\(String(describing: report.error))")
        #expect(report.validationTimeSource == .now)
        let checks = try #require(report.ocsp)
        #expect(checks.map(\.certificate.role) == [.leaf, .intermediate])
        #expect(checks.map(\.status) == [.good, .good])
        #expect(checks.map(\.cached) == [false, false])
        #expect(checks[0].responder == online.responder.baseURL + "/intermediate")
        #expect(checks[1].responder == online.responder.baseURL + "/root")
        #expect(checks.allSatisfy { $0.nextUpdate != nil && $0.thisUpdate != nil })
        #expect(online.responder.requestCount("intermediate") == 1)
        #expect(online.responder.requestCount("root") == 1)
        let again = await verifier.explain(try online.transaction(), kind: .transaction)
        #expect(again.isVerified)
        #expect(again.ocsp?.map(\.cached) == [true, true])
        #expect(online.responder.totalRequests == 2)
        // The request is what RFC 6960 appendix A.1 says: a POST of the DER request.
        let request = try #require(online.responder.server.requests(path: "/intermediate").first)
        #expect(request.method == "POST")
        #expect(request.header("Content-Type") == "application/ocsp-request")
    }

    @Test("a revoked leaf is rejected as certificateRevoked, naming it, the responder and the revocation")
    func revokedLeaf() async throws {
        let online = try Online()
        try online.pki.revoke("leaf", by: "intermediate")
        await VerifierTests.expectRejected(
            .certificateRevoked,
            naming: ["the leaf (", "CN=Gatehouse Test Receipt Signing", "revoked since", "/intermediate"]
        ) {
            _ = try await online.verifier().verifyTransaction(online.transaction())
        }
    }

    @Test("a revoked intermediate is rejected as certificateRevoked, naming it")
    func revokedIntermediate() async throws {
        let online = try Online()
        try online.pki.revoke("intermediate", by: "root")
        let report = try await online.verifier().explain(online.transaction(), kind: .transaction)
        #expect(report.error?.code == .certificateRevoked)
        #expect(report.error?.reason.contains("the intermediate (") == true)
        #expect(report.error?.reason.contains("CN=Gatehouse Test WWDR CA") == true)
        #expect(report.ocsp?.map(\.status) == [.good, .revoked])
    }

    @Test("a leaf its issuer's responder does not know (unknown) is rejected too")
    func unknownLeaf() async throws {
        let online = try Online()
        // The intermediate's index forgets every certificate it issued.
        try Data().write(to: URL(fileURLWithPath: online.pki.path("intermediate-index.txt")))
        let report = try await online.verifier().explain(online.transaction(), kind: .transaction)
        #expect(report.error?.code == .certificateRevoked)
        #expect(report.error?.reason.contains("unknown") == true)
        #expect(report.ocsp?.first?.status == .unknown)
    }

    @Test(
        "a responder that is down, fails, answers garbage or is signed by another key: verificationUnavailable",
        arguments: [
            OCSPTestResponder.Fault.status(503), .status(404), .garbage, .wrongSigner,
        ])
    func unavailable(fault: OCSPTestResponder.Fault) async throws {
        let online = try Online()
        online.responder.setFault(fault)
        let verifier = try online.verifier()
        let report = await verifier.explain(try online.transaction(), kind: .transaction)
        #expect(report.error?.code == .verificationUnavailable, "\(String(describing: report.error))")
        #expect(report.error?.reason.contains("neither verified nor rejected") == true)
        #expect(report.ocsp?.allSatisfy { $0.status == .unavailable && $0.problem != nil } == true)
        // An unavailable answer is not kept: once the responder is back, the next verification asks again.
        online.responder.setFault(.none)
        let again = await verifier.explain(try online.transaction(), kind: .transaction)
        #expect(again.isVerified, "\(String(describing: again.error))")
        #expect(online.responder.totalRequests == 4)
    }

    @Test("a responder that is not listening: verificationUnavailable, naming the connection failure")
    func responderDown() async throws {
        // A port this process holds without listening (`LoopbackHTTPServer.unusedPort()`): a stopped server's port
        // may be another test's server at once (the tests run in parallel), which answered 404 in a run here.
        let down = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())"
        let online = try Online(ocspURL: down)
        await VerifierTests.expectRejected(
            .verificationUnavailable, naming: ["the responder could not be asked", down]
        ) {
            _ = try await online.verifier().verifyTransaction(online.transaction())
        }
    }

    @Test("a cached answer past its nextUpdate is never used: the next verification fetches a fresh one")
    func staleRefetched() async throws {
        let online = try Online()
        online.responder.setValidity(.minutes(1))
        let verifier = try online.verifier()
        let first = await verifier.explain(try online.transaction(), kind: .transaction)
        #expect(first.isVerified, "\(String(describing: first.error))")
        #expect(online.responder.totalRequests == 2)
        // The clock is set from the answers themselves, however long the machine took to produce them.
        let nextUpdate = try #require(first.ocsp?.compactMap(\.nextUpdate).min())
        // Within nextUpdate: from the cache.
        online.ocspClock.set(nextUpdate.addingTimeInterval(-1))
        #expect(
            await verifier.explain(try online.transaction(), kind: .transaction).ocsp?.map(\.cached) == [true, true])
        #expect(online.responder.totalRequests == 2)
        // Past it: asked again, and the fresh answer (good for a day now) is used and kept.
        online.ocspClock.set(nextUpdate.addingTimeInterval(1))
        online.responder.setValidity(.days(1))
        let refetched = await verifier.explain(try online.transaction(), kind: .transaction)
        #expect(refetched.isVerified, "\(String(describing: refetched.error))")
        #expect(refetched.ocsp?.map(\.cached) == [false, false])
        #expect(online.responder.totalRequests == 4)
    }

    @Test("a response already past its nextUpdate when it arrives is not used: verificationUnavailable, stale")
    func staleOnArrival() async throws {
        let online = try Online()
        online.responder.setValidity(.minutes(1))
        // An hour ahead of the real clock: every answer made in the next 59 minutes is stale on arrival.
        online.ocspClock.set(Date().addingTimeInterval(3600))
        await VerifierTests.expectRejected(.verificationUnavailable, naming: ["stale", "nextUpdate"]) {
            _ = try await online.verifier().verifyTransaction(online.transaction())
        }
    }

    @Test("a response without nextUpdate is used once and not kept")
    func unboundedNotCached() async throws {
        let online = try Online()
        online.responder.setValidity(.unbounded)
        let verifier = try online.verifier()
        #expect(await verifier.explain(try online.transaction(), kind: .transaction).isVerified)
        #expect(await verifier.explain(try online.transaction(), kind: .transaction).isVerified)
        #expect(online.responder.totalRequests == 4)
    }

    @Test("50 concurrent verifications make one OCSP request per certificate")
    func concurrentShareOneRequest() async throws {
        let online = try Online()
        let verifier = try online.verifier()
        let signed = try online.transaction()
        let verified = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { (try? await verifier.verifyTransaction(signed)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(verified == 50)
        #expect(online.responder.requestCount("intermediate") == 1)
        #expect(online.responder.requestCount("root") == 1)
    }

    @Test("online, a leaf expired now but valid at signedDate is refused; offline the same data verifies")
    func expiredLeafOnline() async throws {
        let online = try Online()
        // signedDate 2021-06-01, inside the expired leaf's validity (2021 to 2022).
        let payload = VerifierTests.transaction(signedDate: 1_622_505_600_000)
        let signed = try online.pki.sign(
            payload, x5c: [online.pki.expiredLeaf, online.pki.intermediate, online.pki.root],
            key: online.pki.expiredLeafKey)
        await VerifierTests.expectRejected(.certificateExpired, naming: ["the leaf", "the current time"]) {
            _ = try await online.verifier().verifyTransaction(signed)
        }
        #expect(online.responder.totalRequests == 0)
        let offline = try VerifierTests.verifier(online.pki)
        _ = try await offline.verifyTransaction(signed)
    }

    @Test("a notification's nested data is checked online too, sharing the cached answers")
    func nestedOnline() async throws {
        let online = try Online()
        let verifier = try online.verifier()
        let signed = try online.pki.sign(VerifierTests.notification(online.pki))
        let report = await verifier.explain(signed, kind: .notification)
        #expect(report.isVerified, "\(String(describing: report.error))")
        #expect(report.nested.count == 2)
        #expect(report.nested.allSatisfy { $0.report.ocsp?.map(\.status) == [.good, .good] })
        #expect(online.responder.totalRequests == 2)
    }
}
