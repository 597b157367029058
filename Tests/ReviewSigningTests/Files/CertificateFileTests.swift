import Foundation
import GatehouseTesting
import ReviewSigning
import SigningTesting
import Testing

@Suite("Certificate files")
struct CertificateFileTests {
    private func certificate(_ contents: SigningFileContents) throws -> CertificateFile {
        guard case .certificate(let certificate) = contents else {
            Issue.record("expected a certificate, read \(contents.kind)")
            throw CancellationError()
        }
        return certificate
    }

    @Test("a DER certificate: subject, common name, serial and notAfter, as the openssl command reads them")
    func der() throws {
        let fixtures = try SigningFixtures.get()
        let path = try fixtures.write(fixtures.pushCertificateDER, as: "aps.cer")
        let contents = try SigningFile.read(path: path)
        let file = try certificate(contents)
        #expect(contents.kind == .certificate)
        #expect(file.encoding == .der)
        #expect(file.certificate.commonName == "Apple Push Services: com.example.app")
        #expect(file.certificate.typeName == "Apple Push Services")
        #expect(
            file.certificate.subject
                == "C=US,O=Example Team,OU=ABCDE12345,CN=Apple Push Services: com.example.app,UID=com.example.app")
        #expect(file.certificate.issuer == file.certificate.subject)  // self-signed
        #expect(file.certificate.serialNumber == "0BADC0FFEE")
        #expect(file.certificate.notAfter == (try fixtures.notAfter(of: fixtures.pushCertificateDER)))
        #expect(file.certificate.notBefore < file.certificate.notAfter)
        #expect(contents.expires == file.certificate.notAfter)
        #expect(contents.expires.timeIntervalSince1970 == contents.expires.timeIntervalSince1970.rounded(.down))
        #expect(contents.displayName == "Apple Push Services: com.example.app")
        #expect(
            contents.detail
                == "Apple Push Services, serial 0BADC0FFEE, issued by Apple Push Services: com.example.app, DER")
    }

    @Test("the same certificate in PEM reads the same, with a private key block before it as exports have")
    func pem() throws {
        let fixtures = try SigningFixtures.get()
        let derFile = try certificate(try SigningFile.read(contents: fixtures.pushCertificateDER, file: "a.cer"))
        let pemFile = try certificate(try SigningFile.read(contents: fixtures.pushCertificatePEM, file: "a.pem"))
        #expect(pemFile.encoding == .pem)
        #expect(pemFile.certificate == derFile.certificate)
        let key = try Data(contentsOf: fixtures.directory.file("push.key"))
        let bundle =
            Array("Bag Attributes\n    friendlyName: Apple Push Services\n".utf8) + Array(key)
            + fixtures.pushCertificatePEM
        let bundled = try certificate(try SigningFile.read(contents: bundle, file: "apns.pem"))
        #expect(bundled.certificate == derFile.certificate)
    }

    @Test("a certificate without a common name is shown by its subject, and its detail says certificate")
    func noCommonName() throws {
        let fixtures = try SigningFixtures.get()
        let key = fixtures.directory.file("nocn.key").path
        let out = fixtures.directory.file("nocn.der").path
        let result = try ProcessRunner.run(
            executableAt: fixtures.openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", out, "-outform", "DER", "-subj", "/O=No Name Inc", "-days", "10", "-set_serial", "255",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let contents = try SigningFile.read(path: out)
        #expect(contents.displayName == "O=No Name Inc")
        #expect(contents.detail == "certificate, serial FF, issued by O=No Name Inc, DER")
    }

    @Test("DER with bytes after the certificate is refused, naming the file and the count")
    func trailingBytes() throws {
        let fixtures = try SigningFixtures.get()
        expectError(SigningError(.invalidCertificate), mentioning: ["the certificate file a.cer", "2 bytes after"]) {
            _ = try SigningFile.read(contents: fixtures.pushCertificateDER + [0, 0], file: "a.cer")
        }
    }

    @Test("a truncated DER certificate is refused with OpenSSL's reason")
    func truncated() throws {
        let fixtures = try SigningFixtures.get()
        expectError(SigningError(.invalidCertificate), mentioning: ["a.cer", "not a readable DER", "OpenSSL"]) {
            _ = try SigningFile.read(contents: Array(fixtures.pushCertificateDER.dropLast(10)), file: "a.cer")
        }
    }

    @Test("a PEM certificate block whose body is damaged is refused")
    func damagedPEM() throws {
        let fixtures = try SigningFixtures.get()
        var text = String(decoding: fixtures.pushCertificatePEM, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        text = ([String(lines[0]), "!!!!" + lines[1].dropFirst(4)] + lines.dropFirst(2).map(String.init))
            .joined(separator: "\n")
        expectError(SigningError(.invalidCertificate), mentioning: ["a.pem", "no readable PEM CERTIFICATE"]) {
            _ = try SigningFile.read(contents: Array(text.utf8), file: "a.pem")
        }
    }

    @Test("a PEM file with a private key and no certificate is not a signing file, and the label is named")
    func keyOnly() throws {
        let fixtures = try SigningFixtures.get()
        let key = Array(try Data(contentsOf: fixtures.directory.file("push.key")))
        expectError(
            SigningError(.notASigningFile), mentioning: ["AuthKey.p8", "PEM PRIVATE KEY", "no PEM CERTIFICATE"]
        ) {
            _ = try SigningFile.read(contents: key, file: "AuthKey.p8")
        }
    }
}
