import CommandLineKit
import Foundation
import GatehouseCore
import GatehouseTesting
import Testing

@testable import ReviewCLI
@testable import ReviewLog

/// Issue 20 item 5: terminal escapes through stored text. One rule for what may be stored (`Validation`, on every
/// path a value enters by), and one writer for what reaches a terminal or a log (`TerminalText`, under every
/// command's output and `review serve`'s log), with every `--json` escaping C0, DEL and C1.
enum Hostile {
    /// ESC [ 2 J (clear the screen), CSI (U+009B) 31m, CR, BEL and DEL.
    static let text = "ok\u{1B}[2J\u{9B}31m\r\u{07}\u{7F}end"
    /// How `text` is shown.
    static let shown = #"ok\u001b[2J\u009b31m\u000d\u0007\u007fend"#

    /// Expects `text` to hold no control character but line feeds (the output's own layout).
    static func expectNoRawControl(
        _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let raw = text.unicodeScalars.filter { $0 != "\n" && ControlCharacters.isControl($0) }
        #expect(
            raw.isEmpty, "\(what) wrote raw \(raw.map { "U+\(String($0.value, radix: 16))" }): \(text)",
            sourceLocation: sourceLocation)
    }

    /// Expects the bytes a process wrote to hold no ESC, C1 (UTF-8 C2 80-9F), CR, BEL or DEL.
    static func expectHarmless(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectNoRawControl(text, what, sourceLocation: sourceLocation)
        let bytes = Array(text.utf8)
        let bad = bytes.enumerated().contains { index, byte in
            [0x1B, 0x0D, 0x07, 0x7F].contains(byte)
                || (byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]))
        }
        #expect(!bad, "\(what) wrote a terminal control byte", sourceLocation: sourceLocation)
    }
}

@Suite("The storage rule on every path a value enters the store by")
struct StorageRuleTests {
    @Test(
        "log refuses C0, DEL and C1 in the app name, version and build, and the bounds, with 64; nothing is stored",
        arguments: [
            ["log", "Fo\u{9B}kus", "in-review", "--version", "1.0"],
            ["log", "Fo\u{85}kus", "in-review", "--version", "1.0"],
            ["log", "Fo\u{1B}[2Jkus", "in-review", "--version", "1.0"],
            ["log", "Fokus", "in-review", "--version", "1.0\u{7F}"],
            ["log", "Fokus", "in-review", "--version", "1.0\u{9B}"],
            ["log", "Fokus", "in-review", "--version", "1.0", "--build", "4\r2"],
            ["log", "Fokus", "in-review", "--version", "1.0", "--build", "4\u{9F}"],
            ["log", String(repeating: "a", count: 201), "in-review", "--version", "1.0"],
            ["log", " Fokus", "in-review", "--version", "1.0"],
            ["log", "Fokus", "in-review", "--version", String(repeating: "1", count: 65)],
            ["log", "Fokus", "in-review", "--version", "1.0 beta"],
            ["log", "Fokus", "in-review", "--version", "1.0", "--note", "a\u{0}b"],
        ])
    func logRefuses(_ arguments: [String]) throws {
        let review = try InProcessReview()
        let output = review(arguments)
        #expect(output.status == .usage, "\(arguments): \(output.standardError)")
        Hostile.expectNoRawControl(output.standardError, "the refusal")
        #expect(try RelationalReviewStore(sqlitePath: review.path).events(app: nil).isEmpty)
    }

    @Test("everything else is accepted: <, >, &, [, ], (, ), @, =, +, - in names, versions and builds; notes keep ESC")
    func accepted() throws {
        let review = try InProcessReview()
        let name = "<Fo&kus> [x](https://a.example) @=+-"
        _ = review.ok([
            "log", name, "in-review", "--version", "1.0+[b]<&>@=-", "--build", "(4)", "--note", "line 1\n\u{1B}[2J\r",
            "--new-app",
        ])
        let events = try RelationalReviewStore(sqlitePath: review.path).events(app: nil)
        #expect(events.map(\.app.name) == [name] && events.map(\.version) == ["1.0+[b]<&>@=-"])
        #expect(events.map(\.note) == ["line 1\n\u{1B}[2J\r"])
        _ = review.ok(["log", String(repeating: "b", count: 200), "in-review", "--version", "1", "--new-app"])
    }

