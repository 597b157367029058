public import ReviewLog

extension SigningFileContents {
    /// What the store records of the file: its kind, path, name, detail and expiry, and for a profile its
    /// `DeveloperCertificates` (`serial:<serial number>`, each with its `notAfter`), which decide its effective
    /// expiry when one expires first.
    /// - Parameter path: the file's absolute path (its reference and source in the store).
    /// - Returns: the sighting.
    public func sighting(path: String) -> SigningSighting {
        let kind: SigningItemKind
        var included: [SigningSighting.IncludedCertificate] = []
        var ownExpires = Timestamp(expires)
        switch self {
        case .profile(let profile):
            kind = .profileFile
            // Its own date: the store decides the effective one from the certificates below, as for a listed profile.
            ownExpires = Timestamp(profile.expirationDate)
            included = profile.developerCertificates.map {
                SigningSighting.IncludedCertificate(
                    reference: "serial:\($0.serialNumber)", expires: Timestamp($0.notAfter))
            }
        case .certificate: kind = .certificateFile
        case .clientSecret: kind = .clientSecret
        }
        return SigningSighting(
            kind: kind, reference: path, name: displayName, detail: detail, ownExpires: ownExpires,
            includedCertificates: included)
    }
}
