import Foundation

extension FakeAppStoreConnect {
    /// One request being answered: the state as it was when the request arrived, its parameters, and rendering.
    struct Context {
        let state: FakeASCState
        let settings: Settings
        let query: [(name: String, values: [String])]
        let path: String
        let base: String
        let headers: [(name: String, value: String)]

        func values(_ name: String) -> [String]? { query.first { $0.name == name }?.values }

        // MARK: Routing

        func route() -> LoopbackResponse {
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            switch segments.count {
            case 2 where segments == ["v1", "apps"]:
                return checked(allowed: Self.appListParameters) { listApps() }
            case 3 where segments[0...1] == ["v1", "apps"]:
                return checked(allowed: ["fields[apps]"]) { app(segments[2]) }
            case 4 where segments[0...1] == ["v1", "apps"] && segments[3] == "appStoreVersions":
                return checked(allowed: Self.versionListParameters, includes: ["build", "app"]) {
                    versions(appID: segments[2])
                }
            case 3 where segments[0...1] == ["v1", "appStoreVersions"]:
                return checked(
                    allowed: ["fields[appStoreVersions]", "fields[apps]", "fields[builds]", "include"],
                    includes: ["build", "app"]
                ) { version(segments[2]) }
            case 4 where segments[0...1] == ["v1", "apps"] && segments[3] == "webhooks":
                return checked(allowed: ["fields[webhooks]", "fields[apps]", "limit", "cursor"]) {
                    webhooks(appID: segments[2])
                }
            case 2 where segments == ["v1", "reviewSubmissions"]:
                return checked(allowed: Self.submissionListParameters, includes: ["items"]) { submissions() }
            case 3 where segments[0...1] == ["v1", "reviewSubmissions"]:
                return checked(
                    allowed: ["fields[reviewSubmissions]", "fields[reviewSubmissionItems]", "include", "limit[items]"],
                    includes: ["items"]
                ) { submission(segments[2]) }
            case 4 where segments[0...1] == ["v1", "reviewSubmissions"] && segments[3] == "items":
                return checked(
                    allowed: [
                        "fields[reviewSubmissionItems]", "fields[appStoreVersions]", "include", "limit", "cursor",
                    ],
                    includes: ["appStoreVersion"]
                ) { items(submissionID: segments[2]) }
            case 2 where segments == ["v1", "builds"]:
                return checked(allowed: Self.buildListParameters, includes: Self.buildIncludes) { listBuilds() }
            case 4 where segments[0...1] == ["v1", "buildBetaDetails"] && segments[3] == "build":
                return checked(allowed: Self.betaDetailBuildParameters, includes: Self.buildIncludes) {
                    betaDetailBuild(segments[2])
                }
            case 2 where segments == ["v1", "certificates"]:
                return checked(allowed: Self.certificateListParameters, includes: ["passTypeId"]) {
                    listCertificates()
                }
            case 2 where segments == ["v1", "profiles"]:
                return checked(allowed: Self.profileListParameters, includes: ["bundleId", "certificates", "devices"]) {
                    listProfiles()
                }
            case 4 where segments[0...1] == ["v1", "profiles"] && segments[3] == "certificates":
                return checked(allowed: ["fields[certificates]", "limit", "cursor"]) {
                    profileCertificates(profileID: segments[2])
                }
            default:
                return FakeAppStoreConnect.error(
                    404, "NOT_FOUND", "The specified resource does not exist",
                    "The path provided does not match a defined resource type.", headers: headers)
            }
        }

        static let appListParameters: Set<String> = [
            "fields[apps]", "filter[bundleId]", "filter[name]", "filter[sku]", "filter[id]", "limit", "cursor",
        ]
        static let versionListParameters: Set<String> = [
            "filter[platform]", "filter[versionString]", "filter[appVersionState]", "filter[appStoreState]",
            "filter[id]", "fields[appStoreVersions]", "fields[builds]", "fields[apps]", "include", "limit", "cursor",
        ]
        static let submissionListParameters: Set<String> = [
            "filter[app]", "filter[platform]", "filter[state]", "fields[reviewSubmissions]",
            "fields[reviewSubmissionItems]", "include", "limit", "limit[items]", "cursor",
        ]

