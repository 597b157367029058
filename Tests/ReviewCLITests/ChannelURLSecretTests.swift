import Foundation
import GatehouseTesting
import ReviewLog
import Synchronization
import Testing

/// Issue 20, item 8: a channel URL's secrets (its `user:password@`, a token, key or signature in its query, the path
/// of a Slack or Discord URL) are shown by no output of `review notify`, `log` or `flush`: text, `--json`, errors and
/// the warnings of failed deliveries, through the built binary against a loopback receiver.
@Suite("Channel URLs: no output shows their user part, query or path")
struct ChannelURLSecretTests {
    /// The secrets of the channel URLs below.
    static let secrets = ["Kx7wUsr9", "S3cretPW", "T0kenV4lue", "S1gn4ture", "Fragm3nt"]

    /// Whether `text` shows any secret, or any four characters of one.
    static func leaked(_ text: String) -> String? {
        for secret in secrets {
            let characters = Array(secret)
            for start in 0...(characters.count - 4) where text.contains(String(characters[start..<start + 4])) {
                return secret
            }
        }
        return nil
    }

    static func expectMasked(
        _ result: ProcessRunner.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let printed = result.standardOutput + result.standardError
        #expect(
            leaked(printed) == nil, "\(what) showed \(leaked(printed) ?? ""): \(printed)",
            sourceLocation: sourceLocation)
    }

    @Test("notify add, list, test, remove and flush, log's warnings, text and --json: the URL's secrets never shown")
    func everyOutput() throws {
        let review = try ReviewRun()
        let server = try LoopbackHTTPServer()
        let up = Mutex(false)
        server.route("/hook") { _ in up.withLock { $0 } ? .text("ok") : .text("no", status: 503) }
        let base = server.baseURL.replacing("://", with: "://Kx7wUsr9:S3cretPW@")
        let urls = [
            base + "/hook?token=T0kenV4lue&sig=S1gn4ture",
            base + "/hook?key=T0kenV4lue#Fragm3nt",
            server.url("/hook?api-version=1&sig=S1gn4ture"),
        ]
        for (index, url) in urls.enumerated() {
            for json in [[], ["--json"]] {
                let added = try review(["notify", "add", "webhook", url] + json)
                #expect(added.status == 0, "\(added)")
                Self.expectMasked(added, "notify add \(index) \(json)")
            }
        }
        let shown = try review(["notify", "list"])
        #expect(shown.standardOutput.contains(server.baseURL.replacing("://", with: "://***@") + "/…?…"), "\(shown)")
        let logged = try review(["log", "Fokus", "in-review", "--version", "2.3"])
        #expect(logged.status == 0 && logged.standardError.contains("answered 503"), "\(logged)")
        Self.expectMasked(logged, "log's delivery warnings")
        var results = [
            ("notify list", try review(["notify", "list"])), ("list --json", try review(["notify", "list", "--json"])),
        ]
        results += [
            ("notify test", try review(["notify", "test", "1"])),
            ("test --json", try review(["notify", "test", "1", "--json"])),
        ]
        results += [
            ("flush", try review(["notify", "flush"])), ("flush --json", try review(["notify", "flush", "--json"])),
        ]
        results += [("list after flush", try review(["notify", "list"]))]
        up.withLock { $0 = true }
        results += [
            ("notify test up", try review(["notify", "test", "2"])),
            ("flush up", try review(["notify", "flush", "--json"])),
        ]
        results += [
            ("remove", try review(["notify", "remove", "1"])),
            ("remove --json", try review(["notify", "remove", "2", "--json"])),
        ]
        for (what, result) in results { Self.expectMasked(result, what) }
        #expect(results[2].1.status == 69 && results[2].1.standardError.contains("answered 503"), "\(results[2].1)")
        #expect(results[1].1.standardOutput.contains("\"lastError\": \""), "\(results[1].1)")
        #expect(server.requestCount(path: "/hook") > 6, "the deliveries were tried")
    }

    @Test(
        "a channel URL that notify add refuses is named masked in the usage error",
        arguments: [
            "http://Kx7wUsr9:S3cretPW@example.com/hook?token=T0kenV4lue",
            "https://Kx7wUsr9:S3cretPW@0.0.0.0/services/T0kenV4lue/hook",
            "http://example.com/services/S1gn4ture/T0kenV4lue/hook",
            "https://Kx7wUsr9:S3cretPW@example.com:port/x?sig=S1gn4ture",
            "https://Kx7wUsr9:S3c/retPW@example.com/x",
        ])
    func refused(url: String) throws {
        let review = try ReviewRun()
        for json in [[], ["--json"]] {
            let result = try review(["notify", "add", "slack", url] + json)
            #expect(result.status == 64, "\(result)")
            #expect(result.standardError.contains("review: the channel URL "), "\(result.standardError)")
            Self.expectMasked(result, "notify add \(url)")
        }
    }
}
