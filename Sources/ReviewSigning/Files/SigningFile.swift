import JWT
/// Reads a local signing file (a provisioning profile, a certificate, a Sign in with Apple client secret) into what
/// the signing tracker watches: its kind, its expiry, the name shown for it and its DETAIL text.
///
/// The kind comes from the content, whatever the file's name: DER CMS SignedData is a profile, X.509 in PEM or DER a
/// certificate, a compact JWS a client secret. Nothing reads the clock: whether a file has expired is the caller's
/// comparison. A file is read whole on each call, so a renewed file is seen at the next pass.
///
/// Errors, and the exit status `review` gives them: a file that does not exist is `SigningError.fileMissing` and one
/// that cannot be read `.unreadable` (both 66); a file read but refused (none of the kinds, a profile whose signature
/// is not intact, a certificate that does not parse, a JWT without `exp`, over `maximumBytes`) has the code saying
/// why (65). Every reason names the file.
public enum SigningFile {
    /// The largest file read: 4 MiB (a provisioning profile is a few hundred KB, a certificate or client secret a
    /// few KB), so a wrong path cannot exhaust memory.
    public static let maximumBytes = 4 << 20

    /// Reads the file at `path`.
    /// - Parameters:
    ///   - path: the file's path (relative to the working directory, or absolute).
    ///   - trust: the roots a profile's signer is checked against (default Apple's); a signer that does not chain is
    ///     accepted, and the profile's detail says so.
    /// - Returns: the file's contents, by kind.
    /// - Throws: `SigningError`: `.fileMissing`, `.unreadable`, `.fileTooLarge`, and those of
    ///   `read(contents:file:trust:)`.
    public static func read(path: String, trust: ProfileSignerTrust = .apple) throws(SigningError)
        -> SigningFileContents
    {
        let bytes = try LocalFile.read(path, maximumBytes: maximumBytes)
        return try read(contents: bytes, file: path, trust: trust)
    }

    /// Reads a file's bytes already in memory.
    /// - Parameters:
    ///   - contents: the bytes.
    ///   - file: the file's path or name, for messages.
    ///   - trust: the roots a profile's signer is checked against.
    /// - Returns: the contents, by kind.
    /// - Throws: `SigningError`: `.fileTooLarge` over `maximumBytes`; `.notASigningFile` for content of none of the
    ///   kinds; `.profileSignatureBroken` and `.invalidProfile` for a profile; `.invalidCertificate`;
    ///   `.invalidClientSecret` and `.clientSecretWithoutExpiry`.
    public static func read(contents: [UInt8], file: String, trust: ProfileSignerTrust = .apple) throws(SigningError)
        -> SigningFileContents
    {
        guard contents.count <= maximumBytes else {
            throw SigningError(
                .fileTooLarge,
                "the file \(file) is larger than the limit of \(maximumBytes >> 20) MiB (\(maximumBytes) bytes)")
        }
        switch try SigningFileDetection.detect(contents, file: file) {
        case .cmsMessage:
            return .profile(try ProvisioningProfileFile(der: contents, what: "the profile \(file)", trust: trust))
        case .derCertificate:
            let what = "the certificate file \(file)"
            let handle = try X509Certificate.reading(der: contents, what: what, code: .invalidCertificate)
            return .certificate(
                CertificateFile(
                    encoding: .der, certificate: try handle.summary(what: what, code: .invalidCertificate)))
        case .pemCertificate:
            let what = "the certificate file \(file)"
            let handle = try X509Certificate.reading(pem: contents, what: what)
            return .certificate(
                CertificateFile(
                    encoding: .pem, certificate: try handle.summary(what: what, code: .invalidCertificate)))
        case .compactJWS(let token):
            return .clientSecret(try ClientSecretFile(token: token, what: "the client secret \(file)"))
        }
    }
}