    @Test("apps rename to a name with C1 or DEL is 64; edit with a NUL note is 64, with ESC and CR it is kept")
    func renameAndEdit() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "in-review", "--version", "1.0"])
        for name in ["Fo\u{9B}kus", "Fo\u{7F}kus", "Fo\u{0A}kus"] {
            let renamed = review(["apps", "rename", "Fokus", name])
            #expect(renamed.status == .usage, "\(renamed.standardError)")
        }
        #expect(try RelationalReviewStore(sqlitePath: review.path).appNames() == ["Fokus"])
        #expect(review(["edit", "1", "--note", "a\u{0}"]).status == .usage)
        _ = review.ok(["edit", "1", "--note", Hostile.text])
        #expect(try RelationalReviewStore(sqlitePath: review.path).events(app: nil).first?.note == Hostile.text)
    }

    @Test("import refuses an app, version or build with C1 with 65, naming the row; nothing is stored")
    func importRefuses() throws {
        let review = try InProcessReview()
        for (index, (app, version, build)) in [
            ("Fo\u{9B}kus", "1.0", "1"), ("Fokus", "1.0\u{85}", "1"), ("Fokus", "1.0", "\u{1B}[2J"),
        ].enumerated() {
            let event: [String: Any] = [
                "app": app, "platform": "iOS", "version": version, "build": build, "state": "IN_REVIEW",
                "at": "2025-07-14T08:00:00Z",
            ]
            let data = try JSONSerialization.data(withJSONObject: ["events": [event]])
            let path = try review.file("import-\(index).json", String(decoding: data, as: UTF8.self))
            let output = review(["import", path])
            #expect(output.status == .dataError, "\(output.standardError)")
            #expect(output.standardError.contains("event 1"), "\(output.standardError)")
            Hostile.expectNoRawControl(output.standardError, "the refusal")
        }
        #expect(!FileManager.default.fileExists(atPath: review.path))
    }

    @Test("applySync refuses what the rule refuses (a 300-character name, ESC in a version, build or state)")
    func applySyncRefuses() throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("review.sqlite3").path)
        let good = SyncedVersion(ascID: "v1", platform: .iOS, version: "1.0", state: "IN_REVIEW")
        var bad = [
            SyncedApp(
                ascID: "1", name: String(repeating: "a", count: 300), bundleID: "b",
                fetchedAt: .init(secondsSince1970: 0),
                versions: [good])
        ]
        for change in [
            { (version: inout SyncedVersion) in version.version = "1.0\u{1B}[2J" },
            { (version: inout SyncedVersion) in version.build = "4\u{9B}" },
            { (version: inout SyncedVersion) in version.state = "IN_\u{1B}REVIEW" },
        ] {
            var version = good
            change(&version)
            bad.append(
                SyncedApp(
                    ascID: "1", name: "Fokus", bundleID: "b", fetchedAt: .init(secondsSince1970: 0), versions: [version]
                ))
        }
        for synced in bad {
            #expect(throws: ReviewError(.invalidValue)) { try store.applySync(synced) }
        }
        #expect(try store.events(app: nil).isEmpty && store.appNames().isEmpty)
    }

    @Test("the webhook's version lookup: a name, version or build with C1 or ESC records no event; resolved")
    func webhookLookup() throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("review.sqlite3").path)
        let versions = [
            WebhookVersion(ascAppID: "1", appName: "Fo\u{9B}kus", bundleID: "b", platform: .iOS, version: "1.0"),
            WebhookVersion(ascAppID: "1", appName: "Fokus", bundleID: "b", platform: .iOS, version: "1.0\u{1B}[2J"),
            WebhookVersion(
                ascAppID: "1", appName: "Fokus", bundleID: "b", platform: .iOS, version: "1", build: "\u{7F}"),
        ]
        for (index, version) in versions.enumerated() {
            let delivery = WebhookDelivery(
                id: "d-\(index)", kind: .stateChange(ascVersionID: "v-1", oldValue: nil, newValue: "IN_REVIEW"),
                timestampMilliseconds: 100_000, receivedAt: .init(secondsSince1970: 100))
            #expect(try store.recordWebhookDelivery(delivery, version: version) == .resolvedWithoutEvent)
            #expect(try store.webhookDeliveryStatus(id: "d-\(index)") == .resolved(eventID: nil))
        }
        #expect(try store.events(app: nil).isEmpty && store.appNames().isEmpty)
    }
}

@Suite("Every output of review shows stored and given values escaped")
struct OutputEscapingTests {
    /// A store holding hostile values where the rule now refuses them (made before it, or by another tool): an app
    /// name, a version and a build with ESC, CSI, CR, BEL and DEL, and a note with them and a line break.
    static func preRuleStore() throws -> InProcessReview {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2025-07-14T08:00:00Z"])
        _ = review.ok(["log", "Fokus", "in-review", "--version", "1.0", "--note", Hostile.text + "\nsecond line"])
        let store = try RelationalReviewStore(sqlitePath: review.path)
        try store.database.write { (session: any SQLSession) throws(ReviewError) in
            try session.run("UPDATE apps SET name = ?", [.text(Hostile.text)])
            try session.run("UPDATE events SET version = ?, build = ?", [.text(Hostile.text), .text(Hostile.text)])
        }
        return review
    }

