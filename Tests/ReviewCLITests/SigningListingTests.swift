import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// `review signing [list]` over App Store Connect items and their history (issue 22): what a sync records, written
/// here through the store's own `applySigningListing` (the sync that calls it is tested apart), then read by the
/// command at a pinned `--now`: the order, the states (renewed, expired, gone, missing), `--expiring`, `--all`, and
/// the line `review status` ends with.
@Suite("review signing: listing App Store Connect items, --expiring, --all, and review status's line")
struct SigningListingTests {
    /// The first pass: 2026-01-01T00:00:00Z.
    static let start = Timestamp(secondsSince1970: 1_767_225_600)
    static let day: Int64 = 86_400

    static func at(_ days: Int64, plus seconds: Int64 = 0) -> Timestamp {
        Timestamp(secondsSince1970: start.secondsSince1970 + days * day + seconds)
    }

    static func certificate(_ id: String, _ type: String, expires days: Int64) -> SigningSighting {
        SigningSighting(
            kind: .certificate, reference: id, name: "\(type) \(id)", detail: "\(type), serial \(id)",
            ownExpires: at(days), renewalGroup: type)
    }

    /// A store with, from the source app-store-connect:team: CERT1 (DISTRIBUTION, 10 days) renewed by CERT4
    /// (DISTRIBUTION, 400 days), CERT2 (DEVELOPMENT, 100 days), CERT3 (200 days) gone after the first pass, and
    /// PROF1 (own expiry 300 days) including CERT1; and a certificate file (45 days) found missing a day later.
    /// Ids: certificates 1 to 4 in that order, PROF1 5, the file 6.
    static func history(_ review: InProcessReview) throws {
        let store = try RelationalReviewStore(sqlitePath: review.path)
        let certificates = [
            certificate("CERT1", "DISTRIBUTION", expires: 10), certificate("CERT2", "DEVELOPMENT", expires: 100),
            certificate("CERT3", "PASS_TYPE_ID", expires: 200), certificate("CERT4", "DISTRIBUTION", expires: 400),
        ]
        let profile = SigningSighting(
            kind: .profile, reference: "PROF1", name: "App Store Fokus", detail: "IOS_APP_STORE, UUID 1111",
            ownExpires: at(300), renewalGroup: "App Store Fokus",
            includedCertificates: [.init(reference: "CERT1", expires: at(10))])
        _ = try store.applySigningListing(
            SigningListing(source: "app-store-connect:team", at: start, certificates: certificates, profiles: [profile])
        )
        _ = try store.applySigningListing(
            SigningListing(
                source: "app-store-connect:team", at: at(1),
                certificates: certificates.filter { $0.reference != "CERT3" },
                profiles: [profile]))
        let file = try store.trackSigningFile(
            SigningSighting(
                kind: .certificateFile, reference: review.directory.file("apns.pem").path,
                name: "Apple Push Services: com.example.fokus", detail: "Apple Push Services, serial 0B, PEM",
                ownExpires: at(45)),
            name: nil, at: start)
        #expect(try store.recordSigningFileRead(id: file.id, nil, at: at(1))?.kind == .missing)
    }

