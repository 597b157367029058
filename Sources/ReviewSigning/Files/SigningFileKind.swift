/// The three kinds of local signing file, read from the content whatever the file's name.
///
/// The raw values are the `kind` `review signing --json` shows for a tracked file.
public enum SigningFileKind: String, Sendable, Equatable, CaseIterable {
    /// A provisioning profile: CMS SignedData (DER) around a property list.
    case profile = "profile-file"
    /// An X.509 certificate in PEM or DER.
    case certificate = "certificate-file"
    /// A Sign in with Apple client secret: a compact JWS.
    case clientSecret = "client-secret"
}