    @Test("timeline, status, apps, stats and export on a store holding hostile values: escaped, line breaks too")
    func readingCommands() throws {
        let review = try Self.preRuleStore()
        for arguments in [
            ["timeline", Hostile.text], ["status"], ["status", "--all"], ["apps"], ["stats", Hostile.text],
            ["timeline", Hostile.text, "--all"],
        ] {
            let output = review(arguments)
            #expect(output.status == .success, "\(arguments): \(output.standardError)")
            Hostile.expectNoRawControl(output.standardOutput + output.standardError, "\(arguments)")
            #expect(output.standardOutput.contains(Hostile.shown), "\(arguments): \(output.standardOutput)")
        }
        let timeline = review(["timeline", Hostile.text]).standardOutput
        #expect(timeline.contains(#"\u000asecond line"#) && !timeline.contains("\nsecond line"), "\(timeline)")
    }

    @Test("edit and undo show the notes before and after escaped")
    func editAndUndo() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "in-review", "--version", "1.0", "--note", "first\r\u{9B}2J"])
        let edited = review.ok(["edit", "1", "--note", Hostile.text])
        Hostile.expectNoRawControl(edited, "edit")
        #expect(edited.contains(#"first\u000d\u009b2J"#) && edited.contains(Hostile.shown), "\(edited)")
        let undone = review.ok(["undo"])
        Hostile.expectNoRawControl(undone, "undo")
        #expect(undone.contains(Hostile.shown), "\(undone)")
    }

    @Test("every --json writes C0, DEL and C1 as \\u00XX, and decodes to the exact stored value")
    func json() throws {
        let review = try Self.preRuleStore()
        for arguments in [
            ["timeline", Hostile.text, "--json"], ["status", "--json"], ["apps", "--json"],
            ["export", "--format", "json"], ["timeline", Hostile.text, "--all", "--json"],
            ["stats", Hostile.text, "--json"],
        ] {
            let output = review(arguments)
            #expect(output.status == .success, "\(arguments): \(output.standardError)")
            Hostile.expectNoRawControl(output.standardOutput, "\(arguments)")
            #expect(output.standardOutput.contains(#"\u009b"#) && output.standardOutput.contains(#"\u007f"#))
            // Decoded, the value is the stored one, byte for byte.
            let decoded = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
            #expect(Self.strings(in: decoded).contains(Hostile.text), "\(arguments)")
        }
        let edited = review.ok(["edit", "2", "--note", Hostile.text, "--json"])
        Hostile.expectNoRawControl(edited, "edit --json")
        #expect(Self.strings(in: try JSONSerialization.jsonObject(with: Data(edited.utf8))).contains(Hostile.text))
    }

    /// Every string in a decoded JSON value.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings)
        default: []
        }
    }

    @Test(
        "every error that echoes an argument shows its control characters escaped",
        arguments: [
            ["--bogus\(Hostile.text)"], ["frobnicate\(Hostile.text)"],
            ["log", "Fokus", Hostile.text, "--version", "1"],
            ["log", "Fokus", "in-review", "--version", "1", "--platform", Hostile.text],
            ["log", "Fokus", "in-review", "--version", "1", "--at", Hostile.text], ["delete", Hostile.text, "--yes"],
            ["notify", "add", "slack", "https://hooks.slack.com/services/T0/B0/x", "--states", Hostile.text],
            ["notify", "add", Hostile.text, "https://x.example"],
            ["webhook", Hostile.text], ["notify", Hostile.text], ["auth", Hostile.text],
            ["import", "/nonexistent/\(Hostile.text)"], ["timeline", "Fokus\(Hostile.text)"],
            ["completion", Hostile.text], ["log", "Fokus", "in-review", "--version", "1", "--\(Hostile.text)"],
            ["serve", "--listen", Hostile.text], ["watch", "--interval", Hostile.text],
        ])
    func errorEchoes(_ arguments: [String]) throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "in-review", "--version", "1.0"])
        let output = review(arguments)
        #expect(output.status != .success, "\(arguments)")
        Hostile.expectNoRawControl(output.standardOutput + output.standardError, "\(arguments)")
        #expect(output.standardError.contains(#"\u001b[2J"#), "\(arguments): \(output.standardError)")
    }

    @Test("export --format csv keeps a note's CR and LF exact (a file format), and escapes nothing else away")
    func exportStaysExact() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "in-review", "--version", "1.0", "--note", "a\r\nb\u{1B}"])
        let output = review(["export", "--format", "csv"])
        #expect(output.standardOutputIsData && output.standardOutput.contains("a\r\nb\u{1B}"))
    }
}