    func items(_ output: CommandOutput, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        #expect(output.status == .success, "\(output.standardError)", sourceLocation: sourceLocation)
        return try #require(
            try jsonObject(output.standardOutput, sourceLocation: sourceLocation)["items"] as? [[String: Any]],
            sourceLocation: sourceLocation)
    }

    @Test("the order and states 40 days on: renewed and expired shown, gone and missing past 30 days hidden")
    func defaultListing() throws {
        let review = try InProcessReview()
        try Self.history(review)
        let now = Self.at(40)
        let listed = try items(review(["signing", "--json"], now: now))
        #expect(listed.map { $0["id"] as? Int } == [1, 5, 2, 4], "\(listed)")
        #expect(listed.map { $0["state"] as? String } == ["renewed", "expired", "active", "active"])
        #expect(listed.map { $0["daysLeft"] as? Int } == [-30, -30, 60, 360])
        #expect(listed.map { $0["ascID"] as? String } == ["CERT1", "PROF1", "CERT2", "CERT4"])
        #expect(listed.map { $0["source"] as? String } == Array(repeating: "app-store-connect:team", count: 4))
        let profile = listed[1]
        #expect(profile["kind"] as? String == "profile")
        #expect(profile["expires"] as? String == "2026-01-11T00:00:00Z", "the certificate's expiry decides")
        #expect(profile["ownExpires"] as? String == "2026-10-28T00:00:00Z")
        #expect(profile["decidedBy"] as? String == "1", "the store id of CERT1")
        #expect(listed[0]["ownExpires"] == nil)

        let table = review.ok(["signing", "--utc"], now: now)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 8, "\(table)")
        #expect(lines[1].hasPrefix("certificate ") && lines[1].contains("2026-01-11 00:00 UTC"), "\(lines[1])")
        #expect(lines[1].contains("  expired 30d ago  "), "\(lines[1])")
        #expect(lines[2].contains("  expired 30d ago (cert expires first)  expired  app-store-connect:team"))
        #expect(lines[3].contains("  60d  "), "\(lines[3])")
        #expect(
            lines[6] == "2 items gone or missing for more than 30 days not shown: review signing --all lists them.")

        // Within 30 days of going, they are listed.
        let early = try items(review(["signing", "--json"], now: Self.at(31)))
        #expect(early.map { $0["id"] as? Int } == [1, 5, 6, 2, 3, 4])
        #expect(early.map { $0["state"] as? String } == ["renewed", "expired", "missing", "active", "gone", "active"])
        #expect(early[4]["goneAt"] as? String == "2026-01-02T00:00:00Z")
        #expect(early[4]["lastSeen"] as? String == "2026-01-01T00:00:00Z")
        #expect(early[2]["missingSince"] as? String == "2026-01-02T00:00:00Z")
    }

    @Test("--all lists the gone and missing items too; --expiring keeps daysLeft at most DAYS, never gone or missing")
    func allAndExpiring() throws {
        let review = try InProcessReview()
        try Self.history(review)
        let now = Self.at(40)
        let all = try items(review(["signing", "--all", "--json"], now: now))
        #expect(all.map { $0["id"] as? Int } == [1, 5, 6, 2, 3, 4])
        #expect(all.map { $0["state"] as? String } == ["renewed", "expired", "missing", "active", "gone", "active"])
        #expect(!review.ok(["signing", "--all"], now: now).contains("not shown"))
        // The missing file has 5 days left and the gone certificate 160: neither is kept.
        #expect(
            try items(review(["signing", "--expiring", "60", "--json"], now: now)).map { $0["id"] as? Int } == [
                1, 5, 2,
            ])
        #expect(
            try items(review(["signing", "--expiring", "59", "--json"], now: now)).map { $0["id"] as? Int } == [1, 5])
        #expect(
            try items(review(["signing", "list", "--expiring=0", "--all", "--json"], now: now)).map { $0["id"] as? Int }
                == [1, 5])
        #expect(
            review.ok(["signing", "--expiring", "5"], now: Self.at(-400))
                == "No signing item has 5 days left or fewer (6 tracked: review signing lists them).\n")
        for bad in ["-1", "soon", "1.5", "999999"] {
            let output = review(["signing", "--expiring", bad])
            #expect(output.status == .usage, "\(bad)")
            #expect(output.standardError.contains("--expiring takes a whole number of days, such as 30"), "\(bad)")
        }
    }

    @Test("the built binary lists what the store holds, at --now, as signing --json in process does")
    func binary() throws {
        let review = try InProcessReview()
        try Self.history(review)
        let result = try ProcessRunner.run(
            "review", ["--db", review.path, "signing", "--json", "--now", "2026-02-10T00:00:00Z"],
            environment: ["TZ": "UTC"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput == review.ok(["signing", "--json"], now: Self.at(40)))
        #expect(result.standardOutput.hasPrefix("{\"items\": [\n  {\"id\": 1, \"kind\": \"certificate\", "))
    }

    // MARK: review status

    /// The line status ends with, or nil.
    func statusLine(_ review: InProcessReview, now: Timestamp) -> String? {
        let text = review.ok(["status"], now: now)
        #expect(!review.ok(["status", "--json"], now: now).contains("Signing"), "the JSON keeps its shape")
        guard let range = text.range(of: "\nSigning: ") else { return nil }
        let line = String(text[range.lowerBound...].dropFirst())
        #expect(line.hasSuffix(": review signing\n") && line.filter { $0 == "\n" }.count == 1, "the last line: \(text)")
        return String(line.dropLast())
    }

    @Test("status ends with one signing line: what expires within 14 days, has expired or is invalid, per kind")
    func statusLine() throws {
        let review = try InProcessReview()
        _ = review.ok(
            ["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2025-12-31T00:00:00Z"], now: Self.start)
        #expect(statusLine(review, now: Self.start) == nil, "an empty tracker says nothing")
        try Self.history(review)
        // Day 0: CERT1 in 10 days (its renewal CERT4 makes it renewed: not counted), PROF1 with it in 10 days.
        #expect(statusLine(review, now: Self.start) == "Signing: 1 profile expires in 10 days: review signing")
        // Day 4: 6 days; and at the day itself less than a day is left.
        #expect(statusLine(review, now: Self.at(4)) == "Signing: 1 profile expires in 6 days: review signing")
        #expect(
            statusLine(review, now: Self.at(9, plus: 3600)) == "Signing: 1 profile expires within a day: review signing"
        )
        // Past it: expired. The missing file (45 days) and the gone certificate are not counted.
        #expect(statusLine(review, now: Self.at(12)) == "Signing: 1 profile has expired: review signing")
        #expect(statusLine(review, now: Self.at(-30)) == nil, "nothing within 14 days")

        let store = try RelationalReviewStore(sqlitePath: review.path)
        _ = try store.applySigningListing(
            SigningListing(
                source: "app-store-connect:other", at: Self.at(2),
                certificates: [
                    Self.certificate("C1", "IOS_DISTRIBUTION", expires: 7),
                    Self.certificate("C2", "DEVELOPER_ID_APPLICATION", expires: 13),
                ],
                profiles: [
                    SigningSighting(
                        kind: .profile, reference: "P9", name: "Ad Hoc", detail: "IOS_APP_ADHOC",
                        ownExpires: Self.at(90),
                        isInvalid: true, renewalGroup: "Ad Hoc")
                ]))
        _ = try store.trackSigningFile(
            SigningSighting(
                kind: .clientSecret, reference: review.directory.file("secret.txt").path, name: "com.example.web",
                detail: "client ID com.example.web", ownExpires: Self.at(5)),
            name: nil, at: Self.at(2))
        #expect(
            statusLine(review, now: Self.at(2))
                == "Signing: 1 profile is invalid, 2 certificates expire in 5 to 11 days, 1 profile expires in 8 days, "
                + "1 client secret expires in 3 days: review signing")
        #expect(
            statusLine(review, now: Self.at(6, plus: 3600))
                == "Signing: 1 profile is invalid, 1 client secret has expired, 2 certificates expire within 6 days, "
                + "1 profile expires in 3 days: review signing")
    }

    @Test("the status line is red when something is invalid, expired or within 7 days, yellow before, with --color")
    func statusColour() throws {
        let review = try InProcessReview()
        try Self.history(review)
        let yellow = review.ok(["status", "--color", "always"], now: Self.start)
        #expect(
            yellow.hasSuffix("\u{1B}[33mSigning: 1 profile expires in 10 days: review signing\u{1B}[0m\n"), "\(yellow)")
        let red = review.ok(["status", "--color", "always"], now: Self.at(4))
        #expect(red.hasSuffix("\u{1B}[31mSigning: 1 profile expires in 6 days: review signing\u{1B}[0m\n"), "\(red)")
        #expect(!review.ok(["status"], now: Self.at(4)).contains("\u{1B}"))
    }

    @Test("the built binary's status ends with the line")
    func statusBinary() throws {
        let review = try InProcessReview()
        try Self.history(review)
        let result = try ProcessRunner.run(
            "review", ["--db", review.path, "status", "--now", "2026-01-05T00:00:00Z"], environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "No events yet. Record one with: review log APP STATE --version V\n\n"
                + "Signing: 1 profile expires in 6 days: review signing\n")
    }

    @Test("report --html: the Signing section first when something is within 30 days, the whole list last")
    func report() throws {
        let review = try InProcessReview()
        _ = review.ok(
            ["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2025-12-31T00:00:00Z"], now: Self.start)
        var page = review.ok(["report", "--html", "-"], now: Self.start)
        #expect(!page.contains("<section id=\"signing"), "no item: no signing section")
        try Self.history(review)
        page = review.ok(["report", "--html", "-"], now: Self.at(4))
        let alerts = try #require(page.range(of: "<section id=\"signing-alerts\""))
        let summary = try #require(page.range(of: "<section id=\"summary\""))
        let statistics = try #require(page.range(of: "<section id=\"statistics\""))
        let list = try #require(page.range(of: "<section id=\"signing\""))
        #expect(alerts.lowerBound < summary.lowerBound && statistics.lowerBound < list.lowerBound)
        #expect(page.contains("<li class=\"signing-alert signing-urgent\" data-item=\"5\">"), "PROF1, 6 days: red")
        // Every item but the gone and missing ones past 30 days (none yet at day 4): six rows.
        #expect(page.components(separatedBy: "<tr data-item=").count - 1 == 6)
        // The same for one app: the items are the team's.
        #expect(
            review.ok(["report", "Fokus", "--html", "-"], now: Self.at(4)).contains("<section id=\"signing-alerts\""))
    }
}
