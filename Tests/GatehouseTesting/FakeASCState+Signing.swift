extension FakeASCState {
    /// A signing certificate (`GET /v1/certificates`). Attributes are raw strings, so a test can serve a value Apple
    /// has not documented yet.
    public struct Certificate: Sendable {
        /// The certificate's ID.
        public var id: String
        /// Its name, such as `Apple Distribution: Example Ltd (A1B2C3D4E5)`.
        public var name: String
        /// `DISTRIBUTION`, `IOS_DISTRIBUTION`, `DEVELOPMENT`, `PASS_TYPE_ID`... (or any string).
        public var certificateType: String
        /// The name App Store Connect shows.
        public var displayName: String
        /// The serial number, hexadecimal.
        public var serialNumber: String
        /// `IOS`, `MAC_OS`, `UNIVERSAL`, `SERVICES` (or any string); nil: sent as null.
        public var platform: String?
        /// RFC 3339 text, as Apple sends it (`2027-03-14T09:26:53.000+00:00`).
        public var expirationDate: String
        /// Whether it is activated.
        public var activated: Bool

        /// Creates a value; see the properties.
        public init(
            id: String, name: String, certificateType: String = "DISTRIBUTION", displayName: String = "Example Ltd",
            serialNumber: String, platform: String? = "IOS", expirationDate: String, activated: Bool = true
        ) {
            self.id = id
            self.name = name
            self.certificateType = certificateType
            self.displayName = displayName
            self.serialNumber = serialNumber
            self.platform = platform
            self.expirationDate = expirationDate
            self.activated = activated
        }
    }

    /// A bundle ID (App ID) a profile is for.
    public struct BundleID: Sendable {
        /// The resource's ID.
        public var id: String
        /// The identifier, such as `com.example.fokus`.
        public var identifier: String
        /// Its name.
        public var name: String
        /// `IOS`, `MAC_OS`, `UNIVERSAL`.
        public var platform: String

        /// Creates a value; see the properties.
        public init(id: String, identifier: String, name: String? = nil, platform: String = "IOS") {
            self.id = id
            self.identifier = identifier
            self.name = name ?? identifier
            self.platform = platform
        }
    }

    /// A provisioning profile (`GET /v1/profiles`).
    public struct Profile: Sendable {
        /// The profile's ID.
        public var id: String
        /// Its name.
        public var name: String
        /// `IOS`, `MAC_OS`... (or any string).
        public var platform: String
        /// `IOS_APP_STORE`, `IOS_APP_DEVELOPMENT`... (or any string).
        public var profileType: String
        /// `ACTIVE` or `INVALID` (or any string).
        public var profileState: String
        /// The profile's UUID.
        public var uuid: String
        /// RFC 3339 text.
        public var createdDate: String
        /// RFC 3339 text.
        public var expirationDate: String
        /// The bundle ID it is for.
        public var bundleID: BundleID?
        /// The IDs of the certificates it includes, in order (each one of the state's `certificates`).
        public var certificateIDs: [String]

        /// Creates a value; see the properties.
        public init(
            id: String, name: String, platform: String = "IOS", profileType: String = "IOS_APP_STORE",
            profileState: String = "ACTIVE", uuid: String, createdDate: String, expirationDate: String,
            bundleID: BundleID?, certificateIDs: [String]
        ) {
            self.id = id
            self.name = name
            self.platform = platform
            self.profileType = profileType
            self.profileState = profileState
            self.uuid = uuid
            self.createdDate = createdDate
            self.expirationDate = expirationDate
            self.bundleID = bundleID
            self.certificateIDs = certificateIDs
        }
    }

    /// Revokes a certificate as App Store Connect does: it leaves `GET /v1/certificates`, and every profile that
    /// includes it turns `INVALID` (and no longer lists it).
    /// - Parameter certificateID: the certificate.
    public mutating func revokeCertificate(_ certificateID: String) {
        certificates.removeAll { $0.id == certificateID }
        for index in profiles.indices where profiles[index].certificateIDs.contains(certificateID) {
            profiles[index].certificateIDs.removeAll { $0 == certificateID }
            profiles[index].profileState = "INVALID"
        }
    }

    /// Sets a profile's `profileState` (`INVALID`, `ACTIVE`, or any string).
    /// - Parameters:
    ///   - profileID: the profile.
    ///   - state: the new state.
    public mutating func setProfileState(_ profileID: String, _ state: String) {
        for index in profiles.indices where profiles[index].id == profileID { profiles[index].profileState = state }
    }

    /// Deletes a profile: it leaves `GET /v1/profiles`.
    /// - Parameter profileID: the profile.
    public mutating func deleteProfile(_ profileID: String) {
        profiles.removeAll { $0.id == profileID }
    }
}
