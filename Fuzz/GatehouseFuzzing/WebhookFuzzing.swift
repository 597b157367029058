import MicroHTTPServer
import ReviewLog
import ReviewWebhooks

/// The webhook target: `review serve`'s request handling (`WebhookGate`: route, size, signature, payload) over a
/// request made from the input. The input is header lines (`Name: value`, one per line) up to the first empty line,
/// then the body. When the first byte is odd, a correct `x-apple-signature` for the body is added, so the fuzzer
/// reaches the payload reader too. Invariants: nothing over 64 KiB, and nothing unsigned, is ever stored or
/// acknowledged; a stored delivery has an id and a state-change one a version id.
enum WebhookFuzzing {
    private static let secret = Array("fuzzing secret".utf8)
    private static let now = Timestamp(secondsSince1970: 1_700_000_000)

    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        var headEnd = bytes.count
        var bodyStart = bytes.count
        for index in bytes.indices.dropLast() where bytes[index] == 10 && bytes[index + 1] == 10 {
            headEnd = index
            bodyStart = index + 2
            break
        }
        var headers: [HTTPServerHeader] = []
        for line in bytes[..<headEnd].split(separator: 10) {
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { continue }
            headers.append(
                HTTPServerHeader(String(text[..<colon]), String(text[text.index(after: colon)...].drop { $0 == " " })))
        }
        let body = Array(bytes[bodyStart...])
        let signed = bytes.first.map { $0 & 1 == 1 } ?? false
        if signed, let header = try? ASCWebhookSignature.header(for: body, secret: secret) {
            headers.append(HTTPServerHeader("X-Apple-Signature", header))
        }
        let request = HTTPServerRequest(
            method: "POST", path: WebhookGate.deliveryPath, headers: headers, body: body)
        _ = WebhookGate.admit(request)
        let decision = WebhookGate.decide(request, secret: secret, receivedAt: now)
        let verified = ASCWebhookSignature.isValid(
            request.header(ASCWebhookSignature.headerName), body: body, secret: secret)
        switch decision {
        case .answer(let response):
            guard (400...499).contains(response.status) || response.status == 200 else {
                fatalError("webhook: unexpected status \(response.status)")
            }
        case .store(let delivery):
            guard verified, body.count <= WebhookGate.maximumBodyBytes, !delivery.id.isEmpty else {
                fatalError("webhook: stored a delivery that is unsigned, oversized or without an id")
            }
            if case .stateChange(let versionID, _, let newValue) = delivery.kind {
                guard !versionID.isEmpty, !newValue.isEmpty else { fatalError("webhook: state change without values") }
                _ = delivery.at.iso8601
            }
        case .acknowledge(let type, let id):
            guard verified, !type.isEmpty, !id.isEmpty else { fatalError("webhook: acknowledged an unsigned body") }
        }
    }
}
