internal import COpenSSL
import GatehouseFoundation
import JWT

/// One OCSP question and its answer, in OpenSSL (RFC 6960): the request for one certificate, and the response read,
/// its signature verified and the certificate's status found in it.
enum OCSPExchange {
    /// What a responder said of one certificate, once its response verified.
    struct Answer: Sendable {
        /// good, revoked or unknown (RFC 6960 section 2.2).
        let status: OCSPCheck.Status
        /// When the status was known to be correct.
        let thisUpdate: Date
        /// When newer information will be available; nil when the responder does not say (always newer).
        let nextUpdate: Date?
        /// When the certificate was revoked.
        let revocationTime: Date?
        /// Why (RFC 5280 section 5.3.1's CRLReason), in OpenSSL's words.
        let revocationReason: String?
    }

    /// How far a response's `thisUpdate` may be ahead of this machine's clock (clock skew between the two).
    static let allowedSkew: TimeInterval = 300

    /// The DER `OCSPRequest` for `certificate`, issued by `issuer`: one CertID hashed with SHA-1 (RFC 5019 section
    /// 2.1.1, the lightweight profile every responder serves), no nonce (RFC 5019 section 2.1: responses may be
    /// produced in advance, which a nonce would defeat), unsigned.
    /// - Returns: the bytes, or nil when OpenSSL cannot make the request.
    static func request(for certificate: X509Certificate, issuer: X509Certificate) -> [UInt8]? {
        defer { OpenSSLError.clear() }
        guard let request = OCSP_REQUEST_new() else { return nil }
        defer { OCSP_REQUEST_free(request) }
        guard let id = OCSP_cert_to_id(EVP_sha1(), certificate.pointer, issuer.pointer) else { return nil }
        guard OCSP_request_add0_id(request, id) != nil else {
            OCSP_CERTID_free(id)
            return nil
        }
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_OCSP_REQUEST(request, &output)
        guard count > 0, let output else { return nil }
        defer { gatehouse_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(count)))
    }

    /// Reads a DER `OCSPResponse` and finds `certificate`'s status in it.
    ///
    /// The response must be `successful`, its signature must verify under the issuer or a responder the issuer
    /// delegated to (RFC 6960 section 4.2.2.2, `OCSP_basic_verify`, the signer's chain to a trusted root at the
    /// current time), it must answer for this certificate, and it must be fresh at `now` (`thisUpdate` not ahead of
    /// it by more than the skew, `nextUpdate` not past: RFC 5019 section 4; a stale response is never used).
    /// - Parameters:
    ///   - body: the response's body.
    ///   - certificate: the certificate asked about.
    ///   - issuer: its issuer.
    ///   - trust: the verifier's roots.
    ///   - now: the current time (the real clock's).
    /// - Returns: the answer, or why the response cannot be used.
    static func answer(
        _ body: [UInt8], for certificate: X509Certificate, issuer: X509Certificate, trust: TrustStore, now: Date
    ) -> Result<Answer, Problem> {
        defer { OpenSSLError.clear() }
        var consumed = 0
        let parsed: OpaquePointer? = body.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            let response = d2i_OCSP_RESPONSE(nil, &cursor, buffer.count)
            consumed = cursor.map { $0 - base } ?? 0
            return response
        }
        guard let response = parsed else {
            return .failure(Problem("the body (\(body.count) bytes) is not a DER OCSP response"))
        }
        defer { OCSP_RESPONSE_free(response) }
        guard consumed == body.count else {
            return .failure(Problem("the body has \(body.count - consumed) bytes after the DER OCSP response"))
        }
        let responseStatus = OCSP_response_status(response)
        guard responseStatus == OCSP_RESPONSE_STATUS_SUCCESSFUL else {
            let name = String(cString: OCSP_response_status_str(Int(responseStatus)))
            return .failure(Problem("the responder answered \(name) (OCSPResponseStatus \(responseStatus))"))
        }
        guard let basic = OCSP_response_get1_basic(response) else {
            return .failure(Problem("the response is not a basic OCSP response (RFC 6960 section 4.2.1)"))
        }
        defer { OCSP_BASICRESP_free(basic) }
        guard let untrusted = gatehouse_sk_X509_new_null() else {
            return .failure(Problem("OpenSSL could not make a certificate list"))
        }
        defer { gatehouse_sk_X509_free(untrusted) }
        _ = gatehouse_sk_X509_push(untrusted, issuer.pointer)
        let verified = trust.withStore { store in OCSP_basic_verify(basic, untrusted, store, 0) }
        guard verified == 1 else {
            return .failure(
                Problem(
                    "the response's signature does not verify under the issuer or a responder it delegated to ("
                        + OpenSSLError.drain() + ")"))
        }
        guard let id = OCSP_cert_to_id(EVP_sha1(), certificate.pointer, issuer.pointer) else {
            return .failure(Problem("OpenSSL could not make the certificate's OCSP id"))
        }
        defer { OCSP_CERTID_free(id) }
        var status: Int32 = -1
        var reason: Int32 = -1
        var revoked: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        guard OCSP_resp_find_status(basic, id, &status, &reason, &revoked, &thisUpdate, &nextUpdate) == 1 else {
            return .failure(Problem("the response does not answer for this certificate"))
        }
        guard let thisDate = X509Certificate.date(asn1: thisUpdate) else {
            return .failure(Problem("the response's thisUpdate cannot be read"))
        }
        let nextDate = X509Certificate.date(asn1: nextUpdate)
        if nextUpdate != nil && nextDate == nil {
            return .failure(Problem("the response's nextUpdate cannot be read"))
        }
        if thisDate.timeIntervalSince(now) > allowedSkew {
            return .failure(
                Problem(
                    "the response's thisUpdate \(ISO8601.text(thisDate)) is ahead of this machine's clock "
                        + "(\(ISO8601.text(now))) by more than \(Int(allowedSkew)) s"))
        }
        if let nextDate, nextDate < now {
            return .failure(
                Problem(
                    "the response is stale: its nextUpdate \(ISO8601.text(nextDate)) is before now "
                        + "(\(ISO8601.text(now)))"))
        }
        let answer: OCSPCheck.Status
        switch status {
        case V_OCSP_CERTSTATUS_GOOD: answer = .good
        case V_OCSP_CERTSTATUS_REVOKED: answer = .revoked
        case V_OCSP_CERTSTATUS_UNKNOWN: answer = .unknown
        default: return .failure(Problem("the response gives the status \(status), which RFC 6960 does not define"))
        }
        return .success(
            Answer(
                status: answer, thisUpdate: thisDate, nextUpdate: nextDate,
                revocationTime: answer == .revoked ? X509Certificate.date(asn1: revoked) : nil,
                revocationReason: answer == .revoked && reason >= 0
                    ? String(cString: OCSP_crl_reason_str(Int(reason))) : nil))
    }

    /// Why a response cannot be used.
    struct Problem: Error, Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
