/// What one look saw of one item: an App Store Connect listing's certificate or profile, or a local file read.
public struct SigningSighting: Sendable, Hashable {
    /// A certificate a profile includes, with its expiry: the profile expires with the first of them.
    public struct IncludedCertificate: Sendable, Hashable {
        /// The App Store Connect id of a listed profile's certificate (its `certificates` relationship), or
        /// `serial:<serial number>` for a local profile's `DeveloperCertificates` entry.
        public var reference: String
        /// Its expiry.
        public var expires: Timestamp

        /// Creates an included certificate.
        public init(reference: String, expires: Timestamp) {
            self.reference = reference
            self.expires = expires
        }
    }

    /// What it is.
    public var kind: SigningItemKind
    /// The App Store Connect id, or the local file's absolute path.
    public var reference: String
    /// The name read from it.
    public var name: String
    /// The DETAIL text.
    public var detail: String
    /// Its own expiry, to the second.
    public var ownExpires: Timestamp
    /// Whether App Store Connect marks it INVALID (profiles).
    public var isInvalid: Bool
    /// What an App Store Connect item is renewed within: a certificate's `certificateType`, a profile's name.
    public var renewalGroup: String?
    /// The certificates a profile includes.
    public var includedCertificates: [IncludedCertificate]

    /// Creates a sighting.
    public init(
        kind: SigningItemKind, reference: String, name: String, detail: String, ownExpires: Timestamp,
        isInvalid: Bool = false, renewalGroup: String? = nil, includedCertificates: [IncludedCertificate] = []
    ) {
        self.kind = kind
        self.reference = reference
        self.name = name
        self.detail = detail
        self.ownExpires = ownExpires
        self.isInvalid = isInvalid
        self.renewalGroup = renewalGroup
        self.includedCertificates = includedCertificates
    }
}

/// What one App Store Connect pass read of one source's signing items: each list that was read completely (a list
/// that could not be read is nil, and its items are left as they were).
public struct SigningListing: Sendable, Hashable {
    /// The source: `app-store-connect:<credentials profile name or key ID>` (``SigningListing/source(profile:keyID:)``).
    public var source: String
    /// When it was read.
    public var at: Timestamp
    /// The certificates, when the list was read completely.
    public var certificates: [SigningSighting]?
    /// The profiles, when the list was read completely.
    public var profiles: [SigningSighting]?

    /// Creates a listing.
    public init(source: String, at: Timestamp, certificates: [SigningSighting]?, profiles: [SigningSighting]?) {
        self.source = source
        self.at = at
        self.certificates = certificates
        self.profiles = profiles
    }

    /// The source of an App Store Connect key's items: its credentials profile's name, or for a key given by flags or
    /// `ASC_*` variables, its key ID.
    public static func source(profile: String?, keyID: String) -> String {
        "app-store-connect:" + (profile ?? keyID)
    }
}

/// What a pass changed of one item.
public struct SigningChange: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// First seen.
        case added
        /// Its effective expiry, INVALID mark, name or detail changed.
        case changed
        /// A complete listing lacked it.
        case gone
        /// Its file is missing.
        case missing
        /// Seen again after it was gone, or its file is back.
        case back
    }
    /// What happened.
    public var kind: Kind
    /// The item after the change.
    public var item: SigningItem

    /// Creates a change.
    public init(kind: Kind, item: SigningItem) {
        self.kind = kind
        self.item = item
    }
}
