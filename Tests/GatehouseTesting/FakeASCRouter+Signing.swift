import Foundation

extension FakeAppStoreConnect.Context {
    static let certificateListParameters: Set<String> = [
        "fields[certificates]", "fields[passTypeIds]", "filter[displayName]", "filter[certificateType]",
        "filter[serialNumber]", "filter[id]", "sort", "include", "limit", "cursor",
    ]
    static let profileListParameters: Set<String> = [
        "fields[profiles]", "fields[bundleIds]", "fields[devices]", "fields[certificates]", "filter[name]",
        "filter[profileType]", "filter[profileState]", "filter[id]", "sort", "include", "limit",
        "limit[certificates]", "limit[devices]", "cursor",
    ]

    // MARK: Endpoints

    func listCertificates() -> LoopbackResponse {
        var certificates = state.certificates
        if let types = values("filter[certificateType]") {
            certificates = certificates.filter { types.contains($0.certificateType) }
        }
        if let serials = values("filter[serialNumber]") {
            certificates = certificates.filter { serials.contains($0.serialNumber) }
        }
        if let ids = values("filter[id]") { certificates = certificates.filter { ids.contains($0.id) } }
        return list(certificates.map(render(certificate:)), included: [])
    }

    func listProfiles() -> LoopbackResponse {
        var profiles = state.profiles
        if let types = values("filter[profileType]") { profiles = profiles.filter { types.contains($0.profileType) } }
        if let states = values("filter[profileState]") {
            profiles = profiles.filter { states.contains($0.profileState) }
        }
        if let ids = values("filter[id]") { profiles = profiles.filter { ids.contains($0.id) } }
        return list(profiles.map(render(profile:)), included: profiles.flatMap(includedFor(profile:)))
    }

    func profileCertificates(profileID: String) -> LoopbackResponse {
        guard let profile = state.profiles.first(where: { $0.id == profileID }) else {
            return notFound("profiles", profileID)
        }
        return list(certificates(of: profile).map(render(certificate:)), included: [])
    }

    // MARK: Resources

    /// The certificates of a profile that still exist, in its order.
    func certificates(of profile: FakeASCState.Profile) -> [FakeASCState.Certificate] {
        profile.certificateIDs.compactMap { id in state.certificates.first { $0.id == id } }
    }

    /// `limit[certificates]`, default 10 as Apple's included to-many relationships.
    var certificatesLimit: Int { values("limit[certificates]").flatMap { Int($0[0]) } ?? 10 }

    func render(certificate: FakeASCState.Certificate) -> [String: Any] {
        resource(
            type: "certificates", id: certificate.id,
            attributes: [
                ("name", certificate.name), ("certificateType", certificate.certificateType),
                ("displayName", certificate.displayName), ("serialNumber", certificate.serialNumber),
                ("platform", certificate.platform.map { $0 as Any } ?? NSNull()),
                ("expirationDate", certificate.expirationDate),
                // Base64 DER in Apple's answers; a stand-in here, only sent when asked for (it is large).
                ("certificateContent", Data("DER of \(certificate.id)".utf8).base64EncodedString()),
                ("activated", certificate.activated),
            ],
            relationships: [("passTypeId", ["links": links("certificates", certificate.id, "passTypeId")])])
    }

    func render(profile: FakeASCState.Profile) -> [String: Any] {
        var bundleID: [String: Any] = ["links": links("profiles", profile.id, "bundleId")]
        if includes.contains("bundleId") {
            bundleID["data"] = profile.bundleID.map { ["type": "bundleIds", "id": $0.id] as Any } ?? NSNull()
        }
        var certificates: [String: Any] = ["links": links("profiles", profile.id, "certificates")]
        if includes.contains("certificates") {
            let all = self.certificates(of: profile)
            certificates["data"] = all.prefix(certificatesLimit).map { ["type": "certificates", "id": $0.id] }
            certificates["meta"] = ["paging": ["total": all.count, "limit": certificatesLimit]]
        }
        return resource(
            type: "profiles", id: profile.id,
            attributes: [
                ("name", profile.name), ("platform", profile.platform), ("profileType", profile.profileType),
                ("profileState", profile.profileState),
                ("profileContent", Data("profile \(profile.uuid)".utf8).base64EncodedString()),
                ("uuid", profile.uuid), ("createdDate", profile.createdDate),
                ("expirationDate", profile.expirationDate),
            ],
            relationships: [
                ("bundleId", bundleID), ("devices", ["links": links("profiles", profile.id, "devices")]),
                ("certificates", certificates),
            ])
    }

    func includedFor(profile: FakeASCState.Profile) -> [[String: Any]] {
        var included: [[String: Any]] = []
        if includes.contains("bundleId"), let bundleID = profile.bundleID {
            included.append(
                resource(
                    type: "bundleIds", id: bundleID.id,
                    attributes: [
                        ("name", bundleID.name), ("platform", bundleID.platform),
                        ("identifier", bundleID.identifier), ("seedId", "A1B2C3D4E5"),
                    ],
                    relationships: [("app", ["links": links("bundleIds", bundleID.id, "app")])]))
        }
        if includes.contains("certificates") {
            included += certificates(of: profile).prefix(certificatesLimit).map(render(certificate:))
        }
        return included
    }
}