        /// Apple's 400s for parameters: unknown names, bad `limit`s, unknown `include` values.
        func checked(
            allowed: Set<String>, includes: Set<String> = [], _ answer: () -> LoopbackResponse
        ) -> LoopbackResponse {
            for (name, values) in query {
                guard allowed.contains(name) else {
                    return parameterError(
                        "PARAMETER_ERROR.INVALID", "The parameter '\(name)' can not be used with this request")
                }
                if name == "limit" || name.hasPrefix("limit[") {
                    let maximum = name == "limit" ? 200 : 50
                    guard values.count == 1, let number = Int(values[0]), (1...maximum).contains(number) else {
                        return parameterError(
                            "PARAMETER_ERROR.INVALID",
                            "'\(values.joined(separator: ","))' is not a valid value for '\(name)': 1 to \(maximum)")
                    }
                }
                if name == "include", let bad = values.first(where: { !includes.contains($0) }) {
                    return parameterError(
                        "PARAMETER_ERROR.INVALID", "'\(bad)' is not a valid relationship name for 'include'")
                }
            }
            return answer()
        }

        func parameterError(_ code: String, _ detail: String) -> LoopbackResponse {
            FakeAppStoreConnect.error(400, code, "A parameter has an invalid value", detail, headers: headers)
        }

        func notFound(_ type: String, _ id: String) -> LoopbackResponse {
            FakeAppStoreConnect.error(
                404, "NOT_FOUND", "The specified resource does not exist",
                "There is no resource of type '\(type)' with id '\(id)'", headers: headers)
        }

        // MARK: Endpoints

        func listApps() -> LoopbackResponse {
            var apps = state.apps
            if let ids = values("filter[bundleId]") { apps = apps.filter { ids.contains($0.bundleID) } }
            return list(apps.map(render(app:)), included: [])
        }

        func app(_ id: String) -> LoopbackResponse {
            guard let app = state.apps.first(where: { $0.id == id }) else { return notFound("apps", id) }
            return single(render(app: app), included: [])
        }

        func versions(appID: String) -> LoopbackResponse {
            guard state.apps.contains(where: { $0.id == appID }) else { return notFound("apps", appID) }
            var versions = state.versions.filter { $0.appID == appID }
            if let platforms = values("filter[platform]") {
                versions = versions.filter { platforms.contains($0.platform) }
            }
            if let states = values("filter[appVersionState]") {
                versions = versions.filter { $0.appVersionState.map(states.contains) ?? false }
            }
            if let states = values("filter[appStoreState]") {
                versions = versions.filter { $0.appStoreState.map(states.contains) ?? false }
            }
            if let strings = values("filter[versionString]") {
                versions = versions.filter { strings.contains($0.versionString) }
            }
            if let ids = values("filter[id]") { versions = versions.filter { ids.contains($0.id) } }
            return list(versions.map(render(version:)), included: versions.flatMap(includedFor(version:)))
        }

        func version(_ id: String) -> LoopbackResponse {
            guard let version = state.versions.first(where: { $0.id == id }) else {
                return notFound("appStoreVersions", id)
            }
            return single(render(version: version), included: includedFor(version: version))
        }

        func webhooks(appID: String) -> LoopbackResponse {
            guard state.apps.contains(where: { $0.id == appID }) else { return notFound("apps", appID) }
            return list(state.webhooks.filter { $0.appID == appID }.map(render(webhook:)), included: [])
        }

        func render(webhook: FakeASCState.Webhook) -> [String: Any] {
            [
                "type": "webhooks", "id": webhook.id,
                "attributes": [
                    "name": webhook.name, "url": webhook.url, "enabled": webhook.enabled,
                    "eventTypes": webhook.eventTypes,
                ],
                "links": ["self": base + "/v1/webhooks/" + webhook.id],
            ]
        }

        func submissions() -> LoopbackResponse {
            guard let apps = values("filter[app]"), !apps.isEmpty, !apps[0].isEmpty else {
                return FakeAppStoreConnect.error(
                    400, "PARAMETER_ERROR.REQUIRED", "A required parameter is missing.",
                    "The parameter 'filter[app]' is required", headers: headers)
            }
            var submissions = state.submissions.filter { apps.contains($0.appID) }
            if let platforms = values("filter[platform]") {
                submissions = submissions.filter { platforms.contains($0.platform) }
            }
            if let states = values("filter[state]") { submissions = submissions.filter { states.contains($0.state) } }
            return list(
                submissions.map(render(submission:)), included: submissions.flatMap(includedFor(submission:)))
        }

        func submission(_ id: String) -> LoopbackResponse {
            guard let submission = state.submissions.first(where: { $0.id == id }) else {
                return notFound("reviewSubmissions", id)
            }
            return single(render(submission: submission), included: includedFor(submission: submission))
        }

        func items(submissionID: String) -> LoopbackResponse {
            guard let submission = state.submissions.first(where: { $0.id == submissionID }) else {
                return notFound("reviewSubmissions", submissionID)
            }
            var included: [[String: Any]] = []
            if values("include")?.contains("appStoreVersion") == true {
                for item in submission.items {
                    if let id = item.appStoreVersionID, let version = state.versions.first(where: { $0.id == id }) {
                        included.append(render(version: version))
                    }
                }
            }
            return list(submission.items.map(render(item:)), included: included)
        }

