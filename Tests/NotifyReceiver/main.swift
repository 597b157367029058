// gatehouse-notify-receiver: a local receiver of Gatehouse's generic webhook notifications, so `make demo` can show a
// notification delivered without the network. It runs the test suite's `LoopbackHTTPServer` (GatehouseTesting: real
// HTTP on 127.0.0.1), checks each delivery's `X-Gatehouse-Signature` with `GatehouseWebhookSignature` (ReviewNotify) and the
// secret file as `review` reads it, prints one line per delivery, and answers 200 for a valid signature and 401 for
// a missing or wrong one. Test support, not a product: it is never installed.
//
// USAGE: gatehouse-notify-receiver --secret-file FILE [--url-file FILE] [--lifetime SECONDS]
//
//   --secret-file FILE  the shared secret (one trailing newline removed), as given to `review notify add webhook`
//   --url-file FILE     also writes the receiver's URL (…/hook) to FILE (whole, under a temporary name then renamed)
//   --lifetime S        stops by itself after S seconds (default 120, at most 3600)
//
// Exit status: 0 after a stop (signal or lifetime), 64 for a usage error, 66 for an unreadable secret file, 69 when
// no port can be bound on 127.0.0.1, 73 when the URL file cannot be written.
import Foundation
import GatehouseTesting
import ReviewNotify

#if canImport(Glibc)
    import Glibc
#endif

let process = StandInProcess(
    name: "gatehouse-notify-receiver",
    usage: "usage: gatehouse-notify-receiver --secret-file FILE [--url-file FILE] [--lifetime SECONDS]")
let options = process.options(["--secret-file", "--url-file", "--lifetime"])
let lifetime = process.lifetime(options)
guard let secretPath = options["--secret-file"] else {
    process.fail(64, "--secret-file is required\n\(process.usage)")
}
guard let secretData = FileManager.default.contents(atPath: secretPath) else {
    process.fail(66, "cannot read the secret file \(secretPath)")
}
let key = GatehouseWebhookSignature.key(fromFileBytes: [UInt8](secretData))

let server: LoopbackHTTPServer
do {
    server = try LoopbackHTTPServer(lifetime: .seconds(lifetime + 5))
} catch {
    process.fail(69, "cannot listen on 127.0.0.1: \(error)")
}
server.route("/hook") { request in
    let id = request.header(GatehouseWebhookSignature.eventIDHeaderName) ?? "?"
    guard let signature = request.header(GatehouseWebhookSignature.headerName),
        GatehouseWebhookSignature.isValid(headerValue: signature, body: request.body, key: key)
    else {
        process.say(
            "refused delivery \(id): \(request.header(GatehouseWebhookSignature.headerName) == nil ? "unsigned" : "wrong signature") (401)"
        )
        return .text("signature does not match\n", status: 401)
    }
    let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
    process.say("delivery \(id), signature valid: \(object["text"] as? String ?? request.bodyText)")
    return .text("ok\n")
}

let url = server.url("/hook")
process.say("listening at \(url) (until SIGTERM, or for \(lifetime) s)")
if let urlFile = options["--url-file"] { process.writeURLFile(url, to: urlFile) }

let signalled = process.waitForStop(lifetime: lifetime)
server.stop()
let count = server.requestCount(path: "/hook")
process.say("stopped (\(signalled ? "signal" : "lifetime over")) after \(count) deliver\(count == 1 ? "y" : "ies")")
exit(0)
