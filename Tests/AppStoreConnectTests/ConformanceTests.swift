import Foundation
import GatehouseTesting
import Testing

@testable import AppStoreConnect

/// Apple's OpenAPI description of the App Store Connect API (4.4.1), read by path from `../shared/asc/asc.json`.
enum AppleDescription {
    static let file = SharedResources.sharedDirectory.appendingPathComponent("asc/asc.json")
    static let isAvailable = FileManager.default.fileExists(atPath: file.path)
    static let absentMessage: Comment =
        "../shared/asc/asc.json (Apple's OpenAPI description) is absent: the conformance checks are skipped"

    nonisolated(unsafe) static let document: [String: Any] = {
        guard let data = try? Data(contentsOf: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }()

    /// Follows a `$ref` such as `#/components/schemas/App`.
    static func resolve(_ value: Any?) -> Any? {
        var current = value
        var hops = 0
        while let object = current as? [String: Any], let reference = object["$ref"] as? String, hops < 16 {
            hops += 1
            current = lookup(reference.dropFirst(2).split(separator: "/").map(String.init))
        }
        return current
    }

    /// The value at a path of member names, `$ref`s followed at every step.
    static func lookup(_ path: [String]) -> Any? {
        var current: Any? = document
        for name in path {
            guard let object = resolve(current) as? [String: Any] else { return nil }
            current = object[name]
        }
        return resolve(current)
    }

    static func schema(_ name: String) -> [String: Any]? { lookup(["components", "schemas", name]) as? [String: Any] }

    /// The GET operation's parameters of a path, the path-level ones included, by name.
    static func parameters(_ path: String) -> [String: [String: Any]] {
        let item = lookup(["paths", path]) as? [String: Any] ?? [:]
        let get = item["get"] as? [String: Any] ?? [:]
        var found: [String: [String: Any]] = [:]
        for entry in (item["parameters"] as? [Any] ?? []) + (get["parameters"] as? [Any] ?? []) {
            if let parameter = resolve(entry) as? [String: Any], let name = parameter["name"] as? String {
                found[name] = parameter
            }
        }
        return found
    }

    /// The `enum` of an array parameter's items, or of a string parameter.
    static func enumValues(of parameter: [String: Any]) -> [String]? {
        let schema = resolve(parameter["schema"]) as? [String: Any]
        let items = resolve(schema?["items"]) as? [String: Any]
        return (items?["enum"] ?? schema?["enum"]) as? [String]
    }
}

@Suite(
    "Conformance: every path, parameter, value, attribute and enum the client uses is in Apple's description",
    .enabled(if: AppleDescription.isAvailable, AppleDescription.absentMessage))
struct ConformanceTests {
    @Test("the description is the one the vocabulary was checked against (4.4.1)")
    func version() {
        let info = AppleDescription.document["info"] as? [String: Any]
        #expect(info?["version"] as? String == "4.4.1")
        #expect(AppleDescription.lookup(ASCVocabulary.securityScheme) as? String == "JWT")
    }

    @Test(
        "each endpoint: the path has a GET; every parameter, filter and page size exists; values are in its enum",
        arguments: ASCVocabulary.endpoints.map(\.path).enumerated().map { ($0.offset, $0.element) })
    func endpoint(index: Int, path: String) {
        let endpoint = ASCVocabulary.endpoints[index]
        #expect(AppleDescription.lookup(["paths", endpoint.path, "get"]) != nil, "\(path) has no GET")
        let parameters = AppleDescription.parameters(endpoint.path)
        if endpoint.path.contains("{id}") {
            #expect(parameters["id"]?["in"] as? String == "path", "\(path): no path parameter id")
        }
        for parameter in endpoint.query {
            guard let described = parameters[parameter.name] else {
                Issue.record("\(path): Apple describes no parameter \(parameter.name)")
                continue
            }
            if parameter.name == "limit" {
                let maximum = (AppleDescription.resolve(described["schema"]) as? [String: Any])?["maximum"] as? Int
                #expect(parameter.values.allSatisfy { Int($0).map { $0 <= maximum ?? 0 } ?? false })
            } else {
                let allowed = AppleDescription.enumValues(of: described) ?? []
                for value in parameter.values {
                    #expect(allowed.contains(value), "\(path): \(parameter.name)=\(value) is not in \(allowed)")
                }
            }
        }
        for limit in endpoint.limits {
            let schema = AppleDescription.resolve(parameters[limit.name]?["schema"]) as? [String: Any]
            #expect(schema != nil, "\(path): Apple describes no parameter \(limit.name)")
            #expect(schema?["maximum"] as? Int == limit.maximum, "\(path): \(limit.name) maximum")
        }
        for filter in endpoint.filters {
            guard let described = parameters[filter.name] else {
                Issue.record("\(path): Apple describes no filter \(filter.name)")
                continue
            }
            if !filter.values.isEmpty {
                let allowed = AppleDescription.enumValues(of: described) ?? []
                for value in filter.values {
                    #expect(allowed.contains(value), "\(path): \(filter.name)=\(value) is not in \(allowed)")
                }
            }
        }
        if endpoint.path == "/v1/builds" {
            #expect(
                (AppleDescription.enumValues(of: parameters["sort"] ?? [:]) ?? []).contains("-uploadedDate"),
                "the newest builds first, so a caller can stop after the first page")
        }
        if endpoint.path == "/v1/reviewSubmissions" {
            #expect(parameters["filter[app]"]?["required"] as? Bool == true, "filter[app] is required, and sent")
        }
    }

