import AppStoreConnect
import Foundation
import GatehouseTesting
import Testing

/// A team's signing items: a distribution certificate (offset date with a fraction), a development one, and two
/// profiles, one including both certificates.
enum SigningCatalogue {
    static let bundle = FakeASCState.BundleID(id: "b-1", identifier: "com.example.demo", name: "Demo")
    static let state = FakeASCState(
        certificates: [
            .init(
                id: "c-dist", name: "Apple Distribution: Example Ltd (A1B2C3D4E5)", certificateType: "DISTRIBUTION",
                serialNumber: "5A1B3C7D9E0F2468", platform: "IOS", expirationDate: "2027-03-14T01:26:53.789-08:00"),
            .init(
                id: "c-dev", name: "Apple Development: Dana Kim (Q7W8E9R0T1)", certificateType: "DEVELOPMENT",
                displayName: "Dana Kim", serialNumber: "1F2E3D4C5B6A7988", platform: nil,
                expirationDate: "2026-12-01T10:00:00.000+00:00", activated: false),
        ],
        profiles: [
            .init(
                id: "p-store", name: "Demo App Store", uuid: "3f1c2b9e-5a47-4d0e-9c8b-7a6f5e4d3c21",
                createdDate: "2026-03-14T09:26:53.000+00:00", expirationDate: "2027-06-30T23:59:59.999+05:30",
                bundleID: bundle, certificateIDs: ["c-dist"]),
            .init(
                id: "p-dev", name: "Demo Development", profileType: "IOS_APP_DEVELOPMENT",
                uuid: "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", createdDate: "2026-03-14T09:26:53.000+00:00",
                expirationDate: "2026-12-01T10:00:00.000+00:00", bundleID: bundle,
                certificateIDs: ["c-dist", "c-dev"]),
        ])

    /// `2027-03-14T01:26:53.789-08:00` to the second: 2027-03-14T09:26:53Z.
    static let distributionExpiry = Date(timeIntervalSince1970: 1_805_016_413)
    /// `2026-12-01T10:00:00.000+00:00`.
    static let developmentExpiry = Date(timeIntervalSince1970: 1_796_119_200)

    /// `count` distribution certificates `c1`..., each expiring a day after the one before.
    static func certificates(_ count: Int) -> [FakeASCState.Certificate] {
        (1...count).map {
            .init(
                id: "c\($0)", name: "Certificate \($0)", serialNumber: String(format: "%016X", $0),
                expirationDate: CivilTimeText.iso8601(1_800_000_000 + Int64($0) * 86_400))
        }
    }
}

/// RFC 3339 text as Apple writes it, for fixtures.
enum CivilTimeText {
    static func iso8601(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

@Suite("Signing: certificates and provisioning profiles read from App Store Connect, complete or not at all")
struct SigningResourceTests {
    @Test("certificates: every attribute read, dates to the second in UTC, one request with limit=200 and fields")
    func certificates() async throws {
        let harness = try Harness(state: SigningCatalogue.state)
        let certificates = try await harness.client.certificates()
        #expect(certificates.map(\.id) == ["c-dist", "c-dev"])
        #expect(
            certificates[0]
                == ASCCertificate(
                    id: "c-dist", name: "Apple Distribution: Example Ltd (A1B2C3D4E5)", certificateType: .distribution,
                    displayName: "Example Ltd", serialNumber: "5A1B3C7D9E0F2468", platform: .iOS,
                    expirationDate: SigningCatalogue.distributionExpiry, activated: true))
        #expect(certificates[1].certificateType == .development && certificates[1].platform == nil)
        #expect(certificates[1].activated == false && certificates[1].displayName == "Dana Kim")
        #expect(certificates[1].expirationDate == SigningCatalogue.developmentExpiry)
        let requests = harness.fake.requests(path: "/v1/certificates")
        #expect(requests.count == 1)
        #expect(
            requests.first?.query
                == "fields%5Bcertificates%5D=name,certificateType,displayName,serialNumber,platform,expirationDate,"
                + "activated&limit=200")
        #expect(requests.first?.query.contains("certificateContent") == false)
    }

