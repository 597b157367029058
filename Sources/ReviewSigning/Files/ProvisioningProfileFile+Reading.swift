import GatehouseFoundation
import JWT

extension ProvisioningProfileFile {
    /// Reads a profile from its DER CMS message: the signature's integrity first, then the signer's chain, then the
    /// property list it carries.
    /// - Parameters:
    ///   - der: the file's bytes.
    ///   - what: the file, for messages ("the profile /p/App.mobileprovision").
    ///   - trust: the roots the signer is checked against.
    /// - Throws: `SigningError.profileSignatureBroken` when the message does not parse or its signature is not
    ///   intact; `.invalidProfile` when its content is not a provisioning profile's property list.
    init(der: [UInt8], what: String, trust: ProfileSignerTrust) throws(SigningError) {
        let message = try CMSSignedData(der: der, what: what)
        let content = try message.verifiedContent()
        let signer = message.signer(trust: trust)
        let root: PropertyListValue
        do {
            root = try XMLPropertyListReader.read(content)
        } catch {
            throw SigningError(
                .invalidProfile,
                "\(what) is signed, but its content is not a strict XML property list: \(error)")
        }
        guard case .dictionary(let keys) = root else {
            throw SigningError(
                .invalidProfile, "\(what) holds a property list <\(root.elementName)>; a profile's is a <dict>")
        }
        let reader = Keys(keys: keys, what: what)
        let certificates = try reader.required("DeveloperCertificates", "an <array> of <data>") {
            (value) -> [[UInt8]]? in
            guard case .array(let elements) = value else { return nil }
            var blobs: [[UInt8]] = []
            for element in elements {
                guard case .data(let bytes) = element else { return nil }
                blobs.append(bytes)
            }
            return blobs
        }
        var developerCertificates: [SigningCertificate] = []
        for (index, der) in certificates.enumerated() {
            let name = "certificate \(index + 1) of DeveloperCertificates in \(what)"
            let handle = try X509Certificate.reading(der: der, what: name, code: .invalidProfile)
            developerCertificates.append(try handle.summary(what: name, code: .invalidProfile))
        }
        let entitlements = try reader.optional("Entitlements", "a <dict>") { value -> [String: PropertyListValue]? in
            if case .dictionary(let entries) = value { return entries }
            return nil
        }
        var apsEnvironment: String?
        if let entitlements {
            let inner = Keys(keys: entitlements, what: what, within: "Entitlements")
            apsEnvironment = try inner.optional("aps-environment", "a <string>", Keys.string)
        }
        self.init(
            name: try reader.required("Name", "a <string>", Keys.string),
            uuid: try reader.required("UUID", "a <string>", Keys.string),
            teamIdentifiers: try reader.required("TeamIdentifier", "a non-empty <array> of <string>") {
                (value) -> [String]? in
                guard let strings = Keys.strings(value), !strings.isEmpty else { return nil }
                return strings
            },
            teamName: try reader.optional("TeamName", "a <string>", Keys.string),
            appIDName: try reader.optional("AppIDName", "a <string>", Keys.string),
            platforms: try reader.optional("Platform", "an <array> of <string>", Keys.strings) ?? [],
            apsEnvironment: apsEnvironment,
            creationDate: try reader.optional("CreationDate", "a <date>", Keys.date),
            expirationDate: try reader.required("ExpirationDate", "a <date>", Keys.date),
            developerCertificates: developerCertificates, signer: signer)
    }

    /// The profile dictionary's keys, read with their expected types; a missing required key or a key of another
    /// type is `invalidProfile`, naming the key, the type expected and the type found.
    private struct Keys {
        let keys: [String: PropertyListValue]
        let what: String
        var within: String?

        init(keys: [String: PropertyListValue], what: String, within: String? = nil) {
            self.keys = keys
            self.what = what
            self.within = within
        }

        func required<T>(
            _ key: String, _ expected: String, _ read: (PropertyListValue) -> T?
        ) throws(SigningError) -> T {
            guard let value = try optional(key, expected, read) else {
                throw SigningError(
                    .invalidProfile, "\(what) has no \(name(key)) key; a provisioning profile has one (\(expected))")
            }
            return value
        }

        func optional<T>(
            _ key: String, _ expected: String, _ read: (PropertyListValue) -> T?
        ) throws(SigningError) -> T? {
            guard let value = keys[key] else { return nil }
            guard let typed = read(value) else {
                throw SigningError(
                    .invalidProfile,
                    "\(what) has \(name(key)) as <\(value.elementName)>\(Self.elements(value)); it must be \(expected)")
            }
            return typed
        }

        private func name(_ key: String) -> String { within.map { "\($0) \(key)" } ?? key }

        /// For an array of the wrong elements, what they are.
        private static func elements(_ value: PropertyListValue) -> String {
            guard case .array(let elements) = value, !elements.isEmpty else { return "" }
            let names = Set(elements.map(\.elementName)).sorted()
            return " of <\(names.joined(separator: ">, <"))>"
        }

        static func string(_ value: PropertyListValue) -> String? {
            if case .string(let text) = value { return text }
            return nil
        }

        static func strings(_ value: PropertyListValue) -> [String]? {
            guard case .array(let elements) = value else { return nil }
            var strings: [String] = []
            for element in elements {
                guard case .string(let text) = element else { return nil }
                strings.append(text)
            }
            return strings
        }

        static func date(_ value: PropertyListValue) -> Date? {
            if case .date(let seconds) = value { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
            return nil
        }
    }
}
