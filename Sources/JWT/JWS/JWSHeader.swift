internal import GatehouseCore

/// The protected header of a JWS (RFC 7515 section 4), with its registered members type-checked.
///
/// `jku`, `x5u`, `jwk` and `x5c` are type-checked and kept in `raw`, but never fetched and never used to choose a
/// key (RFC 8725 section 3.10): keys come only from the caller's key set.
public struct JWSHeader: Sendable, Hashable {
    /// `alg` exactly as written (RFC 7515 section 4.1.1).
    public let algorithmName: String
    /// `kid` (RFC 7515 section 4.1.4), if present.
    public let keyID: String?
    /// `typ` (RFC 7515 section 4.1.9), if present.
    public let type: String?
    /// `cty` (RFC 7515 section 4.1.10), if present.
    public let contentType: String?
    /// `crit` (RFC 7515 section 4.1.11), if present: the extension members the producer marked critical.
    public let critical: [String]?
    /// Every member, in document order.
    public let raw: JSONObject

    /// `alg` as a known algorithm, or nil for anything else (`none`, unknown names).
    public var algorithm: JWSAlgorithm? { JWSAlgorithm(rawValue: algorithmName) }

    /// Members defined by RFC 7515 section 4.1 and RFC 7518 for JWS; `crit` must not list them (4.1.11).
    static let registeredNames: Set<ExactString> = [
        "alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit",
    ]

    /// Reads and type-checks a decoded header.
    /// - Parameters:
    ///   - bytes: the decoded header JSON.
    ///   - maxNestingDepth: the JSON nesting limit.
    /// - Throws: `malformedJSON`, `limitExceeded`, `malformedToken` (not an object), `invalidHeader`.
    init(
        decoded bytes: UnsafeRawBufferPointer, maxNestingDepth: Int,
        maxMembers: Int = JSONValue.defaultMaximumMembers
    ) throws {
        let value = try JSONParser.parse(bytes, maxDepth: maxNestingDepth, maxMembers: maxMembers, what: "header")
        guard case .object(let object) = value else {
            throw JWTError(
                .malformedToken,
                "the header is a JSON \(value.typeName); a JWS header must be a JSON object (RFC 7515 section 4)")
        }
        try self.init(object: object)
    }

    /// Type-checks a header object (RFC 7515 section 4.1).
    /// - Parameter object: the header members.
    /// - Throws: `invalidHeader` naming the member and its type.
    init(object: JSONObject) throws {
        func string(_ value: JSONValue, _ name: String, section: String) throws -> String {
            try value.typed(
                \.stringValue, or: .invalidHeader, "the header member \"\(name)\"", mustBe: "a string",
                rule: "RFC 7515 section \(section)")
        }
        var alg: String?
        var kid: String?
        var typ: String?
        var cty: String?
        var crit: JSONValue?
        // One pass over the members (this runs for every token verified).
        for member in object.members {
            let value = member.value
            switch MemberKey.of(member.name) {
            case MemberKey.alg: alg = try string(value, "alg", section: "4.1.1")
            case MemberKey.kid: kid = try string(value, "kid", section: "4.1.4")
            case MemberKey.typ: typ = try string(value, "typ", section: "4.1.9")
            case MemberKey.cty: cty = try string(value, "cty", section: "4.1.10")
            case MemberKey.jku: _ = try string(value, "jku", section: "4.1.2")
            case MemberKey.x5u: _ = try string(value, "x5u", section: "4.1.5")
            case MemberKey.x5t: _ = try string(value, "x5t", section: "4.1.7")
            case MemberKey.x5tS256: _ = try string(value, "x5t#S256", section: "4.1.8")
            case MemberKey.jwk:
                _ = try value.typed(
                    \.objectValue, or: .invalidHeader, "the header member \"jwk\"", mustBe: "an object",
                    rule: "RFC 7515 section 4.1.3")
            case MemberKey.x5c:
                guard let elements = value.arrayValue, elements.allSatisfy({ $0.stringValue != nil }) else {
                    throw JWTError(
                        .invalidHeader,
                        "the header member \"x5c\" must be an array of strings (RFC 7515 section 4.1.6); it is \(value)"
                    )
                }
            case MemberKey.crit: crit = value
            default: break
            }
        }
        guard let alg else {
            throw JWTError(
                .invalidHeader,
                "the header has no \"alg\" member; every JWS names its algorithm (RFC 7515 section 4.1.1)"
            )
        }
        algorithmName = alg
        keyID = kid
        type = typ
        contentType = cty
        if let crit {
            // RFC 7515 section 4.1.11: a non-empty array of unique strings, each naming a member present in the
            // header and not defined by RFC 7515/7518.
            guard let elements = crit.arrayValue, !elements.isEmpty else {
                throw JWTError(
                    .invalidHeader,
                    "the header member \"crit\" is \(crit); it must be a non-empty array of strings "
                        + "(RFC 7515 section 4.1.11)")
            }
            var names: [String] = []
            for element in elements {
                guard let name = element.stringValue else {
                    throw JWTError(
                        .invalidHeader,
                        "the header member \"crit\" holds a JSON \(element.typeName) (\(element)); it must hold only "
                            + "strings (RFC 7515 section 4.1.11)")
                }
                if ExactString.contains(names, name) {
                    throw JWTError(
                        .invalidHeader, "the header member \"crit\" names \"\(name)\" twice (RFC 7515 section 4.1.11)")
                }
                if Self.registeredNames.contains(ExactString(name)) {
                    throw JWTError(
                        .invalidHeader,
                        "the header member \"crit\" names \"\(name)\", a member defined by RFC 7515 itself; crit may "
                            + "name only extensions (RFC 7515 section 4.1.11)")
                }
                if object[name] == nil {
                    throw JWTError(
                        .invalidHeader,
                        "the header member \"crit\" names \"\(name)\", which is not in the header "
                            + "(RFC 7515 section 4.1.11)")
                }
                names.append(name)
            }
            critical = names
        } else {
            critical = nil
        }
        raw = object
    }
}
