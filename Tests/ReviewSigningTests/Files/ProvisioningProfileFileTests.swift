import Foundation
import GatehouseTesting
import ReviewSigning
import SigningTesting
import Testing

@Suite("Provisioning profile files")
struct ProvisioningProfileFileTests {
    private func profile(_ contents: SigningFileContents) throws -> ProvisioningProfileFile {
        guard case .profile(let profile) = contents else {
            Issue.record("expected a profile, read \(contents.kind)")
            throw CancellationError()
        }
        return profile
    }

    private func testRootTrust(_ fixtures: SigningFixtures) throws -> ProfileSignerTrust {
        try ProfileSignerTrust(
            name: "Gatehouse Test Root", rootFingerprints: [fixtures.sha256Fingerprint(of: fixtures.rootDER)])
    }

    @Test("a CMS-signed profile is read: its keys, its developer certificates, its signer")
    func readsProfile() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
        let path = try fixtures.write(der, as: "App_Store.mobileprovision")
        let contents = try SigningFile.read(path: path)
        let profile = try profile(contents)
        #expect(contents.kind == .profile)
        #expect(profile.name == "Example & Co App Store")
        #expect(contents.displayName == "Example & Co App Store")
        #expect(profile.uuid == "5C9D3F1E-2B4A-4C6D-8E0F-1A2B3C4D5E6F")
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.teamName == "Example Team")
        #expect(profile.appIDName == "Example App")
        #expect(profile.platforms == ["iOS", "xrOS"])
        #expect(profile.apsEnvironment == "production")
        #expect(profile.creationDate == ISO8601DateFormatter().date(from: "2024-01-02T03:04:05Z"))
        #expect(profile.expirationDate == ISO8601DateFormatter().date(from: "2099-01-01T00:00:00Z"))
        #expect(profile.developerCertificates.map(\.serialNumber) == ["4D5E6F", "1A2B3C"])
        #expect(
            profile.developerCertificates.map(\.commonName)
                == Array(repeating: "Apple Distribution: Example Team (ABCDE12345)", count: 2))
        #expect(profile.developerCertificates[0].typeName == "Apple Distribution")
        #expect(profile.signer.commonName == "Gatehouse Test Profile Signing")
        #expect(
            contents.detail.hasPrefix("iOS/xrOS profile, UUID 5C9D3F1E-2B4A-4C6D-8E0F-1A2B3C4D5E6F, team ABCDE12345"))
        #expect(contents.detail.contains("aps-environment production"), "\(contents.detail)")
    }

    @Test("the effective expiry is the certificate that expires first, when it is before the profile's own date")
    func certificateDecides() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
        let profile = try profile(try SigningFile.read(contents: der, file: "p.mobileprovision"))
        let short = try fixtures.notAfter(of: fixtures.developerCertificates[1])
        let long = try fixtures.notAfter(of: fixtures.developerCertificates[0])
        #expect(short < long)
        #expect(profile.developerCertificates.map(\.notAfter) == [long, short])
        #expect(profile.decidedBy == .developerCertificate(index: 1))
        #expect(profile.expires == short)
        #expect(SigningFileContents.profile(profile).expires == short)
    }

    @Test("the profile's own ExpirationDate decides when it comes first, to the second, UTC")
    func profileDecides() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(
            SigningFixtures.propertyList(
                expiration: "2001-02-03T04:05:06Z", certificates: fixtures.developerCertificates))
        let profile = try profile(try SigningFile.read(contents: der, file: "p.mobileprovision"))
        let expected = try #require(ISO8601DateFormatter().date(from: "2001-02-03T04:05:06Z"))
        #expect(profile.decidedBy == .profile)
        #expect(profile.expires == expected)
        #expect(profile.expires.timeIntervalSince1970 == 981_173_106)
    }

    @Test(
        "a profile without DeveloperCertificates entries expires on its own date; one without aps-environment has none")
    func noCertificates() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(SigningFixtures.propertyList(certificates: [], apsEnvironment: nil))
        let contents = try SigningFile.read(contents: der, file: "p.mobileprovision")
        let profile = try profile(contents)
        #expect(profile.developerCertificates.isEmpty)
        #expect(profile.decidedBy == .profile)
        #expect(profile.apsEnvironment == nil)
        #expect(!contents.detail.contains("aps-environment"))
    }

    @Test("a signer under roots not Apple's is accepted, and DETAIL says it is not chained to Apple")
    func notChainedToApple() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
        let contents = try SigningFile.read(contents: der, file: "p.mobileprovision")
        let profile = try profile(contents)
        #expect(!profile.signer.isChained)
        guard case .notChained(let owner, let why) = profile.signer.chain else {
            Issue.record("expected not chained, got \(profile.signer.chain)")
            return
        }
        #expect(owner == "Apple")
        #expect(why.contains("none of the root certificates of Apple"), "\(why)")
        #expect(contents.detail.contains("signer not chained to Apple"), "\(contents.detail)")
    }

    @Test("the signer chains to roots pinned by fingerprint when the message carries the root, and DETAIL is quiet")
    func chainedToPinnedRoot() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
        let contents = try SigningFile.read(contents: der, file: "p.mobileprovision", trust: testRootTrust(fixtures))
        let profile = try profile(contents)
        #expect(profile.signer.chain == .chained(to: "Gatehouse Test Root"))
        #expect(profile.signer.isChained)
        #expect(!contents.detail.contains("chained"), "\(contents.detail)")
    }

    @Test("a message that leaves its root out does not chain, even to the pinned root")
    func rootNotCarried() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(
            SigningFixtures.propertyList(certificates: fixtures.developerCertificates), includeRoot: false)
        let profile = try profile(try SigningFile.read(contents: der, file: "p", trust: testRootTrust(fixtures)))
        #expect(!profile.signer.isChained)
        #expect(
            profile.signer.chain
                == .notChained(
                    to: "Gatehouse Test Root",
                    because: "the message carries none of the root certificates of Gatehouse Test Root"))
    }

    @Test("pinning the signer's own certificate (not self-signed) does not make a chain: OpenSSL's reason is given")
    func pinnedIntermediate() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
        let trust = try ProfileSignerTrust(
            name: "Elsewhere", rootFingerprints: [fixtures.sha256Fingerprint(of: fixtures.signerDER)])
        let contents = try SigningFile.read(contents: der, file: "p", trust: trust)
        let profile = try profile(contents)
        guard case .notChained(let owner, let why) = profile.signer.chain else {
            Issue.record("expected not chained, got \(profile.signer.chain)")
            return
        }
        #expect(owner == "Elsewhere")
        #expect(!why.contains("none of the root certificates"), "\(why)")
        #expect(contents.detail.contains("signer not chained to Elsewhere (\(why))"), "\(contents.detail)")
    }

    @Test("ProfileSignerTrust refuses a fingerprint that is not 32 bytes, and an empty list")
    func invalidTrustAnchor() {
        expectError(SigningError(.invalidTrustAnchor), mentioning: ["fingerprint 2", "20 bytes", "32"]) {
            _ = try ProfileSignerTrust(
                name: "Mine", rootFingerprints: [Array(repeating: 1, count: 32), Array(repeating: 2, count: 20)])
        }
        expectError(SigningError(.invalidTrustAnchor), mentioning: ["Mine", "empty"]) {
            _ = try ProfileSignerTrust(name: "Mine", rootFingerprints: [])
        }
    }

    @Test("Apple's trust pins two 32-byte fingerprints")
    func appleFingerprints() {
        #expect(ProfileSignerTrust.apple.name == "Apple")
        #expect(ProfileSignerTrust.apple.rootFingerprints.count == 2)
        #expect(ProfileSignerTrust.apple.rootFingerprints.allSatisfy { $0.count == 32 })
    }

    @Test(
        "one of them is Apple Root CA - G3's, as openssl computes it from the certificate in ../shared",
        .enabled(if: SharedResources.hasAppleReal, Comment(rawValue: SharedResources.absentMessage)))
    func appleG3Fingerprint() throws {
        let fixtures = try SigningFixtures.get()
        let der = try Data(
            contentsOf: SharedResources.appleRealDirectory.appendingPathComponent("appstore/AppleRootCA-G3.cer"))
        #expect(ProfileSignerTrust.apple.rootFingerprints.contains(try fixtures.sha256Fingerprint(of: Array(der))))
    }

    // MARK: - Refused

    @Test("a profile altered after signing is refused as not intact, naming the file")
    func alteredContent() throws {
        let fixtures = try SigningFixtures.get()
        var der = try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
        let marker = Array("2099-01-01".utf8)
        let at = try #require(Self.firstIndex(of: marker, in: der))
        der[at + 3] = UInt8(ascii: "8")  // 2098: a later ExpirationDate would be the forger's aim
        let path = try fixtures.write(der, as: "Altered.mobileprovision")
        expectError(SigningError(.profileSignatureBroken), mentioning: [path, "not intact", "altered"]) {
            _ = try SigningFile.read(path: path)
        }
    }

    @Test("bytes appended to a signed profile, or a truncated one, are refused as not intact")
    func appendedAndTruncated() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
        expectError(SigningError(.profileSignatureBroken), mentioning: ["p.mobileprovision", "4 bytes after"]) {
            _ = try SigningFile.read(contents: der + [1, 2, 3, 4], file: "p.mobileprovision")
        }
        expectError(SigningError(.profileSignatureBroken), mentioning: ["p.mobileprovision", "truncated"]) {
            _ = try SigningFile.read(contents: Array(der.prefix(der.count / 2)), file: "p.mobileprovision")
        }
    }

    @Test("a detached signature without its content is refused")
    func detached() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(
            SigningFixtures.propertyList(certificates: fixtures.developerCertificates), detached: true)
        expectError(SigningError(.profileSignatureBroken), mentioning: ["p", "detached"]) {
            _ = try SigningFile.read(contents: der, file: "p")
        }
    }

    @Test("a CMS message that is not SignedData is refused as not a signing file, naming its type")
    func notSignedData() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.cmsData(SigningFixtures.propertyList(certificates: []))
        expectError(SigningError(.notASigningFile), mentioning: ["data.cms", "pkcs7-data", "not SignedData"]) {
            _ = try SigningFile.read(contents: der, file: "data.cms")
        }
    }

    @Test(
        "a signed message whose content is not a profile's property list is refused, naming the key",
        arguments: [
            ("hello", "not a strict XML property list"),
            ("<plist version=\"1.0\"><array/></plist>", "<array>"),
            (
                "<plist version=\"1.0\"><dict><key>Name</key><string>a</string><key>Name</key><string>b</string></dict></plist>",
                "\"Name\" appears twice"
            ),
        ])
    func notAProfile(content: String, fragment: String) throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(content)
        expectError(SigningError(.invalidProfile), mentioning: ["the profile p", fragment]) {
            _ = try SigningFile.read(contents: der, file: "p")
        }
    }

    @Test("a profile without ExpirationDate, or with a key of the wrong type, is refused naming the key")
    func missingOrMistypedKey() throws {
        let fixtures = try SigningFixtures.get()
        let noExpiry = try fixtures.signed(SigningFixtures.propertyList(expiration: nil, certificates: []))
        expectError(SigningError(.invalidProfile), mentioning: ["no ExpirationDate key", "<date>"]) {
            _ = try SigningFile.read(contents: noExpiry, file: "p")
        }
        let stringExpiry = try fixtures.signed(
            SigningFixtures.propertyList(
                expiration: nil, certificates: [],
                extra: "\t<key>ExpirationDate</key>\n\t<string>2030-01-01T00:00:00Z</string>\n"))
        expectError(SigningError(.invalidProfile), mentioning: ["ExpirationDate as <string>", "must be a <date>"]) {
            _ = try SigningFile.read(contents: stringExpiry, file: "p")
        }
        let numberAPS = try fixtures.signed(
            SigningFixtures.propertyList(certificates: [], apsEnvironment: nil)
                .replacingOccurrences(
                    of: "\t\t<key>application-identifier</key>",
                    with: "\t\t<key>aps-environment</key><integer>1</integer>\n\t\t<key>application-identifier</key>"))
        expectError(SigningError(.invalidProfile), mentioning: ["Entitlements aps-environment as <integer>"]) {
            _ = try SigningFile.read(contents: numberAPS, file: "p")
        }
    }

    @Test("a DeveloperCertificates entry that is not a certificate is refused, naming which one")
    func badDeveloperCertificate() throws {
        let fixtures = try SigningFixtures.get()
        let der = try fixtures.signed(
            SigningFixtures.propertyList(certificates: [
                fixtures.developerCertificates[0], [0x30, 0x03, 0x02, 0x01, 0x01],
            ]))
        expectError(
            SigningError(.invalidProfile), mentioning: ["certificate 2 of DeveloperCertificates", "the profile p"]
        ) {
            _ = try SigningFile.read(contents: der, file: "p")
        }
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
