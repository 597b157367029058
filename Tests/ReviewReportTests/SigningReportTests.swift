import ReviewLog
import ReviewReport
import Testing

/// The report's signing sections (issue 22): "Signing" at the top when something is invalid or expires within 30
/// days (red at 7 days or fewer, amber within 30), and the whole list below the review sections, with the columns of
/// `review signing`.
@Suite("The HTML report's signing sections")
struct SigningReportTests {
    static func page(_ signing: [SigningItemStatus]) throws -> String {
        HTMLReport(
            timelines: ReportFixture.timelines(try ReportFixture.sampleEvents()), now: ReportFixture.now,
            signing: signing
        ).render()
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The part of the page from the section's start to its end.
    static func section(_ id: String, in html: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Substring
    {
        let start = try #require(html.range(of: "<section id=\"\(id)\""), sourceLocation: sourceLocation)
        let end = try #require(
            html.range(of: "</section>", range: start.upperBound..<html.endIndex), sourceLocation: sourceLocation)
        return html[start.lowerBound..<end.upperBound]
    }

    @Test("Signing comes first, the list last; the review sections keep their order between them")
    func placement() throws {
        let html = try Self.page(ReportFixture.signingStatuses())
        let ids =
            ReportFixture.signingSections.prefix(1) + ReportFixture.sections + ReportFixture.signingSections.suffix(1)
        let positions = try ids.map { id in
            try #require(html.range(of: "<section id=\"\(id)\" aria-labelledby=\"\(id)-title\">"), "\(id)").lowerBound
        }
        #expect(positions == positions.sorted(), "the order \(Array(ids))")
        #expect(html.contains("<h2 id=\"signing-alerts-title\">Signing</h2>"))
        #expect(html.contains("<h2 id=\"signing-title\">Signing items</h2>"))
    }

    @Test(
        "the top section flags what is invalid, expired or within 7 days red and what is within 30 amber, soonest first"
    )
    func flagged() throws {
        let section = try Self.section("signing-alerts", in: try Self.page(ReportFixture.signingStatuses()))
        // The hostile file (expired), the certificate (5 days), the profile file (20 days), the INVALID profile;
        // not the renewed certificate (2 days), the gone one, nor the client secret (200 days).
        let flagged = section.matches(of: /<li class="signing-alert (signing-[a-z]+)" data-item="(\d+)">/).map {
            (String($0.output.1), String($0.output.2))
        }
        #expect(flagged.map(\.1) == ["7", "2", "3", "1"])
        #expect(flagged.map(\.0) == ["signing-urgent", "signing-urgent", "signing-soon", "signing-urgent"])
        #expect(section.contains("<p>4 signing items need attention (3 within 7 days, expired or invalid)."))
        #expect(section.contains("Expires 2026-01-15T12:00:00Z, 5 days left. Source: app-store-connect:team."))
        #expect(
            section.contains("Expires 2026-01-30T12:00:00Z, 20 days left: a certificate it includes expires first."))
        #expect(section.contains("Invalid in App Store Connect; expires 2026-04-10T12:00:00Z, 90 days left."))
        #expect(section.contains("Expired 2026-01-07T12:00:00Z, 3 days ago."))
        #expect(section.contains("What breaks: builds and App Store uploads signed with it. To do: regenerate it"))
    }

    @Test("the list has the columns of review signing, soonest first, and counts what it leaves out")
    func list() throws {
        let section = try Self.section("signing", in: try Self.page(ReportFixture.signingStatuses()))
        #expect(
            section.contains(
                "<thead><tr><th scope=\"col\">Kind</th><th scope=\"col\">Name</th><th scope=\"col\">Detail</th>"
                    + "<th scope=\"col\">Expires</th><th scope=\"col\">Left</th><th scope=\"col\">State</th>"
                    + "<th scope=\"col\">Source</th></tr></thead>"))
        let rows = section.matches(of: /<tr data-item="(\d+)">/).map { String($0.output.1) }
        #expect(rows == ["7", "5", "2", "3", "1", "4"], "the gone certificate is left out")
        #expect(section.contains("7 items tracked (App Store Connect"))
        #expect(section.contains("; 1 gone or missing for more than 30 days not listed."))
        #expect(
            section.contains(
                "<tr data-item=\"3\"><td class=\"fixed\" data-label=\"Kind\">profile-file</td><th scope=\"row\" data-label=\"Name\">"
                    + "Tideline App Store</th>"))
        #expect(section.contains("<td class=\"words\" data-label=\"Left\">20d (cert expires first)</td>"))
        #expect(
            section.contains(
                "<td class=\"fixed\" data-label=\"State\"><span class=\"badge signing-soon\">expiring</span></td>"))
        #expect(
            section.contains("<td class=\"fixed\" data-label=\"State\">renewed</td>"), "a renewed item is not flagged")
        #expect(section.contains("<td class=\"fixed\" data-label=\"State\">active</td>"))
        #expect(section.contains("<td class=\"words\" data-label=\"Left\">expired 3d ago</td>"))
    }

    @Test("a hostile name, detail and path stay text in both sections")
    func escaping() throws {
        let html = try Self.page(ReportFixture.signingStatuses())
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;alert(&#39;path&#39;)&lt;/script&gt;.pem"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(Self.occurrences(of: "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;", in: html) == 2)
        #expect(html.contains("\\u0007\\u001b[31m"), "control characters are visible escapes")
        for forbidden in ["<script", "<img", "http:", "url("] {
            #expect(!html.lowercased().contains(forbidden), "found \(forbidden)")
        }
    }

    @Test("no item: neither section; only items far from expiry: the list without the top section")
    func quiet() throws {
        let none = try Self.page([])
        #expect(!none.contains("<section id=\"signing"))
        let far = ReportFixture.signingStatuses().filter { $0.item.id == 4 }
        let html = try Self.page(far)
        #expect(!html.contains("<section id=\"signing-alerts\""))
        #expect(html.contains("<section id=\"signing\""))
        #expect(html.contains("1 item tracked (App Store Connect"))
    }

    @Test("red and amber have their colours in light and dark, and print as shown")
    func style() throws {
        let html = try Self.page(ReportFixture.signingStatuses())
        #expect(html.contains(".signing-urgent { --fg: #a3161b; --tint: #fde6e6; --bar: #d93b3f; }"))
        #expect(html.contains(".signing-soon { --fg: #7a4b00; --tint: #fff1d0; --bar: #d98e04; }"))
        let dark = try #require(html.range(of: "@media (prefers-color-scheme: dark) {\n  .signing-urgent"))
        #expect(html[dark.upperBound...].hasPrefix(" { --fg: #ff9b9b;"))
        let print = try #require(html.range(of: "@media print {"))
        #expect(html[print.upperBound...].contains(".signing-urgent, .signing-soon {\n    print-color-adjust: exact;"))
    }
}
