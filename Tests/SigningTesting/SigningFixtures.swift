import Foundation
import GatehouseTesting
import Testing

/// The signing files the tests read, made here with the `openssl` command from throwaway keys, once per test run:
/// a root and a profile signer under it, two developer certificates with different `notAfter`, an APNs-style
/// certificate in DER and PEM, and CMS-signed property lists. Nothing here comes from Apple.
public final class SigningFixtures: @unchecked Sendable {
    /// The folder every file is written in (removed when the run ends).
    public let directory: TemporaryDirectory
    /// The `openssl` command.
    public let openssl: URL

    /// The DER of the root certificate the profile signer is issued under.
    public let rootDER: [UInt8]
    /// The DER of the profile signer's certificate (issued under the root, not self-signed).
    public let signerDER: [UInt8]
    /// The DER of the two developer certificates: the first expires in 400 days, the second in 30.
    public let developerCertificates: [[UInt8]]
    /// The APNs-style certificate (`Apple Push Services: com.example.app`), DER.
    public let pushCertificateDER: [UInt8]
    /// The same certificate, PEM.
    public let pushCertificatePEM: [UInt8]

    /// The fixtures, made on first use; nil (with the reason) when `openssl` is missing or fails.
    public static let shared: Result<SigningFixtures, Failure> = Result { try SigningFixtures() }.mapError {
        Failure(description: "\($0)")
    }

    /// Why the fixtures could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The fixtures, or the test is skipped (a failure under `CI=true`) when `openssl` is not installed.
    public static func get(sourceLocation: SourceLocation = #_sourceLocation) throws -> SigningFixtures {
        try SkipUnlessCI.check(
            missing: ProcessRunner.installedProgram("openssl") == nil ? "the openssl command is not installed" : nil,
            cause: "install OpenSSL's command line (Debian: openssl)", sourceLocation: sourceLocation)
        return try shared.get()
    }

    private init() throws {
        guard let openssl = ProcessRunner.installedProgram("openssl") else {
            throw Failure(description: "the openssl command is not installed")
        }
        self.openssl = openssl
        directory = try TemporaryDirectory()
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        try Self.run(
            openssl, directory,
            ["req", "-x509"] + ec + [
                "-keyout", "root.key", "-out", "root.pem", "-subj", "/CN=Gatehouse Test Root", "-days", "3650",
            ])
        try Self.run(
            openssl, directory,
            ["req", "-new"] + ec + [
                "-keyout", "signer.key", "-out", "signer.csr", "-subj", "/CN=Gatehouse Test Profile Signing",
            ])
        try Self.run(
            openssl, directory,
            [
                "x509", "-req", "-in", "signer.csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", "7",
                "-days", "365", "-out", "signer.pem",
            ])
        try Self.run(openssl, directory, ["x509", "-in", "root.pem", "-outform", "DER", "-out", "root.der"])
        try Self.run(openssl, directory, ["x509", "-in", "signer.pem", "-outform", "DER", "-out", "signer.der"])
        let team = "/OU=ABCDE12345/O=Example Team/C=US"
        for (name, days, serial) in [("dev-long", "400", "0x4D5E6F"), ("dev-short", "30", "0x1A2B3C")] {
            try Self.run(
                openssl, directory,
                ["req", "-x509"] + ec + [
                    "-keyout", "\(name).key", "-out", "\(name).der", "-outform", "DER", "-days", days,
                    "-set_serial", serial, "-subj",
                    "/UID=ABCDE12345/CN=Apple Distribution: Example Team (ABCDE12345)"
                        + team,
                ])
        }
        try Self.run(
            openssl, directory,
            ["req", "-x509"] + ec + [
                "-keyout", "push.key", "-out", "push.pem", "-days", "365", "-set_serial", "0x0BADC0FFEE", "-subj",
                "/UID=com.example.app/CN=Apple Push Services: com.example.app" + team,
            ])
        try Self.run(openssl, directory, ["x509", "-in", "push.pem", "-outform", "DER", "-out", "push.der"])
        rootDER = try Self.bytes(directory.file("root.der"))
        signerDER = try Self.bytes(directory.file("signer.der"))
        developerCertificates = [
            try Self.bytes(directory.file("dev-long.der")), try Self.bytes(directory.file("dev-short.der")),
        ]
        pushCertificateDER = try Self.bytes(directory.file("push.der"))
        pushCertificatePEM = try Self.bytes(directory.file("push.pem"))
    }

    // MARK: - Profiles