        // MARK: Documents

        func single(_ resource: [String: Any], included: [[String: Any]]) -> LoopbackResponse {
            var document: [String: Any] = ["data": resource, "links": ["self": base + path]]
            if !included.isEmpty { document["included"] = Self.unique(included) }
            return .json(FakeAppStoreConnect.json(document), headers: headers)
        }

        /// A page of a list: `limit` (default 50), `cursor`, `links.next` and `meta.paging`.
        func list(_ resources: [[String: Any]], included: [[String: Any]]) -> LoopbackResponse {
            let limit = values("limit").flatMap { Int($0[0]) } ?? 50
            let offset = values("cursor").flatMap { Self.offset(fromCursor: $0[0]) } ?? 0
            let size = min(limit, settings.shortPageSize ?? limit)
            let start = min(offset, resources.count)
            let end = min(start + size, resources.count)
            let page = Array(resources[start..<end])
            var links: [String: Any] = ["self": url(cursor: values("cursor")?.first, origin: base)]
            let nextOrigin = settings.foreignNextOrigin ?? base
            if settings.loopingPagination, resources.count > size {
                links["next"] = url(cursor: Self.cursor(offset: size), origin: nextOrigin)
            } else if end < resources.count {
                links["next"] = url(cursor: Self.cursor(offset: end), origin: nextOrigin)
            }
            // Only what this page's resources refer to is included.
            let referenced = Set(page.flatMap(Self.references))
            let pageIncluded = included.filter { Self.identifier($0).map(referenced.contains) ?? false }
            var document: [String: Any] = [
                "data": page, "links": links, "meta": ["paging": ["total": resources.count, "limit": limit]],
            ]
            if !pageIncluded.isEmpty { document["included"] = Self.unique(pageIncluded) }
            return .json(FakeAppStoreConnect.json(document), headers: headers)
        }

        /// This request's URL with another cursor, the parameters re-encoded as Apple writes them.
        func url(cursor: String?, origin: String) -> String {
            var pairs = query.filter { $0.name != "cursor" }.map {
                Self.encode($0.name) + "=" + $0.values.map(Self.encode).joined(separator: ",")
            }
            if let cursor { pairs.insert("cursor=" + cursor, at: 0) }
            return origin + path + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
        }

        static func encode(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
                ?? text
        }