    @Test(
        "each endpoint's 200 response is its schema; data and included hold the resources read",
        arguments: ASCVocabulary.endpoints.map(\.path).enumerated().map { ($0.offset, $0.element) })
    func response(index: Int, path: String) throws {
        let endpoint = ASCVocabulary.endpoints[index]
        let reference =
            ((AppleDescription.document["paths"] as? [String: Any])?[endpoint.path] as? [String: Any])
            .flatMap { ($0["get"] as? [String: Any])?["responses"] as? [String: Any] }
            .flatMap { ($0["200"] as? [String: Any])?["content"] as? [String: Any] }
            .flatMap { ($0["application/json"] as? [String: Any])?["schema"] as? [String: Any] }?["$ref"] as? String
        #expect(reference == "#/components/schemas/\(endpoint.responseSchema)", "\(path)")
        let response = try #require(AppleDescription.schema(endpoint.responseSchema))
        let properties = response["properties"] as? [String: Any] ?? [:]
        let data = properties["data"] as? [String: Any] ?? [:]
        let primary = (data["$ref"] ?? (data["items"] as? [String: Any])?["$ref"]) as? String
        #expect(primary == "#/components/schemas/\(endpoint.reads[0].schema)", "\(path): data")
        let included =
            ((properties["included"] as? [String: Any])?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]]
        let includedSchemas = Set((included ?? []).compactMap { $0["$ref"] as? String })
        for read in endpoint.reads.dropFirst() {
            #expect(includedSchemas.contains("#/components/schemas/\(read.schema)"), "\(path): included \(read.schema)")
        }
        if endpoint.limits.contains(where: { $0.name == "limit" }) {
            let links = AppleDescription.resolve(properties["links"]) as? [String: Any]
            #expect((links?["properties"] as? [String: Any])?["next"] != nil, "\(path): a list without links.next")
        }
    }

    @Test(
        "each resource read: its type, attributes and relationships exist in its schema (every read of it)",
        arguments: Set(ASCVocabulary.endpoints.flatMap { $0.reads.map(\.schema) }).sorted())
    func resource(schemaName: String) throws {
        let reads = ASCVocabulary.endpoints.flatMap(\.reads).filter { $0.schema == schemaName }
        let schema = try #require(AppleDescription.schema(schemaName))
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let types = (properties["type"] as? [String: Any])?["enum"] as? [String]
        let attributes = (properties["attributes"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
        let relationships = (properties["relationships"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
        for read in reads {
            #expect(types == [read.type], "\(read.schema): type")
            for name in read.attributes { #expect(attributes[name] != nil, "\(read.schema) has no attribute \(name)") }
            for name in read.relationships {
                #expect(relationships[name] != nil, "\(read.schema) has no relationship \(name)")
            }
        }
    }

    @Test(
        "each include: a relationship of the primary resource, read as such, whose linkage type is a resource read",
        arguments: ASCVocabulary.endpoints.map(\.path).enumerated().map { ($0.offset, $0.element) })
    func includes(index: Int, path: String) {
        let endpoint = ASCVocabulary.endpoints[index]
        let primary = endpoint.reads[0]
        let includedTypes = endpoint.reads.dropFirst().map(\.type)
        for name in endpoint.query.first(where: { $0.name == "include" })?.values ?? [] {
            #expect(primary.relationships.contains(name), "\(path): include=\(name) is not a relationship read")
            let data =
                AppleDescription.lookup([
                    "components", "schemas", primary.schema, "properties", "relationships", "properties", name,
                    "properties", "data",
                ]) as? [String: Any]
            let linkage = (AppleDescription.resolve(data?["items"]) as? [String: Any]) ?? data
            let types = ((linkage?["properties"] as? [String: Any])?["type"] as? [String: Any])?["enum"] as? [String]
            #expect(
                types?.count == 1 && includedTypes.contains(types?[0] ?? ""),
                "\(path): include=\(name) is \(types ?? [])")
        }
    }

    @Test(
        "each POST: the path has a POST with that request and 201 schema; the attributes and relationships sent exist")
    func creations() throws {
        for creation in ASCVocabulary.creations {
            let post = AppleDescription.lookup(["paths", creation.path, "post"]) as? [String: Any]
            #expect(post != nil, "\(creation.path) has no POST")
            let request =
                (((post?["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"]
                as? [String: Any])?["schema"] as? [String: Any]
            #expect(request?["$ref"] as? String == "#/components/schemas/\(creation.requestSchema)")
            let created =
                ((((post?["responses"] as? [String: Any])?["201"] as? [String: Any])?["content"] as? [String: Any])?[
                    "application/json"] as? [String: Any])?["schema"] as? [String: Any]
            #expect(created?["$ref"] as? String == "#/components/schemas/\(creation.responseSchema)")
            let data =
                AppleDescription.lookup([
                    "components", "schemas", creation.requestSchema, "properties", "data", "properties",
                ]) as? [String: Any]
            #expect((data?["type"] as? [String: Any])?["enum"] as? [String] == [creation.type])
            let attributes = ((data?["attributes"] as? [String: Any])?["properties"] as? [String: Any]) ?? [:]
            let required = Set(((data?["attributes"] as? [String: Any])?["required"] as? [String]) ?? [])
            for name in creation.attributes { #expect(attributes[name] != nil, "\(creation.path): no \(name)") }
            #expect(required.isSubset(of: creation.attributes), "\(creation.path) must send \(required.sorted())")
            let relationships = ((data?["relationships"] as? [String: Any])?["properties"] as? [String: Any]) ?? [:]
            for name in creation.relationships {
                #expect(relationships[name] != nil, "\(creation.path): no relationship \(name)")
            }
        }
        let eventTypes = AppleDescription.lookup(["components", "schemas", "WebhookEventType", "enum"]) as? [String]
        #expect(Set(ASCVocabulary.webhookEventTypes).isSubset(of: Set(eventTypes ?? [])))
    }

    @Test("each enum the client names: every value is Apple's, and every Apple value has a constant")
    func enums() {
        for entry in ASCVocabulary.enums {
            let described = AppleDescription.lookup(entry.pointer) as? [String]
            #expect(described != nil, "no enum at \(entry.pointer.joined(separator: "/"))")
            let apple = Set(described ?? [])
            let ours = Set(entry.values)
            #expect(
                ours.subtracting(apple).isEmpty, "\(entry.pointer): not Apple's: \(ours.subtracting(apple).sorted())")
            #expect(
                apple.subtracting(ours).isEmpty, "\(entry.pointer): no constant for \(apple.subtracting(ours).sorted())"
            )
        }
    }

    @Test("the document members read (links.next, paging totals, error entries) exist")
    func documentMembers() {
        for path in ASCVocabulary.documentMembers {
            #expect(AppleDescription.lookup(path) != nil, "\(path.joined(separator: "/")) is not in the description")
        }
    }
}

/// Checks of the vocabulary against itself: they run without Apple's description.
@Suite("The vocabulary is consistent with what the client reads")
struct VocabularyTests {
    @Test(
        "every endpoint asks (fields[type]) for every attribute and relationship it reads, and includes what it reads")
    func fieldsCoverReads() {
        for endpoint in ASCVocabulary.endpoints {
            for read in endpoint.reads {
                let fields = endpoint.query.first { $0.name == "fields[\(read.type)]" }?.values ?? []
                for name in read.attributes + read.relationships {
                    #expect(fields.contains(name), "\(endpoint.path): fields[\(read.type)] lacks \(name)")
                }
            }
        }
    }

    @Test("the URLs the client builds: brackets encoded, values comma-joined, IDs percent-encoded")
    func urls() {
        let url = ASCVocabulary.reviewSubmissions.url(
            base: "https://api.appstoreconnect.apple.com",
            filters: [("filter[app]", ["123"]), ("filter[state]", ["WAITING_FOR_REVIEW", "IN_REVIEW"])],
            limits: ["limit": 200, "limit[items]": 50])
        #expect(
            url
                == "https://api.appstoreconnect.apple.com/v1/reviewSubmissions?fields%5BreviewSubmissions%5D=platform,"
                + "submittedDate,state,app,items&include=items&fields%5BreviewSubmissionItems%5D=state,appStoreVersion"
                + "&filter%5Bapp%5D=123&filter%5Bstate%5D=WAITING_FOR_REVIEW,IN_REVIEW&limit=200&limit%5Bitems%5D=50")
        #expect(
            ASCVocabulary.app.url(base: "https://h", id: "a/b?c")
                == "https://h/v1/apps/a%2Fb%3Fc?fields%5Bapps%5D=name,bundleId")
    }
}
