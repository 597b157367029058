import Foundation
import GatehouseTesting
import JWT
import ReviewLog
import SigningTesting
import Testing

/// `review signing` through the built binary (issue 22): local files of each kind added and listed, the exit
/// statuses of bad and missing files, `remove` and `alerts`. The files are the tests' own (`SigningFixtures`: openssl
/// from throwaway keys, client secrets from the project's signer), with expiries relative to the real clock, so
/// these runs take the real clock too.
@Suite("review signing end to end")
struct SigningEndToEndTests {
    /// A profile over the fixtures' two developer certificates: its own ExpirationDate is 2099, the shorter
    /// certificate (30 days from when the fixtures were made) decides.
    static func profile(_ fixtures: SigningFixtures) throws -> [UInt8] {
        try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
    }

    /// `{"items": [...]}` of `review signing --json`.
    static func items(_ result: ProcessRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [[String: Any]]
    {
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        let object = try jsonObject(result.standardOutput, sourceLocation: sourceLocation)
        return try #require(object["items"] as? [[String: Any]], sourceLocation: sourceLocation)
    }

    @Test("signing add for each kind of file; signing and signing --json list them soonest first, with their fields")
    func addEachKind() throws {
        let fixtures = try SigningFixtures.get()
        let review = try ReviewRun()
        var result = try review(["signing"])
        #expect(result.status == 66 && result.standardError.contains("no store at"), "\(result.standardError)")
        #expect(result.standardError.contains("signing add"), "the message names signing add among the makers")
        #expect(!FileManager.default.fileExists(atPath: review.database), "a command that only reads creates none")

        let profile = try fixtures.write(try Self.profile(fixtures), as: "App_Store.mobileprovision")
        let der = try fixtures.write(fixtures.pushCertificateDER, as: "apns.cer")
        let pem = try fixtures.write(fixtures.pushCertificatePEM, as: "apns.pem")
        let issued = Date().addingTimeInterval(-10 * 86_400)
        let secret = try fixtures.write(
            Array((try SigningFixtures.clientSecret(issuedAt: issued) + "\n").utf8), as: "client_secret.txt")

        result = try review(["signing", "add", profile])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Tracking signing item 1 (profile-file): \"Example & Co App Store\", expires "))
        #expect(lines[0].hasSuffix("days left: a certificate it includes expires first."), "\(lines[0])")
        #expect(lines.contains { $0.hasPrefix("  Detail: iOS/xrOS profile, UUID 5C9D3F1E-") }, "\(lines)")
        // 30 days at most: expiring within the largest alert day, and the line says what to do.
        #expect(lines.contains { $0.hasPrefix("  It is expiring: download the regenerated profile") }, "\(lines)")
        let mode = try FileManager.default.attributesOfItem(atPath: review.database)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600, "signing add created the store owner-only")

        result = try review(["signing", "add", der])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.hasPrefix(
                "Tracking signing item 2 (certificate-file): \"Apple Push Services: com.example.app\", expires "))
        result = try review(["signing", "add", pem, "--name", "Push (PEM)"])
        #expect(result.standardOutput.hasPrefix("Tracking signing item 3 (certificate-file): \"Push (PEM)\", expires "))
        result = try review(["signing", "add", secret, "--json"])
        let added = try jsonObject(result.standardOutput)
        #expect(added["id"] as? Int == 4 && added["kind"] as? String == "client-secret", "\(added)")
        // 180 days from ten days ago, to the second: 169 or 170 whole days, as the second falls.
        let secretDays = try #require(added["daysLeft"] as? Int)
        #expect(added["name"] as? String == "com.example.web" && [169, 170].contains(secretDays), "\(added)")

        // Soonest expiry first: the profile (its certificate, 30 days), the secret (170 days), then the two
        // certificate files (365 days, the same instant: by id).
        let items = try Self.items(try review(["signing", "--json"]))
        #expect(items.map { $0["id"] as? Int } == [1, 4, 2, 3])
        #expect(
            items.map { $0["kind"] as? String } == [
                "profile-file", "client-secret", "certificate-file", "certificate-file",
            ])
        #expect(items.map { $0["source"] as? String } == [profile, secret, der, pem])
        #expect(items.map { $0["state"] as? String } == ["expiring", "active", "active", "active"])
        let iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
        for item in items {
            let expires = try #require(item["expires"] as? String)
            #expect(expires.wholeMatch(of: iso) != nil, "\(expires)")
            #expect(item["ascID"] == nil, "a file has no App Store Connect id")
            #expect(item["firstSeen"] is String && item["detail"] is String)
        }
        let first = items[0]
        #expect(first["ownExpires"] as? String == "2099-01-01T00:00:00Z")
        #expect(first["decidedBy"] as? String == "serial:1A2B3C", "\(first)")
        #expect([29, 30].contains(first["daysLeft"] as? Int), "\(first)")
        #expect((first["detail"] as? String)?.contains("signer not chained to Apple") == true, "\(first)")
        #expect(items[1]["ownExpires"] == nil && items[1]["decidedBy"] == nil, "only profiles carry them")
        #expect(items[2]["name"] as? String == "Apple Push Services: com.example.app")
        #expect((items[2]["detail"] as? String)?.hasSuffix(", DER") == true)
        #expect(
            items[3]["name"] as? String == "Push (PEM)" && (items[3]["detail"] as? String)?.hasSuffix(", PEM") == true)

        result = try review(["signing"])
        #expect(result.status == 0)
        let table = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            table[0].split(separator: " ", omittingEmptySubsequences: true) == [
                "KIND", "NAME", "DETAIL", "EXPIRES", "LEFT", "STATE", "SOURCE",
            ])
        #expect(table.count == 5, "\(result.standardOutput)")
        #expect(table[1].hasPrefix("profile-file "), "\(table[1])")
        #expect(table[1].contains(" Example & Co App Store ") && table[1].contains(" iOS/xrOS profile, UUID "))
        #expect(table[1].contains("d (cert expires first)  expiring  \(profile)"), "\(table[1])")
        // The fixture's exp is a whole number of days from when it was made: a second later, a day fewer is left.
        #expect(
            table[2].hasPrefix("client-secret ")
                && (table[2].contains(" \(secretDays)d  ") || table[2].contains(" \(secretDays - 1)d  ")),
            "\(table[2])")
        let pinned = ["--now", String(Int(Date().timeIntervalSince1970))]
        #expect(
            try review(["signing", "list"] + pinned).standardOutput
                == (try review(["signing"] + pinned)).standardOutput,
            "list is the default")

        // Adding a tracked file again re-reads it and keeps its id.
        result = try review(["signing", "add", der, "--name", "APNs"])
        #expect(result.standardOutput.hasPrefix("Tracking signing item 2 (certificate-file): \"APNs\", expires "))
        #expect(result.standardOutput.contains("It was tracked already: re-read, its history kept."))
        #expect(try Self.items(try review(["signing", "--json"])).count == 4)
    }

    @Test("a missing or unreadable file is 66, a file that is no signing file or is damaged 65; no store is made")
    func badFiles() throws {
        let fixtures = try SigningFixtures.get()
        let review = try ReviewRun()
        let missing = review.directory.file("gone.mobileprovision").path
        var result = try review(["signing", "add", missing])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains(missing) && result.standardError.contains("does not exist"))
        result = try review(["signing", "add", review.directory.url.path])
        #expect(result.status == 66, "a folder: \(result.standardError)")

        let notes = try fixtures.write(Array("these are notes\n".utf8), as: "notes.mobileprovision")
        result = try review(["signing", "add", notes])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("review: ") && result.standardError.contains(notes))
        #expect(
            result.standardError.hasSuffix(
                "; a signing file is a provisioning profile (CMS SignedData, DER), an X.509 certificate (PEM or DER) "
                    + "or a Sign in with Apple client secret (a compact JWS)\n"), "\(result.standardError)")

        var altered = try Self.profile(fixtures)
        let marker = Array("2099-01-01".utf8)
        let at = try #require(
            altered.indices.first { altered[$0...].starts(with: marker) }, "the plist's date is in the message")
        altered[at + 3] = UInt8(ascii: "8")
        let forged = try fixtures.write(altered, as: "Forged.mobileprovision")
        result = try review(["signing", "add", forged])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(forged) && result.standardError.contains("not intact"))
        #expect(result.standardError.contains("download the profile again"), "\(result.standardError)")

        let signer = try JWSSigner(privateKey: PrivateKey.generate(.ec(.p256)), algorithm: .es256, keyID: "KEY1234567")
        let noExpiry = try signer.sign(
            claimsJSON: Array(
                #"{"iss":"ABCDE12345","iat":1700000000,"aud":"https://appleid.apple.com","sub":"com.x"}"#.utf8))
        let secret = try fixtures.write(Array(noExpiry.utf8), as: "secret.txt")
        result = try review(["signing", "add", secret])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(secret) && result.standardError.contains("exp"))
        #expect(result.standardError.hasSuffix("; sign a new one with jwtcheck apple client-secret\n"))

        #expect(!FileManager.default.fileExists(atPath: review.database), "a refused file leaves no store behind")
        result = try review(["signing", "add"])
        #expect(result.status == 64 && result.standardError.contains("signing add takes one file"))
        result = try review(["signing", "add", notes, "--all"])
        #expect(result.status == 64 && result.standardError.contains("--expiring and --all belong to signing list"))
    }

    @Test("signing remove removes an item once; signing alerts shows, sets and refuses alert days")
    func removeAndAlerts() throws {
        let fixtures = try SigningFixtures.get()
        let review = try ReviewRun()
        #expect(try review(["signing", "alerts"]).status == 66, "a command that only reads needs a store")
        let secret = try fixtures.write(
            Array(try SigningFixtures.clientSecret(issuedAt: Date()).utf8), as: "client_secret.txt")
        #expect(try review(["signing", "add", secret]).status == 0)
        #expect(try review(["signing", "add", secret, "--name", "Web"]).status == 0)

        var result = try review(["signing", "alerts"])
        #expect(
            result.standardOutput
                == "Signing alerts at 30, 14, 7 and 1 days left (review signing alerts --days LIST sets them).\n")
        #expect(try review(["signing", "alerts", "--json"]).standardOutput == "{\"days\": [30, 14, 7, 1]}\n")
        result = try review(["signing", "alerts", "--days", "3,60,3"])
        #expect(result.status == 0 && result.standardOutput == "Signing alerts set to 60 and 3 days left.\n")
        #expect(try review(["signing", "alerts", "--json"]).standardOutput == "{\"days\": [60, 3]}\n")
        #expect(try review(["signing", "alerts", "--days=45", "--json"]).standardOutput == "{\"days\": [45]}\n")
        for (days, message) in [
            ("0", "--days takes whole days from 1 to 365 separated by commas, such as 30,14,7,1, not '0'"),
            ("400", "not '400'"), ("7,,1", "not '7,,1'"), ("a week", "not 'a week'"), ("-7", "not '-7'"),
            ("1,2,3,4,5,6,7,8,9,10,11", "--days takes at most ten days, not 11"),
        ] {
            result = try review(["signing", "alerts", "--days", days])
            #expect(result.status == 64, "\(days): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(days): \(result.standardError)")
        }
        #expect(try review(["signing", "alerts", "--json"]).standardOutput == "{\"days\": [45]}\n", "unchanged")
        // The largest alert day is where expiring starts: 180 days left is active at 45, expiring at 200.
        #expect(try Self.items(try review(["signing", "--json"]))[0]["state"] as? String == "active")
        #expect(try review(["signing", "alerts", "--days", "200"]).status == 0)
        #expect(try Self.items(try review(["signing", "--json"]))[0]["state"] as? String == "expiring")

        result = try review(["signing", "remove", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "Removed signing item 1 (client-secret): \"Web\", its history and pending alerts.\n")
        result = try review(["signing", "remove", "1"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("no signing item has id 1"), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("; `review signing --all` shows ids\n"), "\(result.standardError)")
        result = try review(["signing", "remove", "first"])
        #expect(result.status == 64 && result.standardError.contains("the signing item id \"first\" is not a positive"))
        result = try review(["signing"])
        #expect(result.standardOutput.hasPrefix("No signing items yet. Track a local provisioning profile"))
        #expect(result.standardOutput.contains("review signing add PATH; review sync records"))
        #expect(try review(["signing", "--json"]).standardOutput == "{\"items\": []}\n")
        result = try review(["signing", "lsit"])
        #expect(result.status == 64 && result.standardError.contains("did you mean list?"), "\(result.standardError)")
    }
}