        /// Apple's cursors are base64 of `{"offset":"N"}` without padding.
        static func cursor(offset: Int) -> String {
            Data("{\"offset\":\"\(offset)\"}".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        }

        static func offset(fromCursor cursor: String) -> Int? {
            var text = cursor
            while text.count % 4 != 0 { text += "=" }
            guard let data = Data(base64Encoded: text),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let offset = (object["offset"] as? String).flatMap(Int.init)
            else { return nil }
            return offset
        }

        static func identifier(_ resource: [String: Any]) -> String? {
            guard let type = resource["type"] as? String, let id = resource["id"] as? String else { return nil }
            return type + "/" + id
        }

        /// The `type/id` of every relationship linkage of a resource.
        static func references(_ resource: [String: Any]) -> [String] {
            guard let relationships = resource["relationships"] as? [String: Any] else { return [] }
            var found: [String] = []
            for case let relationship as [String: Any] in relationships.values {
                if let one = relationship["data"] as? [String: Any], let id = identifier(one) { found.append(id) }
                if let many = relationship["data"] as? [[String: Any]] { found += many.compactMap(identifier) }
            }
            return found
        }

        static func unique(_ resources: [[String: Any]]) -> [[String: Any]] {
            var seen = Set<String>()
            return resources.filter { seen.insert(identifier($0) ?? UUID().uuidString).inserted }
        }

        // MARK: Resources (sparse fieldsets honoured)

        func resource(
            type: String, id: String, attributes: [(String, Any)], relationships: [(String, Any)]
        ) -> [String: Any] {
            let fields = values("fields[\(type)]").map(Set.init)
            var attributeObject: [String: Any] = [:]
            for (name, value) in attributes where fields?.contains(name) ?? true { attributeObject[name] = value }
            var relationshipObject: [String: Any] = [:]
            for (name, value) in relationships where fields?.contains(name) ?? true { relationshipObject[name] = value }
            var object: [String: Any] = ["type": type, "id": id, "links": ["self": "\(base)/v1/\(type)/\(id)"]]
            if !attributeObject.isEmpty { object["attributes"] = attributeObject }
            if !relationshipObject.isEmpty { object["relationships"] = relationshipObject }
            return object
        }

        func links(_ type: String, _ id: String, _ name: String) -> [String: Any] {
            [
                "self": "\(base)/v1/\(type)/\(id)/relationships/\(name)",
                "related": "\(base)/v1/\(type)/\(id)/\(name)",
            ]
        }

        var includes: Set<String> { Set(values("include") ?? []) }

        func render(app: FakeASCState.App) -> [String: Any] {
            resource(
                type: "apps", id: app.id,
                attributes: [
                    ("name", app.name), ("bundleId", app.bundleID), ("sku", app.sku), ("primaryLocale", "en-US"),
                    ("isOrEverWasMadeForKids", false), ("contentRightsDeclaration", "DOES_NOT_USE_THIRD_PARTY_CONTENT"),
                ],
                relationships: [
                    ("appStoreVersions", ["links": links("apps", app.id, "appStoreVersions")]),
                    ("reviewSubmissions", ["links": links("apps", app.id, "reviewSubmissions")]),
                ])
        }

        func render(version: FakeASCState.Version) -> [String: Any] {
            var attributes: [(String, Any)] = [
                ("platform", version.platform), ("versionString", version.versionString),
            ]
            if let state = version.appStoreState { attributes.append(("appStoreState", state)) }
            if let state = version.appVersionState { attributes.append(("appVersionState", state)) }
            attributes += [
                ("copyright", "2026 Example"), ("reviewType", "APP_STORE"), ("releaseType", "MANUAL"),
                ("earliestReleaseDate", NSNull()), ("downloadable", true),
                ("createdDate", version.createdDate.map { $0 as Any } ?? NSNull()),
            ]
            var build: [String: Any] = ["links": links("appStoreVersions", version.id, "build")]
            if includes.contains("build") {
                build["data"] = version.build.map { ["type": "builds", "id": $0.id] as Any } ?? NSNull()
            }
            return resource(
                type: "appStoreVersions", id: version.id, attributes: attributes,
                relationships: [
                    ("app", ["data": ["type": "apps", "id": version.appID]]), ("build", build),
                    (
                        "appStoreVersionLocalizations",
                        ["links": links("appStoreVersions", version.id, "appStoreVersionLocalizations")]
                    ),
                ])
        }

        func includedFor(version: FakeASCState.Version) -> [[String: Any]] {
            var included: [[String: Any]] = []
            if includes.contains("build"), let build = version.build {
                included.append(
                    resource(
                        type: "builds", id: build.id,
                        attributes: [
                            ("version", build.version),
                            ("uploadedDate", build.uploadedDate.map { $0 as Any } ?? NSNull()),
                            ("expired", false), ("minOsVersion", "17.0"), ("processingState", "VALID"),
                        ], relationships: []))
            }
            if includes.contains("app"), let app = state.apps.first(where: { $0.id == version.appID }) {
                included.append(render(app: app))
            }
            return included
        }

        var itemsLimit: Int { values("limit[items]").flatMap { Int($0[0]) } ?? 10 }

        func render(submission: FakeASCState.Submission) -> [String: Any] {
            var items: [String: Any] = ["links": links("reviewSubmissions", submission.id, "items")]
            if includes.contains("items") {
                items["data"] = submission.items.prefix(itemsLimit).map {
                    ["type": "reviewSubmissionItems", "id": $0.id]
                }
                items["meta"] = ["paging": ["total": submission.items.count, "limit": itemsLimit]]
            }
            let forReview = submission.items.first { $0.appStoreVersionID != nil }?.appStoreVersionID
            return resource(
                type: "reviewSubmissions", id: submission.id,
                attributes: [
                    ("platform", submission.platform),
                    ("submittedDate", submission.submittedDate.map { $0 as Any } ?? NSNull()),
                    ("state", submission.state),
                ],
                relationships: [
                    ("app", ["data": ["type": "apps", "id": submission.appID]]), ("items", items),
                    (
                        "appStoreVersionForReview",
                        ["data": forReview.map { ["type": "appStoreVersions", "id": $0] as Any } ?? NSNull()]
                    ),
                ])
        }

        func includedFor(submission: FakeASCState.Submission) -> [[String: Any]] {
            guard includes.contains("items") else { return [] }
            return submission.items.prefix(itemsLimit).map(render(item:))
        }

        func render(item: FakeASCState.Item) -> [String: Any] {
            var relationships: [(String, Any)] = [
                (
                    "appStoreVersion",
                    ["data": item.appStoreVersionID.map { ["type": "appStoreVersions", "id": $0] as Any } ?? NSNull()]
                )
            ]
            if let type = item.otherType, let id = item.otherID {
                relationships.append((String(type.dropLast()), ["data": ["type": type, "id": id]]))
            }
            return resource(
                type: "reviewSubmissionItems", id: item.id, attributes: [("state", item.state)],
                relationships: relationships)
        }
    }
}
