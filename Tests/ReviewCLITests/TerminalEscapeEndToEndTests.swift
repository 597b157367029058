import Foundation
import GatehouseTesting
import Testing

/// Issue 20 item 5 through the built binaries: the bytes `review` and `jwtcheck` write to standard output and standard
/// error, and `review serve`'s log, hold no terminal control from a stored, given or remote value.
@Suite("Terminal escapes through the built review and jwtcheck")
struct TerminalEscapeEndToEndTests {
    @Test("timeline and edit show a hostile note escaped; a hostile argument's error too; --json exact")
    func review() throws {
        let directory = try TemporaryDirectory()
        let environment = ["REVIEW_DB": directory.file("review.sqlite3").path, "TZ": "UTC"]
        func run(_ arguments: [String]) throws -> ProcessRunner.Result {
            try ProcessRunner.run("review", arguments, environment: environment)
        }
        #expect(try run(["log", "Fokus", "in-review", "--version", "1.0", "--note", Hostile.text]).status == 0)
        let timeline = try run(["timeline", "Fokus"])
        #expect(timeline.status == 0)
        Hostile.expectHarmless(timeline.standardOutput + timeline.standardError, "timeline")
        #expect(timeline.standardOutput.contains(Hostile.shown), "\(timeline.standardOutput)")
        let edited = try run(["edit", "1", "--note", "b\u{9B}2J"])
        Hostile.expectHarmless(edited.standardOutput, "edit")
        let json = try run(["timeline", "Fokus", "--json"])
        Hostile.expectHarmless(json.standardOutput, "timeline --json")
        #expect(json.standardOutput.contains(#""note": "b\u009b2J""#), "\(json.standardOutput)")
        let refused = try run(["log", "Fo\u{9B}kus\u{1B}[2J", "in-review", "--version", "1.0"])
        #expect(refused.status == 64)
        Hostile.expectHarmless(refused.standardError, "log's refusal")
        #expect(refused.standardError.contains(#"Fo\u009bkus\u001b[2J"#), "\(refused.standardError)")
        let unknown = try run(["--x\(Hostile.text)"])
        #expect(unknown.status == 64)
        Hostile.expectHarmless(unknown.standardError, "an unknown option")
        #expect(unknown.standardError.contains(Hostile.shown), "\(unknown.standardError)")
    }

    @Test("jwtcheck: an unknown command and a missing file echo the argument escaped")
    func jwtcheck() throws {
        for arguments in [["frob\(Hostile.text)"], ["decode", "@/nonexistent/\(Hostile.text)"]] {
            let result = try ProcessRunner.run("jwtcheck", arguments)
            #expect(result.status != 0)
            Hostile.expectHarmless(result.standardOutput + result.standardError, "\(arguments)")
            #expect(result.standardError.contains(#"\u001b[2J"#), "\(arguments): \(result.standardError)")
        }
    }

    @Test("sync skips a 300-character name and a version, build or state with ESC, warning with them escaped")
    func sync() throws {
        var state = FakeASCState()
        state.apps = [
            .init(id: "1000000001", name: "Fokus", bundleID: "com.example.fokus"),
            .init(id: "1000000002", name: String(repeating: "L", count: 300), bundleID: "com.example.long"),
        ]
        state.versions = [
            .init(id: "v-ok", appID: "1000000001", versionString: "2.3"),
            .init(id: "v-esc", appID: "1000000001", versionString: "2.4\u{1B}[2J"),
            .init(id: "v-state", appID: "1000000001", versionString: "2.5", appVersionState: "IN_\u{9B}REVIEW"),
            .init(id: "v-build", appID: "1000000001", versionString: "2.6", build: .init(id: "b", version: "7\u{7F}")),
            .init(id: "v-long", appID: "1000000002", versionString: "1.0"),
        ]
        let harness = try SyncHarness(state: state)
        let synced = try harness.review(["sync"])
        #expect(synced.status == 0, "\(synced.standardError)")
        Hostile.expectHarmless(synced.standardOutput + synced.standardError, "sync")
        #expect(synced.standardError.contains(#"2.4\u001b[2J"#), "\(synced.standardError)")
        #expect(synced.standardError.contains(#"IN_\u009bREVIEW"#) && synced.standardError.contains(#"7\u007f"#))
        #expect(synced.standardError.contains("1000000002") && synced.standardError.contains("300 characters"))
        #expect(synced.standardOutput.contains("1 app synced, 1 state change recorded"), "\(synced.standardOutput)")
        let status = try harness.review(["status", "--all", "--json"])
        #expect(status.standardOutput.contains("\"2.3\"") && !status.standardOutput.contains("2.4"))
        let json = try harness.review(["sync", "--json"])
        Hostile.expectHarmless(json.standardOutput + json.standardError, "sync --json")
    }

    @Test("webhook list shows the API's id and URL escaped, text and --json")
    func webhookList() throws {
        var state = FakeASCState()
        state.apps = [.init(id: "1000000001", name: "Fokus", bundleID: "com.example.fokus")]
        let harness = try SyncHarness(state: state)
        let created = try harness.review([
            "webhook", "create", "--app", "Fokus", "--url", "https://hooks.example.com/webhooks/app-store-connect",
        ])
        #expect(created.status == 0, "\(created.standardError)")
        var count = 0
        harness.fake.update { count = $0.webhooks.count }
        try #require(count == 1)
        harness.fake.update {
            $0.webhooks[0].id = "wh\(Hostile.text)"
            $0.webhooks[0].url = "https://x.example/\(Hostile.text)"
            $0.webhooks[0].eventTypes = ["A\u{9B}"]
        }
        let text = try harness.review(["webhook", "list"])
        #expect(text.status == 0, "\(text.standardError)")
        Hostile.expectHarmless(text.standardOutput, "webhook list")
        #expect(text.standardOutput.contains("wh" + Hostile.shown), "\(text.standardOutput)")
        let json = try harness.review(["webhook", "list", "--json"])
        Hostile.expectHarmless(json.standardOutput, "webhook list --json")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
        #expect(OutputEscapingTests.strings(in: object).contains("https://x.example/\(Hostile.text)"))
    }

    @Test("serve's log shows a hostile method and path escaped; its --json log is exact and harmless")
    func serveLog() throws {
        for json in [false, true] {
            let harness = try ServeHarness()
            let name = json ? "serve-json" : "serve-text"
            let server = try harness.start(name, arguments: json ? ["--json"] : [])
            _ = try RawHTTPConnection.send(
                port: server.port, method: "P\u{9B}2J\u{7F}OST", path: "/x\u{1B}[2J", body: [])
            _ = try RawHTTPConnection.send(port: server.port, method: "GET", path: "/y%1B%5B2J\u{9B}", body: [])
            #expect(harness.stop(server) == 0)
            let log = harness.sync.output(name).standardError
            Hostile.expectHarmless(log, "serve's log")
            // libmicrohttpd decodes the path's %1B; both logs show it and the method's C1 and DEL escaped.
            #expect(log.contains(#"/y\u001b[2J\u009b"#) && log.contains(#"P\u009b2J\u007fOST"#), "\(log)")
            if json {
                let line = try #require(log.split(separator: "\n").first { $0.contains("OST") })
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(
                    object["method"] as? String == "P\u{9B}2J\u{7F}OST" && object["path"] as? String == "/x\u{1B}[2J")
            }
        }
    }
}
