import JWT

/// Reading a certificate for the tracker: JWT's `X509Certificate` (the package's one owner of an OpenSSL `X509`),
/// with failures as `SigningError`s that name the certificate, and the fields the tracker keeps.
extension X509Certificate {
    /// Reads one DER certificate that fills `der` exactly.
    /// - Parameters:
    ///   - der: the bytes.
    ///   - what: the certificate, for messages ("the certificate file /p/apns.cer").
    ///   - code: the code of a failure.
    /// - Throws: `SigningError` with `code`, naming `what` and OpenSSL's text, or the trailing bytes.
    static func reading(der: [UInt8], what: String, code: SigningError.Code) throws(SigningError) -> X509Certificate {
        do {
            return try X509Certificate(der: der)
        } catch {
            switch error {
            case .notDER(let openSSL), .noPEMBlock(let openSSL):
                throw SigningError(code, "\(what) is not a readable DER X.509 certificate (OpenSSL: \(openSSL))")
            case .trailingBytes(let consumed, let total):
                throw SigningError(
                    code,
                    "\(what) has \(total - consumed) bytes after its DER certificate (\(consumed) bytes); a "
                        + "certificate file holds one certificate and nothing else")
            }
        }
    }

    /// Reads the first `CERTIFICATE` block of a PEM text.
    /// - Parameters:
    ///   - pem: the text's bytes.
    ///   - what: the certificate, for messages.
    /// - Throws: `SigningError.invalidCertificate` naming `what` and OpenSSL's text.
    static func reading(pem: [UInt8], what: String) throws(SigningError) -> X509Certificate {
        do {
            return try X509Certificate(pem: pem)
        } catch {
            let openSSL: String
            switch error {
            case .notDER(let text), .noPEMBlock(let text): openSSL = text
            case .trailingBytes: openSSL = "trailing bytes"
            }
            throw SigningError(
                .invalidCertificate, "\(what) has no readable PEM CERTIFICATE block (OpenSSL: \(openSSL))")
        }
    }

    /// The fields the tracker keeps.
    /// - Parameters:
    ///   - what: the certificate, for messages.
    ///   - code: the code of a failure.
    /// - Returns: the certificate's subject, issuer, serial and validity.
    /// - Throws: `SigningError` with `code` when a field cannot be read (a validity time OpenSSL cannot convert).
    func summary(what: String, code: SigningError.Code) throws(SigningError) -> SigningCertificate {
        guard let serial = serialNumberHex else {
            throw SigningError(code, "\(what) has a serial number OpenSSL cannot read")
        }
        guard let notBefore else { throw SigningError(code, "\(what) has a notBefore time that cannot be read") }
        guard let notAfter else { throw SigningError(code, "\(what) has a notAfter time that cannot be read") }
        return SigningCertificate(
            subject: subject, commonName: commonName, issuer: issuer, issuerCommonName: issuerCommonName,
            serialNumber: serial, notBefore: notBefore, notAfter: notAfter)
    }
}
