import GatehouseFoundation
import JWT

/// Typed reads of a payload's members, with a `malformed` error naming the member and the JSON type it has when that
/// is not the documented one. A missing member, or `null`, is nil: Apple adds members over time and leaves out those
/// that do not apply, so absence is never an error here (the checks that need a member say so themselves).
struct PayloadReader {
    /// The object read.
    let object: JSONObject
    /// What it is, for messages ("the transaction", "the notification's data").
    let what: String

    func string(_ name: String) throws(AppStoreServerError) -> String? {
        guard let value = present(name) else { return nil }
        guard let text = value.stringValue else { throw mismatch(name, value, "a string") }
        return text
    }

    func int64(_ name: String) throws(AppStoreServerError) -> Int64? {
        guard let value = present(name) else { return nil }
        guard let number = value.numberValue?.int64Value else { throw mismatch(name, value, "an integer") }
        return number
    }

    func bool(_ name: String) throws(AppStoreServerError) -> Bool? {
        guard let value = present(name) else { return nil }
        guard let flag = value.boolValue else { throw mismatch(name, value, "a boolean") }
        return flag
    }

    /// A date in milliseconds since 1970 (Apple's `timestamp` type).
    func date(_ name: String) throws(AppStoreServerError) -> Date? {
        guard let value = present(name) else { return nil }
        guard let number = value.numberValue, number.isInteger || number.doubleValue.isFinite else {
            throw mismatch(name, value, "a number of milliseconds since 1970")
        }
        return Date(timeIntervalSince1970: number.doubleValue / 1000)
    }

    func object(_ name: String) throws(AppStoreServerError) -> JSONObject? {
        guard let value = present(name) else { return nil }
        guard let object = value.objectValue else { throw mismatch(name, value, "an object") }
        return object
    }

    func strings(_ name: String) throws(AppStoreServerError) -> [String]? {
        guard let value = present(name) else { return nil }
        guard let elements = value.arrayValue else { throw mismatch(name, value, "an array of strings") }
        var texts: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw mismatch(name, value, "an array of strings") }
            texts.append(text)
        }
        return texts
    }

    func environment(_ name: String) throws(AppStoreServerError) -> AppStoreEnvironment? {
        try string(name).map(AppStoreEnvironment.init(rawValue:))
    }

    /// A reader of the member object `name`, or nil.
    func nested(_ name: String, as phrase: String) throws(AppStoreServerError) -> PayloadReader? {
        try object(name).map { PayloadReader(object: $0, what: phrase) }
    }

    private func present(_ name: String) -> JSONValue? {
        guard let value = object[name], value != .null else { return nil }
        return value
    }

    private func mismatch(_ name: String, _ value: JSONValue, _ expected: String) -> AppStoreServerError {
        AppStoreServerError(.malformed, "\(what)'s \(name) is a JSON \(value.typeName), not \(expected)")
    }
}
