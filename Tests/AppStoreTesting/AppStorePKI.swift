import Foundation
import GatehouseTesting
import JWT
import Testing

/// A public key infrastructure shaped as Apple's for App Store signed data, made with the `openssl` command from
/// throwaway P-256 keys: a root, an intermediate with the WWDR extension (1.2.840.113635.100.6.2.1), leaves with the
/// receipt signing extension (1.2.840.113635.100.6.11.1), and the faulty variants the tests need. Certificates are
/// issued by `openssl ca`, so each CA has the index an `openssl ocsp` responder reads. Nothing here comes from Apple.
public final class AppStorePKI: @unchecked Sendable {
    /// The Apple extensions' object identifiers.
    public static let intermediateOID = "1.2.840.113635.100.6.2.1"
    /// The leaf's.
    public static let leafOID = "1.2.840.113635.100.6.11.1"

    /// The folder every file is written in (removed when the object goes).
    public let directory: TemporaryDirectory
    /// The `openssl` command.
    public let openssl: URL
    /// The OCSP responder base URL: certificates issued by the root name `<ocspURL>/root` in their AIA, those issued
    /// by an intermediate `<ocspURL>/intermediate` (one responder per issuing CA, as `OCSPTestResponder` serves).
    public let ocspURL: String?

    /// The root certificate (self-signed, CA), DER.
    public let root: [UInt8]
    /// The intermediate (CA, WWDR extension), issued by the root, DER.
    public let intermediate: [UInt8]
    /// The leaf (receipt extension), issued by the intermediate, valid from 2020-01-01 to 2099-01-01, DER.
    public let leaf: [UInt8]
    /// The leaf's private key.
    public let leafKey: PrivateKey
    /// A leaf valid only from 2021-01-01 to 2022-01-01 (expired now), issued by the intermediate.
    public let expiredLeaf: [UInt8]
    /// Its private key.
    public let expiredLeafKey: PrivateKey
    /// A leaf without the receipt extension.
    public let leafWithoutOID: [UInt8]
    /// Its private key.
    public let leafWithoutOIDKey: PrivateKey
    /// An intermediate without the WWDR extension, and a leaf (with its extension) under it.
    public let intermediateWithoutOID: [UInt8]
    /// The leaf under `intermediateWithoutOID`.
    public let leafUnderIntermediateWithoutOID: [UInt8]
    /// Its private key.
    public let leafUnderIntermediateWithoutOIDKey: PrivateKey
    /// An "intermediate" issued by the root without CA basic constraints (CA:FALSE), with the WWDR extension, and a
    /// leaf under it.
    public let intermediateNotCA: [UInt8]
    /// The leaf under `intermediateNotCA`.
    public let leafUnderIntermediateNotCA: [UInt8]
    /// Its private key.
    public let leafUnderIntermediateNotCAKey: PrivateKey
    /// A second intermediate under the root (with the extension), and a leaf under it: with `intermediate` in `x5c`,
    /// that leaf does not chain.
    public let otherIntermediate: [UInt8]
    /// The leaf under `otherIntermediate`.
    public let leafUnderOtherIntermediate: [UInt8]
    /// Its private key.
    public let leafUnderOtherIntermediateKey: PrivateKey
    /// Another self-signed root, trusted by nothing.
    public let otherRoot: [UInt8]
    /// A self-signed certificate as Xcode signs StoreKit test data with, and its key.
    public let xcodeCertificate: [UInt8]
    /// Its private key.
    public let xcodeKey: PrivateKey

    /// The default PKI (no OCSP URL), made on first use.
    public static let shared: Result<AppStorePKI, Failure> = Result { try AppStorePKI(ocspURL: nil) }.mapError {
        Failure(description: "\($0)")
    }

    /// Why the PKI could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The default PKI, or the test is skipped (a failure under `CI=true`) when `openssl` is not installed.
    public static func get(sourceLocation: SourceLocation = #_sourceLocation) throws -> AppStorePKI {
        try requireOpenSSL(sourceLocation: sourceLocation)
        return try shared.get()
    }

    /// Skips the test (fails it under `CI=true`) when `openssl` is not installed.
    public static func requireOpenSSL(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try SkipUnlessCI.check(
            missing: ProcessRunner.installedProgram("openssl") == nil ? "the openssl command is not installed" : nil,
            cause: "install OpenSSL's command line (Debian: openssl)", sourceLocation: sourceLocation)
    }

