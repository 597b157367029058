/// A value of an XML property list (Apple's `PropertyList-1.0.dtd`), as `XMLPropertyListReader` reads it.
///
/// A dictionary's keys are unique (the reader refuses a repeated key), so it is a Swift dictionary; a date is whole
/// seconds since 1970-01-01T00:00:00Z, the only precision the XML form has.
enum PropertyListValue: Sendable, Equatable {
    case dictionary([String: PropertyListValue])
    case array([PropertyListValue])
    case string(String)
    case date(seconds: Int64)
    case data([UInt8])
    case integer(Int64)
    case real(Double)
    case boolean(Bool)

    /// The element name the value is written with (`dict`, `string`, `true`, ...), for messages.
    var elementName: String {
        switch self {
        case .dictionary: "dict"
        case .array: "array"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .integer: "integer"
        case .real: "real"
        case .boolean(let value): value ? "true" : "false"
        }
    }
}
