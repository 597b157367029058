// gatehouse-notify-receiver: a local receiver of Gatehouse's generic webhook notifications, so `make demo` can show a
// notification delivered without the network. It runs the test suite's `LoopbackHTTPServer` (GatehouseTesting: real
// HTTP on 127.0.0.1), checks each delivery's `X-Gatehouse-Signature` with `WebhookSignature` (ReviewNotify) and the
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

/// Writes a line to standard output at once (unbuffered: the demo shows it while the receiver runs).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data("gatehouse-notify-receiver: \(line)\n".utf8))
}

/// Writes a line to standard error and exits.
func fail(_ status: Int32, _ message: String) -> Never {
    FileHandle.standardError.write(Data("gatehouse-notify-receiver: \(message)\n".utf8))
    exit(status)
}

let usage = "usage: gatehouse-notify-receiver --secret-file FILE [--url-file FILE] [--lifetime SECONDS]"
var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard ["--secret-file", "--url-file", "--lifetime"].contains(name) else {
        fail(64, "unknown argument \(name)\n\(usage)")
    }
    guard let value = arguments.popFirst() else { fail(64, "\(name) needs a value\n\(usage)") }
    options[name] = value
}
guard let secretPath = options["--secret-file"] else { fail(64, "--secret-file is required\n\(usage)") }
guard let lifetime = Int(options["--lifetime"] ?? "120"), (1...3600).contains(lifetime) else {
    fail(64, "--lifetime takes whole seconds from 1 to 3600")
}
guard let secretData = FileManager.default.contents(atPath: secretPath) else {
    fail(66, "cannot read the secret file \(secretPath)")
}
let key = WebhookSignature.key(fromFileBytes: [UInt8](secretData))

signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
let stop = DispatchSemaphore(value: 0)
let signalSources = [SIGTERM, SIGINT].map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler { stop.signal() }
    source.resume()
    return source
}

let server: LoopbackHTTPServer
do {
    server = try LoopbackHTTPServer(lifetime: .seconds(lifetime + 5))
} catch {
    fail(69, "cannot listen on 127.0.0.1: \(error)")
}
server.route("/hook") { request in
    let id = request.header(WebhookSignature.eventIDHeaderName) ?? "?"
    guard let signature = request.header(WebhookSignature.headerName),
        WebhookSignature.isValid(headerValue: signature, body: request.body, key: key)
    else {
        say(
            "refused delivery \(id): \(request.header(WebhookSignature.headerName) == nil ? "unsigned" : "wrong signature") (401)"
        )
        return .text("signature does not match\n", status: 401)
    }
    let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
    say("delivery \(id), signature valid: \(object["text"] as? String ?? request.bodyText)")
    return .text("ok\n")
}

let url = server.url("/hook")
say("listening at \(url) (until SIGTERM, or for \(lifetime) s)")
if let urlFile = options["--url-file"] {
    let temporary = urlFile + ".tmp-\(getpid())"
    guard FileManager.default.createFile(atPath: temporary, contents: Data((url + "\n").utf8)),
        rename(temporary, urlFile) == 0
    else { fail(73, "cannot write \(urlFile)") }
}

let signalled = stop.wait(timeout: .now() + .seconds(lifetime)) == .success
server.stop()
let count = server.requestCount(path: "/hook")
say("stopped (\(signalled ? "signal" : "lifetime over")) after \(count) deliver\(count == 1 ? "y" : "ies")")
withExtendedLifetime(signalSources) {}
exit(0)