    /// Makes a PKI.
    /// - Parameter ocspURL: the OCSP responder base URL for the issued certificates' AIA, or nil for none.
    /// - Throws: `Failure` when `openssl` is missing or a step fails.
    public init(ocspURL: String?) throws {
        guard let openssl = ProcessRunner.installedProgram("openssl") else {
            throw Failure(description: "the openssl command is not installed")
        }
        self.openssl = openssl
        self.ocspURL = ocspURL
        let directory = try TemporaryDirectory()
        self.directory = directory
        try Self.writeConfiguration(in: directory, ocspURL: ocspURL)
        let run = { (arguments: [String]) in try Self.run(openssl, directory, arguments) }
        // The root: self-signed, CA.
        // Self-signed through `openssl ca -selfsign`, which (unlike `req -x509` in OpenSSL 3.0) takes a fixed start
        // date: every certificate here is valid from 2020 (or earlier), whatever day the tests run.
        func selfSigned(_ name: String, subject: String) throws {
            try run([
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                "\(name).key", "-out", "\(name).csr", "-subj", subject,
            ])
            try run([
                "ca", "-batch", "-config", "ca.cnf", "-name", "ca_root", "-selfsign", "-keyfile", "\(name).key",
                "-extensions", "root_ext", "-startdate", "20000101000000Z", "-enddate", "21000101000000Z", "-in",
                "\(name).csr", "-out", "\(name).pem", "-notext",
            ])
        }
        try selfSigned("root", subject: "/CN=Gatehouse Test Root CA - G3/O=Gatehouse Tests/C=US")
        func issue(
            _ name: String, by ca: String, extensions: String, subject: String,
            from start: String = "20200101000000Z", to end: String = "20990101000000Z"
        ) throws {
            try run([
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                "\(name).key", "-out", "\(name).csr", "-subj", subject,
            ])
            try run([
                "ca", "-batch", "-config", "ca.cnf", "-name", "ca_\(ca)", "-extensions", extensions, "-startdate",
                start, "-enddate", end, "-in", "\(name).csr", "-out", "\(name).pem", "-notext",
            ])
            try run(["x509", "-in", "\(name).pem", "-outform", "DER", "-out", "\(name).der"])
        }
        try issue(
            "intermediate", by: "root", extensions: "intermediate_ext",
            subject: "/CN=Gatehouse Test WWDR CA/OU=G6/O=Gatehouse Tests/C=US")
        try issue(
            "intermediate-no-oid", by: "root", extensions: "intermediate_no_oid_ext",
            subject: "/CN=Gatehouse Test CA Without WWDR/O=Gatehouse Tests/C=US")
        try issue(
            "intermediate-not-ca", by: "root", extensions: "intermediate_not_ca_ext",
            subject: "/CN=Gatehouse Test Not A CA/O=Gatehouse Tests/C=US")
        try issue(
            "other-intermediate", by: "root", extensions: "intermediate_ext",
            subject: "/CN=Gatehouse Test Other WWDR CA/O=Gatehouse Tests/C=US")
        let leafSubject = "/CN=Gatehouse Test Receipt Signing/OU=Gatehouse Test WWDR/O=Gatehouse Tests/C=US"
        try issue("leaf", by: "intermediate", extensions: "leaf_ext", subject: leafSubject)
        try issue(
            "expired-leaf", by: "intermediate", extensions: "leaf_ext", subject: leafSubject,
            from: "20210101000000Z", to: "20220101000000Z")
        try issue("leaf-no-oid", by: "intermediate", extensions: "leaf_no_oid_ext", subject: leafSubject)
        try issue("leaf-under-no-oid", by: "intermediate_no_oid", extensions: "leaf_ext", subject: leafSubject)
        try issue("leaf-under-not-ca", by: "intermediate_not_ca", extensions: "leaf_ext", subject: leafSubject)
        try issue("leaf-under-other", by: "other_intermediate", extensions: "leaf_ext", subject: leafSubject)
        try selfSigned("other-root", subject: "/CN=Gatehouse Test Other Root")
        try selfSigned("xcode", subject: "/CN=StoreKit Testing in Xcode")
        for name in ["root", "other-root", "xcode"] {
            try run(["x509", "-in", "\(name).pem", "-outform", "DER", "-out", "\(name).der"])
        }
        let der = { (name: String) in try Self.bytes(directory.file("\(name).der")) }
        let key = { (name: String) in
            try PrivateKey(
                pemRepresentation: String(decoding: Self.bytes(directory.file("\(name).key")), as: UTF8.self))
        }
        root = try der("root")
        intermediate = try der("intermediate")
        leaf = try der("leaf")
        leafKey = try key("leaf")
        expiredLeaf = try der("expired-leaf")
        expiredLeafKey = try key("expired-leaf")
        leafWithoutOID = try der("leaf-no-oid")
        leafWithoutOIDKey = try key("leaf-no-oid")
        intermediateWithoutOID = try der("intermediate-no-oid")
        leafUnderIntermediateWithoutOID = try der("leaf-under-no-oid")
        leafUnderIntermediateWithoutOIDKey = try key("leaf-under-no-oid")
        intermediateNotCA = try der("intermediate-not-ca")
        leafUnderIntermediateNotCA = try der("leaf-under-not-ca")
        leafUnderIntermediateNotCAKey = try key("leaf-under-not-ca")
        otherIntermediate = try der("other-intermediate")
        leafUnderOtherIntermediate = try der("leaf-under-other")
        leafUnderOtherIntermediateKey = try key("leaf-under-other")
        otherRoot = try der("other-root")
        xcodeCertificate = try der("xcode")
        xcodeKey = try key("xcode")
    }

