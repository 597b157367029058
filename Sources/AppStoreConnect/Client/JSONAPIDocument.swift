import GatehouseFoundation
internal import JWT

/// A resource's `type` and `id` (JSON:API resource identifier).
struct JSONAPIIdentifier: Hashable, Sendable {
    let type: String
    let id: String
}

/// One relationship of a resource: its linkage (`data`) when sent, and the to-many paging total when sent.
struct JSONAPIRelationship: Sendable {
    /// The identifiers in `data`: one or none for a to-one relationship, any number for a to-many one.
    let identifiers: [JSONAPIIdentifier]
    /// Whether `data` was present (a to-one relationship with `data: null` has it, with no identifier).
    let hasData: Bool
    /// `meta.paging.total` of a to-many relationship: how many there are, when more than `data` holds.
    let total: Int?
}

/// One resource object: `type`, `id`, `attributes`, `relationships`, read strictly.
struct JSONAPIResource: Sendable {
    let identifier: JSONAPIIdentifier
    let attributes: JSONObject
    let relationships: JSONObject
    /// The request URL, for messages.
    let url: String

    var type: String { identifier.type }
    var id: String { identifier.id }

    init(_ value: JSONValue, url: String, where place: String) throws {
        guard case .object(let object) = value else {
            throw Self.invalid(url, "\(place) is a JSON \(value.typeName), not a resource object")
        }
        guard let type = object["type"]?.stringValue, let id = object["id"]?.stringValue, !type.isEmpty, !id.isEmpty
        else {
            throw Self.invalid(url, "\(place) has no string \"type\" and \"id\" (JSON:API resource object)")
        }
        identifier = JSONAPIIdentifier(type: type, id: id)
        self.url = url
        switch object["attributes"] {
        case nil, .null?: attributes = JSONObject(members: [])
        case .object(let members)?: attributes = members
        case let other?:
            throw Self.invalid(url, "\(place) (\(type) \(Quoting.token(id))) has attributes of JSON \(other.typeName)")
        }
        switch object["relationships"] {
        case nil, .null?: relationships = JSONObject(members: [])
        case .object(let members)?: relationships = members
        case let other?:
            throw Self.invalid(
                url, "\(place) (\(type) \(Quoting.token(id))) has relationships of JSON \(other.typeName)")
        }
    }

    /// Checks the resource's `type`.
    func expect(type expected: String) throws {
        guard type == expected else {
            throw Self.invalid(
                url, "expected a resource of type \"\(expected)\", got \(Quoting.quoted(type, limit: 80))")
        }
    }

    /// A string attribute that must be present.
    func string(_ name: String) throws -> String {
        guard let value = try optionalString(name) else {
            throw Self.invalid(url, "\(describe) has no attribute \"\(name)\"")
        }
        return value
    }

    /// A string attribute, nil when absent or null.
    func optionalString(_ name: String) throws -> String? {
        assert(
            ASCVocabulary.reads(type: type, attribute: name),
            "\(type).\(name) is read but not listed in ASCVocabulary, so the conformance test does not check it")
        switch attributes[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?:
            throw Self.invalid(url, "\(describe) has attribute \"\(name)\" of JSON \(other.typeName), not a string")
        }
    }

