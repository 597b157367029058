extension ASCVocabulary.Endpoint {
    /// The URL of a request to this endpoint: the base URL, the path with `{id}` percent-encoded, then the fixed
    /// parameters, the filters and the page sizes. Brackets in names are percent-encoded; values are joined with
    /// commas (each value percent-encoded).
    /// - Parameters:
    ///   - base: the base URL without a trailing slash.
    ///   - id: the resource ID, for paths with `{id}`.
    ///   - filters: filters to add; each name must be one of this endpoint's `filters`.
    ///   - limits: page sizes by name; each must be one of this endpoint's `limits`.
    /// - Returns: the URL.
    func url(
        base: String, id: String? = nil, filters: [(name: String, values: [String])] = [], limits: [String: Int] = [:]
    ) -> String {
        var path = path
        if let id { path = path.replacing("{id}", with: Self.encode(id)) }
        precondition(!path.contains("{"), "\(self.path) needs an ID")
        var pairs: [String] = query.map {
            Self.encode($0.name) + "=" + $0.values.map(Self.encode).joined(separator: ",")
        }
        for (name, values) in filters where !values.isEmpty {
            precondition(self.filters.contains { $0.name == name }, "\(name) is not in the vocabulary of \(self.path)")
            pairs.append(Self.encode(name) + "=" + values.map(Self.encode).joined(separator: ","))
        }
        for limit in self.limits {
            if let value = limits[limit.name] { pairs.append(Self.encode(limit.name) + "=\(value)") }
        }
        return base + path + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters (so an ID cannot add a path segment or a
    /// parameter).
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
