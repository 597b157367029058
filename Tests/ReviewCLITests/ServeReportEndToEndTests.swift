import Foundation
import GatehouseTesting
import MicroHTTPServer
import ReviewLog
import Testing

@testable import ReviewCLI

/// `review serve --report-listen` end to end: the built binary with its webhook listener and its report listener on
/// loopback ports of their own, the report fetched over a real socket before and after `review log` changes the
/// store. Headless Chromium on what it serves is `ServeReportBrowserTests`.
@Suite("review serve --report-listen end to end: the report on a listener of its own", .serialized)
struct ServeReportEndToEndTests {
    /// A running server and the report listener's port, read from its second start-up line.
    static func start(_ harness: ServeHarness, _ name: String) throws -> (server: ServeHarness.Server, report: UInt16) {
        let server = try harness.start(name, arguments: ["--report-listen", "127.0.0.1:0"])
        guard
            let port = harness.reportedPort(
                name, after: "review serve: report on http://127.0.0.1:", then: "/\n", process: server.process,
                seconds: 30)
        else {
            harness.stop(server)
            throw LoopbackFailure("no report listener line: \(harness.sync.output(name).standardError)")
        }
        return (server, port)
    }

    @Test("--report-listen takes a port alone (loopback) or HOST:PORT; a bad value or the webhook's address is 64")
    func parsing() throws {
        func serve(_ arguments: [String]) throws -> ServeCommand {
            try #require(try ReviewParsing.parse(["serve"] + arguments).command as? ServeCommand)
        }
        #expect(try serve([]).reportListen == nil)
        #expect(try serve(["--report-listen", "8081"]).reportListen == ListenAddress(parsing: "127.0.0.1:8081"))
        #expect(try serve(["--report-listen", "0.0.0.0:8081"]).reportListen == ListenAddress(parsing: "0.0.0.0:8081"))
        #expect(try serve(["--report-listen", "[::1]:8081"]).reportListen == ListenAddress(parsing: "[::1]:8081"))
        // Port 0 for both: two ports the system chooses, not one.
        #expect(try serve(["--listen", "127.0.0.1:0", "--report-listen", "0"]).reportListen?.port == 0)
        for (arguments, words) in [
            (["--report-listen", "99999"], "a port is from 0 to 65535"),
            (["--report-listen", "reports"], "is not HOST:PORT"),
            (["--report-listen", "8080"], "is the webhook's address too"),
            (["--listen", "127.0.0.1:9000", "--report-listen", "localhost:9000"], "is the webhook's address too"),
        ] {
            do {
                _ = try ReviewParsing.parse(["serve"] + arguments)
                Issue.record("\(arguments) parsed")
            } catch {
                #expect(error.status == .usage, "\(arguments)")
                #expect(error.message.contains(words), "\(arguments): \(error.message)")
            }
        }
    }

    @Test("GET / on the report port: the store's report with its policy and ETag, renewed after review log; 304 before")
    func servesTheStoresReport() throws {
        let harness = try ServeHarness()
        _ = try harness.sync.review(["log", "Fokus", "waiting-for-review", "--version", "2.3", "--at", "-30h"])
        let (server, port) = try Self.start(harness, "report")
        defer { harness.stop(server) }
        #expect(port != server.port)
        let log = harness.sync.output("report").standardError
        // The first line stays what scripts read; the report's comes after it.
        #expect(
            log.hasPrefix("review serve: listening on http://127.0.0.1:\(server.port)/webhooks/app-store-connect\n"))