    /// A date-time attribute (RFC 3339, any offset), nil when absent or null.
    /// - Parameter wholeSeconds: drop the fraction of a second (a date kept to the second).
    func date(_ name: String, wholeSeconds: Bool = false) throws -> Date? {
        guard let text = try optionalString(name) else { return nil }
        guard let date = ASCDate.parse(text) else {
            throw Self.invalid(
                url,
                "\(describe) has attribute \"\(name)\" \(Quoting.quoted(text, limit: 60)), not an RFC 3339 date-time")
        }
        return wholeSeconds ? Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) : date
    }

    /// A date-time attribute that must be present.
    func requiredDate(_ name: String, wholeSeconds: Bool = false) throws -> Date {
        guard let date = try date(name, wholeSeconds: wholeSeconds) else {
            throw Self.invalid(url, "\(describe) has no attribute \"\(name)\"")
        }
        return date
    }

    /// A boolean attribute, nil when absent or null.
    func optionalBool(_ name: String) throws -> Bool? {
        assert(
            ASCVocabulary.reads(type: type, attribute: name),
            "\(type).\(name) is read but not listed in ASCVocabulary, so the conformance test does not check it")
        switch attributes[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?:
            throw Self.invalid(url, "\(describe) has attribute \"\(name)\" of JSON \(other.typeName), not a boolean")
        }
    }

    /// A relationship, nil when absent.
    func relationship(_ name: String) throws -> JSONAPIRelationship? {
        assert(
            ASCVocabulary.reads(type: type, relationship: name),
            "\(type).\(name) is read but not listed in ASCVocabulary, so the conformance test does not check it")
        guard let value = relationships[name], value != .null else { return nil }
        guard case .object = value else {
            throw Self.invalid(url, "\(describe) has relationship \"\(name)\" of JSON \(value.typeName)")
        }
        var identifiers: [JSONAPIIdentifier] = []
        let data = value["data"]
        switch data {
        case nil, .null?: break
        case .object?: identifiers = [try Self.identifier(data!, url: url, where: "\(describe) relationship \(name)")]
        case .array(let elements)?:
            identifiers = try elements.map {
                try Self.identifier($0, url: url, where: "\(describe) relationship \(name)")
            }
        case let other?:
            throw Self.invalid(url, "\(describe) relationship \"\(name)\" has data of JSON \(other.typeName)")
        }
        let total = value["meta"]?["paging"]?["total"]?.numberValue?.int64Value.flatMap { Int(exactly: $0) }
        return JSONAPIRelationship(identifiers: identifiers, hasData: data != nil, total: total)
    }

    /// `apps "123"`, for messages.
    var describe: String { "\(type) \(Quoting.token(id))" }

    static func identifier(_ value: JSONValue, url: String, where place: String) throws -> JSONAPIIdentifier {
        guard let type = value["type"]?.stringValue, let id = value["id"]?.stringValue else {
            throw invalid(url, "\(place) has linkage without string \"type\" and \"id\"")
        }
        return JSONAPIIdentifier(type: type, id: id)
    }

    static func invalid(_ url: String, _ what: String) -> AppStoreConnectError {
        AppStoreConnectError(
            .invalidResponse,
            "GET \(url) answered a document App Store Connect does not send: \(what); check the base URL and any proxy",
            url: url)
    }
}

/// A JSON:API top-level document as App Store Connect sends it: `data` (one resource or a list), `included`,
/// `links.next` and `meta.paging.total`.
struct JSONAPIDocument: Sendable {
    /// The primary resources (one for a single-resource document).
    let data: [JSONAPIResource]
    /// Whether `data` was a list.
    let isCollection: Bool
    /// The included resources by identifier.
    let included: [JSONAPIIdentifier: JSONAPIResource]
    /// The document-level `links.next`, when present.
    let next: String?
    /// `meta.paging.total`, when present.
    let total: Int?
    /// The request URL.
    let url: String

    /// The most members one object, or elements one array, may have: 16,384 (a page of 200 review submissions with
    /// 50 items each includes 10,000 items).
    static let maximumElements = 16_384

    /// Parses a body.
    /// - Parameters:
    ///   - body: the response body.
    ///   - url: the request URL, for messages.
    ///   - maxBytes: the body cap.
    /// - Throws: `AppStoreConnectError.invalidResponse` naming the URL and the defect.
    init(body: [UInt8], url: String, maxBytes: Int) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(
                body, maxNestingDepth: 32, maxBytes: maxBytes, maxMembers: Self.maximumElements)
        } catch let error as JWTError {
            throw JSONAPIResource.invalid(
                url, "the body is not JSON this client reads (JWTError.\(error.code): \(error.reason))")
        }
        guard case .object = value else {
            throw JSONAPIResource.invalid(url, "the body is a JSON \(value.typeName), not a JSON:API document")
        }
        self.url = url
        switch value["data"] {
        case .array(let elements)?:
            isCollection = true
            data = try elements.enumerated().map { try JSONAPIResource($1, url: url, where: "data[\($0)]") }
        case .object?:
            isCollection = false
            data = [try JSONAPIResource(value["data"]!, url: url, where: "data")]
        default:
            throw JSONAPIResource.invalid(url, "the document has no \"data\" object or list")
        }
        var included: [JSONAPIIdentifier: JSONAPIResource] = [:]
        switch value["included"] {
        case nil, .null?: break
        case .array(let elements)?:
            for (index, element) in elements.enumerated() {
                let resource = try JSONAPIResource(element, url: url, where: "included[\(index)]")
                included[resource.identifier] = resource
            }
        case let other?:
            throw JSONAPIResource.invalid(url, "\"included\" is a JSON \(other.typeName), not a list")
        }
        self.included = included
        switch value["links"]?["next"] {
        case nil, .null?: next = nil
        case .string(let text)?: next = text
        case let other?: throw JSONAPIResource.invalid(url, "links.next is a JSON \(other.typeName), not a URL")
        }
        total = value["meta"]?["paging"]?["total"]?.numberValue?.int64Value.flatMap { Int(exactly: $0) }
    }

    /// The one primary resource of a single-resource document.
    func single() throws -> JSONAPIResource {
        guard !isCollection, let resource = data.first else {
            throw JSONAPIResource.invalid(url, "expected one resource in \"data\", got a list")
        }
        return resource
    }
}
