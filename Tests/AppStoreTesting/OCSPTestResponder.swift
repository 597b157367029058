import Foundation
import GatehouseTesting
import Synchronization

/// A real OCSP responder for an `AppStorePKI`: `openssl ocsp` in its responder mode, reading each CA's own index
/// (so `AppStorePKI.revoke` shows at once), run once per request on the request's DER (`-reqin`/`-respout`, since in
/// OpenSSL 3.0 `-port` would listen on every interface), behind a `LoopbackHTTPServer` that only listens on
/// loopback. `/root` answers for the certificates the root issued, `/intermediate` for the leaves.
public final class OCSPTestResponder: Sendable {
    /// How long the responses say they are good for.
    public enum Validity: Sendable, Equatable {
        /// `nextUpdate` this many minutes after `thisUpdate` (`-nmin`).
        case minutes(Int)
        /// `nextUpdate` this many days after (`-ndays`).
        case days(Int)
        /// No `nextUpdate` at all.
        case unbounded
    }

    /// What the responder sends instead of the signed response, to play a failing one.
    public enum Fault: Sendable, Equatable {
        /// The signed response.
        case none
        /// An HTTP error status.
        case status(Int)
        /// A 200 with bytes that are not an OCSP response.
        case garbage
        /// A response signed by another key than the issuer's (the PKI's other root, which the issuer never
        /// delegated to).
        case wrongSigner
    }

    /// The loopback server.
    public let server: LoopbackHTTPServer
    /// What the next responses give; shared with the server's handlers by reference (the handlers hold this and the
    /// PKI, never the responder, which owns the server: no cycle, nothing leaked).
    private let settings = Settings()

    private final class Settings: Sendable {
        let value = Mutex<(validity: Validity, fault: Fault)>((.days(1), .none))
    }

    /// Starts a server; make the PKI with `baseURL` as its OCSP URL, then `serve(_:)` it.
    public init() throws { server = try LoopbackHTTPServer() }

    /// The URL to make the PKI with.
    public var baseURL: String { server.baseURL }

    /// Answers for `pki`'s root and intermediate.
    public func serve(_ pki: AppStorePKI) {
        for ca in ["root", "intermediate"] {
            server.route("/\(ca)") { [settings] request in
                Self.answer(request, ca: ca, pki: pki, settings: settings.value.withLock { $0 })
            }
        }
    }

    /// Sets the validity the next responses give.
    public func setValidity(_ validity: Validity) { settings.value.withLock { $0.validity = validity } }

    /// Sets the fault the next responses play.
    public func setFault(_ fault: Fault) { settings.value.withLock { $0.fault = fault } }

    /// The requests answered so far for one CA ("root", "intermediate").
    public func requestCount(_ ca: String) -> Int { server.requestCount(path: "/\(ca)") }

    /// Every request so far.
    public var totalRequests: Int { requestCount("root") + requestCount("intermediate") }

    private static func answer(
        _ request: LoopbackRequest, ca: String, pki: AppStorePKI, settings: (validity: Validity, fault: Fault)
    ) -> LoopbackResponse {
        let (validity, fault) = settings
        switch fault {
        case .status(let status): return LoopbackResponse(status: status, body: Array("unavailable".utf8))
        case .garbage: return LoopbackResponse(status: 200, body: Array("<html>not OCSP</html>".utf8))
        case .none, .wrongSigner: break
        }
        let stem = UUID().uuidString
        let requestFile = pki.directory.file("\(stem).req.der")
        let responseFile = pki.directory.file("\(stem).resp.der")
        defer {
            try? FileManager.default.removeItem(at: requestFile)
            try? FileManager.default.removeItem(at: responseFile)
        }
        let signer = fault == .wrongSigner ? "other-root" : ca
        var arguments = [
            "ocsp", "-index", pki.path("\(ca)-index.txt"), "-CA", pki.path("\(ca).pem"), "-rsigner",
            pki.path("\(signer).pem"), "-rkey", pki.path("\(signer).key"), "-reqin", requestFile.path, "-respout",
            responseFile.path,
        ]
        switch validity {
        case .minutes(let minutes): arguments += ["-nmin", String(minutes)]
        case .days(let days): arguments += ["-ndays", String(days)]
        case .unbounded: break
        }
        do {
            try Data(request.body).write(to: requestFile)
            let result = try ProcessRunner.run(executableAt: pki.openssl, arguments)
            guard result.status == 0 else {
                return LoopbackResponse(status: 500, body: Array("openssl ocsp: \(result.standardError)".utf8))
            }
            return LoopbackResponse(
                status: 200, headers: [("Content-Type", "application/ocsp-response")],
                body: Array(try Data(contentsOf: responseFile)))
        } catch {
            return LoopbackResponse(status: 500, body: Array("\(error)".utf8))
        }
    }
}