        let first = try #require(try RawHTTPConnection.send(port: port, method: "GET", path: "/"))
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "text/html; charset=utf-8")
        #expect(first.header("Content-Security-Policy")?.hasPrefix("default-src 'none'; ") == true)
        #expect(first.header("Content-Security-Policy")?.hasSuffix("; frame-ancestors 'none'") == true)
        #expect(first.body.hasPrefix("<!DOCTYPE html>") && first.body.contains("Fokus"))
        #expect(first.body.contains(">2.3<") || first.body.contains(" 2.3"))
        let etag = try #require(first.header("ETag"))
        let again = try #require(
            try RawHTTPConnection.send(port: port, method: "GET", path: "/", headers: [("If-None-Match", etag)]))
        #expect(again.status == 304 && again.body.isEmpty)

        // Another process changes the store: the next request gets the new page.
        _ = try harness.sync.review(["log", "Fokus", "in-review", "--version", "2.3", "--at", "-2h"])
        let after = try #require(
            try RawHTTPConnection.send(port: port, method: "GET", path: "/", headers: [("If-None-Match", etag)]))
        #expect(after.status == 200)
        #expect(after.header("ETag") != etag)
        #expect(after.body != first.body && after.body.contains("Fokus"))

        // Each listener answers only its own paths.
        let webhookOnReport = try #require(
            try RawHTTPConnection.send(port: port, path: "/webhooks/app-store-connect", body: Array("{}".utf8)))
        #expect(webhookOnReport.status == 404)
        let reportOnWebhook = try #require(try RawHTTPConnection.send(port: server.port, method: "GET", path: "/"))
        #expect(reportOnWebhook.status == 404)
        #expect(harness.stop(server) == 0)
        let lines = harness.sync.output("report").standardError
        #expect(lines.contains("GET / 200 report: made,"), "\(lines)")
        #expect(lines.contains("GET / 304 report: not modified"), "\(lines)")
    }

    @Test("without --report-listen there is no report listener and no line about one")
    func offByDefault() throws {
        let harness = try ServeHarness()
        let server = try harness.start("plain")
        #expect(harness.stop(server) == 0)
        #expect(!harness.sync.output("plain").standardError.contains("report on"))
    }
}

/// Headless Chromium on what `review serve --report-listen` serves, over HTTP with the policy as a header: the page
/// lays out with no policy violation, and screenshots (desktop and phone, light and dark) are kept in
/// `.build/report-screenshots/served-*.png` to look at. Left out of the sanitizer runs with the other browser suites.
@Suite("review serve --report-listen in headless Chromium", .serialized)
struct ServeReportBrowserTests {
    @Test("Chromium loads the served report with no policy violation and takes its screenshots")
    func chromium() throws {
        try SkipUnlessCI.check(
            missing: HeadlessChromium.executable == nil ? "chromium is not installed" : nil,
            cause: "install it (scripts/install-deps; apt-get install chromium), or set CHROMIUM to its path")
        let executable = try #require(HeadlessChromium.executable)
        let harness = try ServeHarness()
        _ = try harness.sync.review(["log", "Fokus", "waiting-for-review", "--version", "2.2", "--at", "-20d"])
        _ = try harness.sync.review(["log", "Fokus", "in-review", "--version", "2.2", "--at", "-19d"])
        _ = try harness.sync.review(["log", "Fokus", "ready-for-distribution", "--version", "2.2", "--at", "-18d"])
        _ = try harness.sync.review(["log", "Fokus", "waiting-for-review", "--version", "2.3", "--at", "-30h"])
        let (server, port) = try ServeReportEndToEndTests.start(harness, "browser")
        defer { harness.stop(server) }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let directory = try TemporaryDirectory()
        let browser = HeadlessChromium(executable: executable, directory: directory)
        let loaded = try browser.load(url, window: .init(width: 1280, height: 900))
        #expect(loaded.dom.contains("App Review report") && loaded.dom.contains("Fokus"))
        #expect(!loaded.dom.contains("<script"))
        #expect(
            !loaded.console.contains { $0.contains("Content Security Policy") || $0.contains("Refused") },
            "\(loaded.console)")
        let output = SharedResources.packageRoot.appendingPathComponent(".build/report-screenshots")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for (name, width, height, dark) in [
            ("desktop", 1280, 1600, false), ("desktop-dark", 1280, 1600, true), ("phone", 390, 2400, false),
            ("phone-dark", 390, 2400, true),
        ] {
            let png = output.appendingPathComponent("served-\(name).png")
            try? FileManager.default.removeItem(at: png)
            let fresh = try TemporaryDirectory()
            try HeadlessChromium(executable: executable, directory: fresh).screenshot(
                url, window: .init(width: width, height: height), to: png, dark: dark)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int)
            #expect(size > 10_000, "\(name): \(size) bytes")
        }
        let requests = harness.sync.output("browser").standardError
        #expect(requests.contains("GET / 200"), "\(requests)")
    }
}
