/// The label of a PEM block (`PRIVATE KEY` in `-----BEGIN PRIVATE KEY-----`), safe to put in a message.
///
/// A label is document text, and a damaged document can put anything there (a `.p8` whose newlines were lost reads
/// as one line whose "label" runs into the key's base64). So a label is shown only when it is one of the fixed
/// labels below (RFC 7468 section 4's table, and the legacy OpenSSL labels it lists in section 1 and appendix A);
/// any other label is described by its length alone.
struct PEMLabel: Sendable, Hashable {
    /// The labels that may be named in a message: RFC 7468 section 4, plus legacy OpenSSL and OpenSSH labels.
    static let known: Set<String> = [
        "CERTIFICATE", "X509 CRL", "CERTIFICATE REQUEST", "PKCS7", "CMS", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY",
        "ATTRIBUTE CERTIFICATE", "PUBLIC KEY", "RSA PRIVATE KEY", "RSA PUBLIC KEY", "EC PRIVATE KEY", "EC PARAMETERS",
        "DSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "TRUSTED CERTIFICATE", "X509 CERTIFICATE", "NEW CERTIFICATE REQUEST",
    ]

    static let privateKey = PEMLabel("PRIVATE KEY")
    static let encryptedPrivateKey = PEMLabel("ENCRYPTED PRIVATE KEY")
    static let rsaPrivateKey = PEMLabel("RSA PRIVATE KEY")
    static let ecPrivateKey = PEMLabel("EC PRIVATE KEY")
    static let ecParameters = PEMLabel("EC PARAMETERS")
    static let publicKey = PEMLabel("PUBLIC KEY")
    static let rsaPublicKey = PEMLabel("RSA PUBLIC KEY")
    static let certificate = PEMLabel("CERTIFICATE")

    /// The label as written; never put into a message (see `name`).
    let text: String

    init(_ text: String) { self.text = text }

    /// Whether the label is one of `known`, so that it may be shown.
    var isKnown: Bool { Self.known.contains(text) }

    /// The label for a list in a message: the label itself when it is known, else `a label of N characters`.
    var name: String { isKnown ? text : "a label of \(text.utf8.count) characters (not shown)" }

    /// The label for a sentence: `"PRIVATE KEY"` in quotes when it is known, else as `name`.
    var quoted: String { isKnown ? "\"\(text)\"" : name }

    /// The BEGIN marker line of this label, for a message: `"-----BEGIN PRIVATE KEY-----"`, or a description.
    var beginMarker: String { isKnown ? "\"-----BEGIN \(text)-----\"" : "a BEGIN marker with \(name)" }

    /// The END marker line of this label, for a message: `"-----END PRIVATE KEY-----"`, or a description.
    var endMarker: String { isKnown ? "\"-----END \(text)-----\"" : "the END marker of that label" }
}