    /// A profile's property list, as Apple writes one (with the keys the tracker does not read too).
    /// - Parameters:
    ///   - name: `Name` (XML-escaped here).
    ///   - expiration: `ExpirationDate`, `YYYY-MM-DDTHH:MM:SSZ`; nil leaves the key out.
    ///   - certificates: `DeveloperCertificates`.
    ///   - apsEnvironment: `Entitlements` `aps-environment`, or nil for none.
    ///   - extra: more XML inside the top dictionary.
    public static func propertyList(
        name: String = "Example & Co App Store", expiration: String? = "2099-01-01T00:00:00Z",
        certificates: [[UInt8]], apsEnvironment: String? = "production", extra: String = ""
    ) -> String {
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let data = certificates.map {
            "\t\t<data>\(Data($0).base64EncodedString(options: .lineLength64Characters))</data>"
        }
        let aps = apsEnvironment.map { "\t\t<key>aps-environment</key>\n\t\t<string>\($0)</string>\n" } ?? ""
        let expirationEntry = expiration.map { "\t<key>ExpirationDate</key>\n\t<date>\($0)</date>\n" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>AppIDName</key>
            \t<string>Example App</string>
            \t<key>ApplicationIdentifierPrefix</key>
            \t<array>
            \t<string>ABCDE12345</string>
            \t</array>
            \t<key>CreationDate</key>
            \t<date>2024-01-02T03:04:05Z</date>
            \t<key>Platform</key>
            \t<array>
            \t\t<string>iOS</string>
            \t\t<string>xrOS</string>
            \t</array>
            \t<key>IsXcodeManaged</key>
            \t<false/>
            \t<key>DeveloperCertificates</key>
            \t<array>
            \(data.joined(separator: "\n"))
            \t</array>
            \t<key>DER-Encoded-Profile</key>
            \t<data>MIIN</data>
            \t<key>Entitlements</key>
            \t<dict>
            \(aps)\t\t<key>application-identifier</key>
            \t\t<string>ABCDE12345.com.example.app</string>
            \t\t<key>keychain-access-groups</key>
            \t\t<array>
            \t\t\t<string>ABCDE12345.*</string>
            \t\t</array>
            \t\t<key>get-task-allow</key>
            \t\t<false/>
            \t</dict>
            \(expirationEntry)\t<key>Name</key>
            \t<string>\(escaped)</string>
            \t<!-- a comment, as editors leave them -->
            \t<key>TeamIdentifier</key>
            \t<array>
            \t\t<string>ABCDE12345</string>
            \t</array>
            \t<key>TeamName</key>
            \t<string>Example Team</string>
            \t<key>TimeToLive</key>
            \t<integer>365</integer>
            \t<key>UUID</key>
            \t<string>5C9D3F1E-2B4A-4C6D-8E0F-1A2B3C4D5E6F</string>
            \t<key>Version</key>
            \t<integer>1</integer>
            \(extra)</dict>
            </plist>

            """
    }

    /// `content` signed as CMS SignedData (DER, content inside) by the test signer.
    /// - Parameters:
    ///   - content: what is signed.
    ///   - includeRoot: whether the root certificate travels in the message (Apple's profiles carry their chain).
    ///   - detached: whether the content is left out of the message.
    /// - Returns: the message's bytes.
    public func signed(_ content: String, includeRoot: Bool = true, detached: Bool = false) throws -> [UInt8] {
        let name = UUID().uuidString
        try Data(content.utf8).write(to: directory.file("\(name).plist"))
        var arguments = [
            "cms", "-sign", "-in", "\(name).plist", "-signer", "signer.pem", "-inkey", "signer.key", "-outform", "DER",
            "-binary", "-out", "\(name).cms",
        ]
        if !detached { arguments.append("-nodetach") }
        if includeRoot { arguments += ["-certfile", "root.pem"] }
        try Self.run(openssl, directory, arguments)
        return try Self.bytes(directory.file("\(name).cms"))
    }

    /// A CMS message of type data (not SignedData) holding `content`.
    public func cmsData(_ content: String) throws -> [UInt8] {
        let name = UUID().uuidString
        try Data(content.utf8).write(to: directory.file("\(name).txt"))
        try Self.run(
            openssl, directory,
            ["cms", "-data_create", "-in", "\(name).txt", "-outform", "DER", "-binary", "-out", "\(name).cms"])
        return try Self.bytes(directory.file("\(name).cms"))
    }

    // MARK: - What openssl itself reads

    /// A certificate's `notAfter` as the `openssl x509` command reads it.
    /// - Parameter der: the certificate.
    public func notAfter(of der: [UInt8]) throws -> Date {
        let name = UUID().uuidString + ".der"
        try Data(der).write(to: directory.file(name))
        let result = try ProcessRunner.run(
            executableAt: openssl,
            ["x509", "-inform", "DER", "-in", name, "-noout", "-enddate", "-dateopt", "iso_8601"],
            currentDirectory: directory.url)
        // notAfter=2027-01-01 13:15:18Z
        let text = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let value = text.replacingOccurrences(of: "notAfter=", with: "").replacingOccurrences(of: " ", with: "T")
        guard result.status == 0, let date = ISO8601DateFormatter().date(from: value) else {
            throw Failure(description: "openssl x509 -enddate printed \(text) \(result.standardError)")
        }
        return date
    }

    /// The SHA-256 fingerprint of a certificate, as the `openssl x509` command computes it.
    public func sha256Fingerprint(of der: [UInt8]) throws -> [UInt8] {
        let name = UUID().uuidString + ".der"
        try Data(der).write(to: directory.file(name))
        let result = try ProcessRunner.run(
            executableAt: openssl, ["x509", "-inform", "DER", "-in", name, "-noout", "-fingerprint", "-sha256"],
            currentDirectory: directory.url)
        let hex = result.standardOutput.split(separator: "=").last.map { $0.filter(\.isHexDigit) } ?? ""
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        guard result.status == 0, bytes.count == 32 else {
            throw Failure(description: "openssl x509 -fingerprint printed \(result.standardOutput)")
        }
        return bytes
    }

    /// Writes `bytes` to a fresh file of the folder.
    /// - Parameters:
    ///   - bytes: the content.
    ///   - name: the file's name (its extension says nothing of its kind to the reader).
    /// - Returns: the path.
    public func write(_ bytes: [UInt8], as name: String) throws -> String {
        let folder = directory.file(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private static func run(_ openssl: URL, _ directory: TemporaryDirectory, _ arguments: [String]) throws {
        let result = try ProcessRunner.run(executableAt: openssl, arguments, currentDirectory: directory.url)
        guard result.status == 0 else {
            throw Failure(
                description: "openssl \(arguments.joined(separator: " ")) exited \(result.status): "
                    + result.standardError)
        }
    }

    private static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }
}
