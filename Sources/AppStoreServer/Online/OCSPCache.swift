internal import GatehouseCore
import GatehouseFoundation
import GatehouseHTTP
import JWT

/// The online check's answers, shared by every verification of one verifier: each certificate's OCSP status
/// fetched from the responder its certificate names, cached until the response's `nextUpdate` (at most 24 hours,
/// never past the certificate's `notAfter`, never when the response gives no `nextUpdate`), with one request in
/// flight per certificate however many verifications ask at once. Only good, revoked and unknown answers are cached:
/// an unavailable one is asked again by the next verification. Freshness is judged on `clock`, the real clock in
/// production, never on the validation time a caller chose.
actor OCSPCache {
    /// The longest an answer is kept.
    static let maxAge: TimeInterval = 86_400
    /// The most answers kept (Apple has a handful of intermediates and a leaf a year).
    static let capacity = 256

    private struct Key: Hashable {
        let certificate: [UInt8]
        let issuer: [UInt8]
    }

    private struct Entry {
        let check: OCSPCheck
        let expires: Date
    }

    /// An answer fetched, and until when it may be kept (nil: not at all).
    struct Fetched: Sendable {
        let check: OCSPCheck
        let expires: Date?
    }

    private let http: any HTTPFetching
    private let clock: any TimeSource
    private var entries: [Key: Entry] = [:]
    private var inFlight: [Key: Task<Fetched, Never>] = [:]

    init(http: any HTTPFetching, clock: any TimeSource) {
        self.http = http
        self.clock = clock
    }

    /// The status of `certificate`, from the cache while fresh, otherwise from its responder (joining a request
    /// already in flight for it).
    func status(
        of certificate: X509Certificate, issuer: X509Certificate, role: ChainCertificate.Role, trust: TrustStore
    ) async -> OCSPCheck {
        let key = Key(certificate: certificate.der, issuer: issuer.der)
        if let entry = entries[key] {
            if clock.now() < entry.expires { return entry.check.fromCache() }
            entries[key] = nil
        }
        if let running = inFlight[key] { return await running.value.check }
        let (http, clock) = (self.http, self.clock)
        let task = Task.detached {
            await Self.fetch(certificate, issuer: issuer, role: role, trust: trust, http: http, clock: clock)
        }
        inFlight[key] = task
        let fetched = await task.value
        inFlight[key] = nil
        if let expires = fetched.expires {
            if entries.count >= Self.capacity { evict() }
            entries[key] = Entry(check: fetched.check, expires: expires)
        }
        return fetched.check
    }

    /// Drops the expired answers, then the one expiring first when none has.
    private func evict() {
        let now = clock.now()
        entries = entries.filter { $0.value.expires > now }
        if entries.count >= Self.capacity, let first = entries.min(by: { $0.value.expires < $1.value.expires }) {
            entries[first.key] = nil
        }
    }

    /// One exchange with the certificate's responder.
    private static func fetch(
        _ certificate: X509Certificate, issuer: X509Certificate, role: ChainCertificate.Role, trust: TrustStore,
        http: any HTTPFetching, clock: any TimeSource
    ) async -> Fetched {
        let summary = ChainCertificate(certificate, role: role)
        func unavailable(_ responder: String?, _ problem: String) -> Fetched {
            Fetched(
                check: OCSPCheck(
                    certificate: summary, responder: responder, status: .unavailable, thisUpdate: nil,
                    nextUpdate: nil, revocationTime: nil, revocationReason: nil, cached: false, problem: problem),
                expires: nil)
        }
        // RFC 5280 section 4.2.2.1: the responder is named in the certificate's Authority Information Access.
        guard let responder = certificate.ocspResponderURLs.first else {
            return unavailable(nil, "the certificate names no OCSP responder (no Authority Information Access)")
        }
        guard let body = OCSPExchange.request(for: certificate, issuer: issuer) else {
            return unavailable(responder, "OpenSSL could not make the OCSP request")
        }
        let response: HTTPResponse
        do {
            response = try await http.send(.ocsp(url: responder, body: body))
        } catch let error as HTTPError {
            return unavailable(responder, "the responder could not be asked: \(error.reason)")
        } catch {
            return unavailable(responder, "the responder could not be asked: \(error)")
        }
        guard (200..<300).contains(response.status) else {
            return unavailable(responder, "the responder answered HTTP \(response.status)")
        }
        let now = clock.now()
        switch OCSPExchange.answer(response.body, for: certificate, issuer: issuer, trust: trust, now: now) {
        case .failure(let problem):
            return unavailable(responder, problem.text)
        case .success(let answer):
            let check = OCSPCheck(
                certificate: summary, responder: responder, status: answer.status, thisUpdate: answer.thisUpdate,
                nextUpdate: answer.nextUpdate, revocationTime: answer.revocationTime,
                revocationReason: answer.revocationReason, cached: false, problem: nil)
            // RFC 5019 section 6.2: a response may be cached until its nextUpdate; without one, not at all.
            let expires = answer.nextUpdate.map { next in
                min(next, now.addingTimeInterval(maxAge), certificate.notAfter ?? now)
            }
            return Fetched(check: check, expires: expires.flatMap { $0 > now ? $0 : nil })
        }
    }
}

extension OCSPCheck {
    /// The same answer, marked as from the cache.
    fileprivate func fromCache() -> OCSPCheck {
        OCSPCheck(
            certificate: certificate, responder: responder, status: status, thisUpdate: thisUpdate,
            nextUpdate: nextUpdate, revocationTime: revocationTime, revocationReason: revocationReason, cached: true,
            problem: problem)
    }
}