    @Test("filter[certificateType] reaches the server and narrows the list")
    func certificateFilter() async throws {
        let harness = try Harness(state: SigningCatalogue.state)
        let development = try await harness.client.certificates(types: [.development, .iOSDevelopment])
        #expect(development.map(\.id) == ["c-dev"])
        let query = harness.fake.requests(path: "/v1/certificates").last?.query ?? ""
        #expect(query.contains("filter%5BcertificateType%5D=DEVELOPMENT,IOS_DEVELOPMENT"))
    }

    @Test("profiles: attributes, the included bundle ID and certificates linked, one request with include and fields")
    func profiles() async throws {
        let harness = try Harness(state: SigningCatalogue.state)
        let profiles = try await harness.client.profiles()
        #expect(profiles.map(\.id) == ["p-store", "p-dev"])
        let store = profiles[0]
        #expect(store.name == "Demo App Store" && store.platform == .iOS && store.profileType == .iOSAppStore)
        #expect(store.profileState == .active && store.uuid == "3f1c2b9e-5a47-4d0e-9c8b-7a6f5e4d3c21")
        #expect(store.createdDate == Date(timeIntervalSince1970: 1_773_480_413))
        #expect(store.expirationDate == Date(timeIntervalSince1970: 1_814_380_199))  // 2027-06-30T18:29:59Z
        #expect(store.bundleID == ASCBundleID(id: "b-1", identifier: "com.example.demo"))
        #expect(store.certificateIDs == ["c-dist"])
        #expect(store.certificates.map(\.expirationDate) == [SigningCatalogue.distributionExpiry])
        let development = profiles[1]
        #expect(development.profileType == .iOSAppDevelopment)
        #expect(development.certificateIDs == ["c-dist", "c-dev"])
        #expect(development.certificates.map(\.id) == ["c-dist", "c-dev"])
        #expect(development.certificates[1].certificateType == .development)
        let requests = harness.fake.requests(path: "/v1/profiles")
        #expect(requests.count == 1 && harness.fake.totalRequests == 1)
        #expect(
            requests.first?.query
                == "fields%5Bprofiles%5D=name,platform,profileType,profileState,uuid,createdDate,expirationDate,"
                + "bundleId,certificates&include=bundleId,certificates&fields%5BbundleIds%5D=identifier"
                + "&fields%5Bcertificates%5D=name,certificateType,displayName,serialNumber,platform,expirationDate,"
                + "activated&limit=200&limit%5Bcertificates%5D=50")
    }

    @Test("both lists of a team that fits a page take 2 requests in all")
    func twoRequests() async throws {
        var state = SigningCatalogue.state
        state.certificates = SigningCatalogue.certificates(200)
        state.profiles = (1...200).map {
            .init(
                id: "p\($0)", name: "Profile \($0)", uuid: "uuid-\($0)", createdDate: "2026-01-01T00:00:00.000+00:00",
                expirationDate: "2027-01-01T00:00:00.000+00:00", bundleID: SigningCatalogue.bundle,
                certificateIDs: ["c\($0)"])
        }
        let harness = try Harness(state: state)
        #expect(try await harness.client.certificates().count == 200)
        let profiles = try await harness.client.profiles()
        #expect(profiles.count == 200 && profiles.allSatisfy { $0.certificates.count == 1 })
        #expect(profiles[199].certificates.first?.id == "c200")
        #expect(harness.fake.totalRequests == 2)
    }

    @Test("pagination: both lists across 3 pages, one request per page, limit and fields on every page")
    func pagination() async throws {
        var state = SigningCatalogue.state
        state.certificates = SigningCatalogue.certificates(5)
        state.profiles = (1...5).map {
            .init(
                id: "p\($0)", name: "Profile \($0)", uuid: "uuid-\($0)", createdDate: "2026-01-01T00:00:00Z",
                expirationDate: "2027-01-01T00:00:00Z", bundleID: SigningCatalogue.bundle,
                certificateIDs: ["c\($0)", "c\(6 - $0)"])
        }
        let harness = try Harness(state: state, configuration: ASCClientConfiguration(pageSize: 2))
        let certificates = try await harness.client.certificates()
        #expect(certificates.map(\.id) == ["c1", "c2", "c3", "c4", "c5"])
        let certificateRequests = harness.fake.requests(path: "/v1/certificates")
        #expect(certificateRequests.count == 3)
        #expect(certificateRequests.dropFirst().allSatisfy { $0.query.hasPrefix("cursor=") })
        #expect(
            certificateRequests.allSatisfy {
                $0.query.contains("limit=2") && $0.query.contains("fields%5Bcertificates%5D=name,")
            })
        let profiles = try await harness.client.profiles()
        #expect(profiles.map(\.id) == ["p1", "p2", "p3", "p4", "p5"])
        #expect(profiles.map { $0.certificates.map(\.id) } == (1...5).map { ["c\($0)", "c\(6 - $0)"] })
        #expect(profiles.allSatisfy { $0.bundleID?.identifier == "com.example.demo" })
        let profileRequests = harness.fake.requests(path: "/v1/profiles")
        #expect(profileRequests.count == 3)
        #expect(
            profileRequests.allSatisfy {
                $0.query.contains("limit=2") && $0.query.contains("include=bundleId,certificates")
            })
        #expect(harness.fake.totalRequests == 6)
    }

    @Test("a profile with more certificates than limit[certificates] has the rest fetched from its /certificates")
    func manyCertificates() async throws {
        var state = SigningCatalogue.state
        state.certificates = SigningCatalogue.certificates(7)
        state.profiles[1].certificateIDs = state.certificates.map(\.id)
        state.profiles[0].certificateIDs = ["c1"]
        let harness = try Harness(state: state, configuration: ASCClientConfiguration(certificatesPerProfile: 3))
        let profiles = try await harness.client.profiles()
        #expect(profiles[0].certificateIDs == ["c1"])
        #expect(profiles[1].certificateIDs == ["c1", "c2", "c3", "c4", "c5", "c6", "c7"])
        #expect(profiles[1].certificates.map(\.id) == profiles[1].certificateIDs)
        #expect(harness.fake.requestCount(path: "/v1/profiles") == 1)
        #expect(harness.fake.requestCount(path: "/v1/profiles/p-dev/certificates") == 1)
        #expect(harness.fake.requestCount(path: "/v1/profiles/p-store/certificates") == 0)
        let query = harness.fake.requests(path: "/v1/profiles/p-dev/certificates").first?.query ?? ""
        #expect(query.contains("limit=200") && !query.contains("certificateContent"))
    }

    @Test("unknown future certificateType, profileType, profileState and platform are kept as raw strings")
    func unknownValues() async throws {
        var state = SigningCatalogue.state
        state.certificates[0].certificateType = "VISION_PRO_ENTERPRISE"
        state.certificates[0].platform = "CAR_OS"
        state.profiles[0].profileType = "VISIONOS_APP_STORE"
        state.profiles[0].profileState = "SUSPENDED"
        state.profiles[0].platform = "VISION_OS"
        let harness = try Harness(state: state)
        let certificate = try #require(try await harness.client.certificates().first)
        #expect(certificate.certificateType.rawValue == "VISION_PRO_ENTERPRISE" && !certificate.certificateType.isKnown)
        #expect(certificate.platform?.rawValue == "CAR_OS" && certificate.platform?.isKnown == false)
        #expect(ASCCertificateType.distribution.isKnown && ASCCertificateType.knownValues.count == 18)
        let profile = try #require(try await harness.client.profiles().first)
        #expect(profile.profileType.rawValue == "VISIONOS_APP_STORE" && !profile.profileType.isKnown)
        #expect(profile.profileState.rawValue == "SUSPENDED" && !profile.profileState.isKnown)
        #expect(profile.platform?.rawValue == "VISION_OS" && profile.platform?.isKnown == false)
        #expect(profile.certificates.first?.certificateType.rawValue == "VISION_PRO_ENTERPRISE")
    }

    @Test("a 403 on either list is a typed forbidden error naming the resource and the key, never an empty list")
    func forbidden() async throws {
        let harness = try Harness(state: SigningCatalogue.state)
        harness.fake.forbidsCertificates = true
        let certificates = await ascError { try await harness.client.certificates() }
        expect(
            certificates, .forbidden,
            naming: ["/v1/certificates", "403", "FORBIDDEN_ERROR", "reading certificates", TestKeys.keyID, "Admin"])
        #expect(certificates?.status == 403)
        #expect(try await harness.client.profiles().count == 2, "profiles are still readable")
        harness.fake.forbidsProfiles = true
        let profiles = await ascError { try await harness.client.profiles() }
        expect(profiles, .forbidden, naming: ["/v1/profiles", "reading provisioning profiles", TestKeys.keyID])
        #expect(profiles?.description.contains("review submissions") == false)
    }

    @Test("a 404, and a 5xx still after the retries, are errors too: the listing is not complete")
    func otherFailures() async throws {
        let harness = try Harness(
            state: SigningCatalogue.state, configuration: ASCClientConfiguration(maximumRetries: 1))
        harness.fake.inject(
            [
                .custom(
                    status: 404,
                    body: #"{"errors":[{"status":"404","code":"NOT_FOUND","title":"x","detail":"not here"}]}"#)
            ], path: "/v1/certificates")
        expect(await ascError { try await harness.client.certificates() }, .notFound, naming: ["/v1/certificates"])
        harness.fake.inject([.serverError(status: 503), .serverError(status: 503)], path: "/v1/profiles")
        expect(
            await ascError { try await harness.client.profiles() }, .serverFailure,
            naming: ["/v1/profiles", "503", "2 attempts"])
        #expect(harness.sleeper.waits.count == 1)
    }

    @Test("a failure on a later page throws: the pages already read are not returned as a list")
    func laterPageFails() async throws {
        var state = SigningCatalogue.state
        state.certificates = SigningCatalogue.certificates(5)
        let harness = try Harness(state: state, configuration: ASCClientConfiguration(pageSize: 2, maximumRetries: 0))
        // The first page comes through; the second fails.
        harness.fake.inject(
            [
                .custom(status: 200, body: Self.certificatesPage(next: "/v1/certificates?cursor=Mg&limit=2")),
                .serverError(status: 500),
            ], path: "/v1/certificates")
        harness.fake.inject([.custom(status: 200, body: "{}")], path: "/v1/profiles")
        expect(
            await ascError { try await harness.client.certificates() }, .serverFailure, naming: ["500", "cursor=Mg"])
        #expect(harness.fake.requestCount(path: "/v1/certificates") == 2)
        expect(await ascError { try await harness.client.profiles() }, .invalidResponse, naming: ["\"data\""])
    }

    @Test("a links.next on another origin is refused for both lists before the token goes there")
    func foreignOrigin() async throws {
        var state = SigningCatalogue.state
        state.certificates = SigningCatalogue.certificates(3)
        state.profiles += [state.profiles[0], state.profiles[1]]
        let harness = try Harness(state: state, configuration: ASCClientConfiguration(pageSize: 2))
        harness.fake.foreignNextOrigin = "https://elsewhere.example"
        expect(
            await ascError { try await harness.client.certificates() }, .paginationFailure,
            naming: ["elsewhere.example", "not sent there", "/v1/certificates"])
        expect(
            await ascError { try await harness.client.profiles() }, .paginationFailure,
            naming: ["elsewhere.example", "not sent there", "/v1/profiles"])
        #expect(harness.fake.totalRequests == 2)
    }

    /// One page of a `CertificatesResponse` as Apple writes it, with a `links.next` when given.
    static func certificatesPage(next: String?) -> String {
        let links = next.map { #""self":"/v1/certificates","next":"\#($0)""# } ?? #""self":"/v1/certificates""#
        return #"""
            {"data":[{"type":"certificates","id":"X1","attributes":{"name":"A","certificateType":"DISTRIBUTION",
            "serialNumber":"01","expirationDate":"2027-01-01T00:00:00.000+00:00"}}],"links":{\#(links)},
            "meta":{"paging":{"total":3,"limit":2}}}
            """#
    }

    @Test("documents shaped as Apple sends them (OpenAPI 4.4.1 CertificatesResponse, ProfilesResponse) read")
    func appleShapedDocuments() async throws {
        let harness = try Harness()
        harness.fake.inject([.custom(status: 200, body: Self.appleCertificates)], path: "/v1/certificates")
        let certificates = try await harness.client.certificates()
        #expect(certificates.count == 1)
        #expect(certificates[0].id == "W8P6Z3T4M2")
        #expect(certificates[0].certificateType == .iOSDistribution && certificates[0].platform == .iOS)
        #expect(certificates[0].serialNumber == "6F2D8A9C1B3E4F50" && certificates[0].activated == nil)
        // 2026-09-18T14:07:31.412-07:00 to the second: 2026-09-18T21:07:31Z.
        #expect(certificates[0].expirationDate == Date(timeIntervalSince1970: 1_789_765_651))
        harness.fake.inject([.custom(status: 200, body: Self.appleProfiles)], path: "/v1/profiles")
        let profiles = try await harness.client.profiles()
        #expect(profiles.count == 1)
        let profile = profiles[0]
        #expect(profile.profileState == .invalid && profile.profileType == .macAppStore)
        #expect(profile.platform == .macOS && profile.uuid == "0e7c3d2a-9f41-4b6e-8a5d-3c2b1a0f9e8d")
        #expect(profile.bundleID == ASCBundleID(id: "H5K9L2M3N4", identifier: "com.example.ledger"))
        #expect(profile.certificateIDs == ["W8P6Z3T4M2"])
        #expect(profile.certificates.first?.expirationDate == Date(timeIntervalSince1970: 1_789_765_651))
        // 2027-02-01T09:15:00+09:00 is 2027-02-01T00:15:00Z.
        #expect(profile.expirationDate == Date(timeIntervalSince1970: 1_801_440_900))
        #expect(profile.createdDate == nil)
    }

    static let appleCertificates = #"""
        {
          "data" : [ {
            "type" : "certificates",
            "id" : "W8P6Z3T4M2",
            "attributes" : {
              "serialNumber" : "6F2D8A9C1B3E4F50",
              "displayName" : "Example Ltd",
              "name" : "iOS Distribution: Example Ltd",
              "platform" : "IOS",
              "expirationDate" : "2026-09-18T14:07:31.412-07:00",
              "certificateType" : "IOS_DISTRIBUTION"
            },
            "relationships" : {
              "passTypeId" : { "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/certificates/W8P6Z3T4M2/relationships/passTypeId", "related" : "https://api.appstoreconnect.apple.com/v1/certificates/W8P6Z3T4M2/passTypeId" } }
            },
            "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/certificates/W8P6Z3T4M2" }
          } ],
          "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/certificates?limit=200" },
          "meta" : { "paging" : { "total" : 1, "limit" : 200 } }
        }
        """#

    static let appleProfiles = #"""
        {
          "data" : [ {
            "type" : "profiles",
            "id" : "R2D2C3PO42",
            "attributes" : {
              "profileState" : "INVALID",
              "name" : "Ledger Mac App Store",
              "platform" : "MAC_OS",
              "profileType" : "MAC_APP_STORE",
              "uuid" : "0e7c3d2a-9f41-4b6e-8a5d-3c2b1a0f9e8d",
              "createdDate" : null,
              "expirationDate" : "2027-02-01T09:15:00+09:00"
            },
            "relationships" : {
              "bundleId" : { "data" : { "type" : "bundleIds", "id" : "H5K9L2M3N4" }, "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/profiles/R2D2C3PO42/relationships/bundleId" } },
              "devices" : { "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/profiles/R2D2C3PO42/relationships/devices" } },
              "certificates" : { "meta" : { "paging" : { "total" : 1, "limit" : 50 } }, "data" : [ { "type" : "certificates", "id" : "W8P6Z3T4M2" } ], "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/profiles/R2D2C3PO42/relationships/certificates" } }
            },
            "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/profiles/R2D2C3PO42" }
          } ],
          "included" : [ {
            "type" : "bundleIds",
            "id" : "H5K9L2M3N4",
            "attributes" : { "identifier" : "com.example.ledger" },
            "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/bundleIds/H5K9L2M3N4" }
          }, {
            "type" : "certificates",
            "id" : "W8P6Z3T4M2",
            "attributes" : {
              "serialNumber" : "6F2D8A9C1B3E4F50",
              "name" : "iOS Distribution: Example Ltd",
              "expirationDate" : "2026-09-18T14:07:31.412-07:00",
              "certificateType" : "IOS_DISTRIBUTION"
            },
            "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/certificates/W8P6Z3T4M2" }
          } ],
          "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/profiles?include=bundleId,certificates" },
          "meta" : { "paging" : { "total" : 1, "limit" : 200 } }
        }
        """#

    @Test("a certificate without expirationDate, or with a date that does not read, is invalidResponse naming it")
    func missingExpiry() async throws {
        let harness = try Harness()
        harness.fake.inject(
            [
                .custom(
                    status: 200,
                    body:
                        #"{"data":[{"type":"certificates","id":"C9","attributes":{"name":"A","certificateType":"DISTRIBUTION","serialNumber":"01"}}],"links":{}}"#
                )
            ], path: "/v1/certificates")
        expect(
            await ascError { try await harness.client.certificates() }, .invalidResponse,
            naming: ["certificates C9", "no attribute \"expirationDate\""])
        harness.fake.inject(
            [
                .custom(
                    status: 200,
                    body:
                        #"{"data":[{"type":"certificates","id":"C9","attributes":{"name":"A","certificateType":"DISTRIBUTION","serialNumber":"01","expirationDate":"next year","activated":"yes"}}],"links":{}}"#
                )
            ], path: "/v1/certificates")
        expect(
            await ascError { try await harness.client.certificates() }, .invalidResponse,
            naming: ["expirationDate", "next year", "RFC 3339"])
    }

    @Test("between two passes: a revoked certificate leaves the complete list and its profile turns INVALID")
    func revokedBetweenPasses() async throws {
        let harness = try Harness(state: SigningCatalogue.state)
        #expect(try await harness.client.certificates().map(\.id) == ["c-dist", "c-dev"])
        #expect(try await harness.client.profiles().map(\.profileState) == [.active, .active])
        harness.fake.update { $0.revokeCertificate("c-dev") }
        #expect(try await harness.client.certificates().map(\.id) == ["c-dist"])
        let profiles = try await harness.client.profiles()
        #expect(profiles.map(\.profileState) == [.active, .invalid])
        #expect(profiles[1].certificateIDs == ["c-dist"])
        harness.fake.update {
            $0.setProfileState("p-store", "INVALID")
            $0.deleteProfile("p-dev")
        }
        #expect(try await harness.client.profiles().map { "\($0.id) \($0.profileState)" } == ["p-store INVALID"])
    }

    @Test("the demo's signing items: one certificate within 30 days, the profile including it, one INVALID profile")
    func demoSigning() async throws {
        let now = Int64(1_800_000_000)
        let signing = FakeASCState.demoSigning(now: now)
        let harness = try Harness(
            state: FakeASCState(
                apps: FakeASCState.App.demoApps, certificates: signing.certificates, profiles: signing.profiles))
        let certificates = try await harness.client.certificates()
        let soon = Date(timeIntervalSince1970: TimeInterval(now + 30 * 86_400))
        #expect(certificates.filter { $0.expirationDate < soon }.map(\.id) == ["c-dist"])
        let profiles = try await harness.client.profiles()
        #expect(profiles.filter { $0.profileState == .invalid }.map(\.name) == ["Ledger Mac App Store"])
        let fokus = try #require(profiles.first { $0.bundleID?.identifier == "com.example.fokus" })
        #expect(fokus.expirationDate > soon)
        #expect(fokus.certificates.map(\.id) == ["c-dist"])
    }
}