    /// The usual chain for `x5c`: leaf, intermediate, root.
    public var chain: [[UInt8]] { [leaf, intermediate, root] }

    /// A compact JWS of `payload` with the header `{"alg": alg, "x5c": [...]}` (base64, RFC 7515 section 4.1.6).
    /// - Parameters:
    ///   - payload: the JSON payload text.
    ///   - x5c: the certificates, in order (default: `chain`).
    ///   - key: the signing key (default: the leaf's).
    ///   - alg: the header's `alg` (the signature is ES256 whatever it says).
    ///   - header: the header JSON text in full, replacing the one built from `alg` and `x5c`.
    /// - Returns: the JWS.
    public func sign(
        _ payload: String, x5c: [[UInt8]]? = nil, key: PrivateKey? = nil, alg: String = "ES256",
        header: String? = nil
    ) throws -> String {
        let certificates = (x5c ?? chain).map { "\"\(Data($0).base64EncodedString())\"" }.joined(separator: ",")
        let headerText = header ?? "{\"alg\":\"\(alg)\",\"x5c\":[\(certificates)]}"
        let signingInput = Base64URL.encode(Array(headerText.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        let signature = try (key ?? leafKey).signature(for: Array(signingInput.utf8), algorithm: .es256)
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Revokes an issued certificate in its CA's index (for an `openssl ocsp` responder reading that index).
    /// - Parameters:
    ///   - name: the certificate's file stem ("leaf", "intermediate").
    ///   - ca: its issuer's section stem ("intermediate", "root").
    /// - Throws: `Failure` when `openssl ca -revoke` fails.
    public func revoke(_ name: String, by ca: String) throws {
        try Self.run(openssl, directory, ["ca", "-config", "ca.cnf", "-name", "ca_\(ca)", "-revoke", "\(name).pem"])
    }

    /// The path of a file of the PKI ("intermediate-index.txt", "root.pem", "intermediate.key").
    public func path(_ name: String) -> String { directory.file(name).path }

    private static func writeConfiguration(in directory: TemporaryDirectory, ocspURL: String?) throws {
        // Certificates the root issues are answered for by its responder; leaves by the intermediate's.
        let aia = ocspURL.map { "authorityInfoAccess = OCSP;URI:\($0)/root\n" } ?? ""
        let leafAIA = ocspURL.map { "authorityInfoAccess = OCSP;URI:\($0)/intermediate\n" } ?? ""
        var text = """
            [ req ]
            distinguished_name = req_dn
            [ req_dn ]
            [ policy_any ]
            commonName = supplied
            organizationalUnitName = optional
            organizationName = optional
            countryName = optional
            [ root_ext ]
            basicConstraints = critical,CA:TRUE
            keyUsage = critical,keyCertSign,cRLSign
            subjectKeyIdentifier = hash
            [ intermediate_ext ]
            basicConstraints = critical,CA:TRUE,pathlen:0
            keyUsage = critical,keyCertSign,cRLSign
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            \(AppStorePKI.intermediateOID) = ASN1:NULL
            \(aia)[ intermediate_no_oid_ext ]
            basicConstraints = critical,CA:TRUE,pathlen:0
            keyUsage = critical,keyCertSign,cRLSign
            \(aia)[ intermediate_not_ca_ext ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,keyCertSign,digitalSignature
            \(AppStorePKI.intermediateOID) = ASN1:NULL
            \(aia)[ leaf_ext ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,digitalSignature
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            \(AppStorePKI.leafOID) = ASN1:NULL
            \(leafAIA)[ leaf_no_oid_ext ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,digitalSignature
            \(leafAIA)
            """
        for ca in ["root", "intermediate", "intermediate-no-oid", "intermediate-not-ca", "other-intermediate"] {
            let section = ca.replacingOccurrences(of: "-", with: "_")
            text += """

                [ ca_\(section) ]
                database = \(ca)-index.txt
                new_certs_dir = issued
                serial = \(ca)-serial
                certificate = \(ca).pem
                private_key = \(ca).key
                default_md = sha256
                policy = policy_any
                unique_subject = no
                email_in_dn = no
                copy_extensions = none

                """
            _ = FileManager.default.createFile(atPath: directory.file("\(ca)-index.txt").path, contents: Data())
            try Data("\(String(format: "%02X", section.count * 4 + 16))01\n".utf8).write(
                to: directory.file("\(ca)-serial"))
        }
        try FileManager.default.createDirectory(at: directory.file("issued"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: directory.file("ca.cnf"))
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
