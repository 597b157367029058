/// What a tracked signing item is. The raw values are the `kind` of `review signing --json` and of the export.
public enum SigningItemKind: String, Sendable, Hashable, CaseIterable {
    /// A certificate listed by App Store Connect (`GET /v1/certificates`).
    case certificate
    /// A provisioning profile listed by App Store Connect (`GET /v1/profiles`).
    case profile
    /// A local certificate file (PEM or DER): an APNs or pass type certificate, which the API does not list.
    case certificateFile = "certificate-file"
    /// A local provisioning profile (`.mobileprovision`, `.provisionprofile`).
    case profileFile = "profile-file"
    /// A local Sign in with Apple client secret (an ES256 JWT).
    case clientSecret = "client-secret"

    /// Whether the item is a local file (re-read on every pass), rather than listed by App Store Connect.
    public var isFile: Bool {
        switch self {
        case .certificate, .profile: false
        case .certificateFile, .profileFile, .clientSecret: true
        }
    }

    /// Whether the item is a provisioning profile, whose expiry is decided by its certificates too.
    public var isProfile: Bool { self == .profile || self == .profileFile }

    /// The word a sentence uses for it ("1 certificate expires in 6 days").
    public var noun: String {
        switch self {
        case .certificate, .certificateFile: "certificate"
        case .profile, .profileFile: "profile"
        case .clientSecret: "client secret"
        }
    }

    /// What stops working when it expires, for alerts.
    public var whatBreaks: String {
        switch self {
        case .certificate: "builds signed with it, and App Store uploads signed with it"
        case .profile: "builds and App Store uploads signed with it"
        case .certificateFile: "what the certificate signs or authenticates (for an APNs certificate: push)"
        case .profileFile: "builds signed with it"
        case .clientSecret: "token exchange with Apple (Sign in with Apple's token endpoint refuses it)"
        }
    }

    /// What to do, for alerts.
    public var whatToDo: String {
        switch self {
        case .certificate:
            "create a new one in App Store Connect (https://developer.apple.com/account/resources/certificates/list) "
                + "or with `fastlane match`, then regenerate the profiles that use it"
        case .profile:
            "regenerate it in App Store Connect (https://developer.apple.com/account/resources/profiles/list) or with "
                + "`fastlane match`"
        case .certificateFile:
            "renew it in App Store Connect (https://developer.apple.com/account/resources/certificates/list) and replace "
                + "the file"
        case .profileFile:
            "download the regenerated profile (App Store Connect or `fastlane match`) and replace the file"
        case .clientSecret:
            "sign a new one with `jwtcheck apple client-secret` (at most six months) and replace the file"
        }
    }
}

/// Where a tracked item stands at a given time. The raw values are the `state` of `review signing --json`. Where
/// several apply, the first of gone, missing, invalid, renewed, expired, expiring, active is the one shown.
public enum SigningItemState: String, Sendable, Hashable, CaseIterable {
    /// Valid, and not within the largest alert threshold.
    case active
    /// Not expired, and within the largest alert threshold (30 days by default).
    case expiring
    /// Past its effective expiry.
    case expired
    /// A profile App Store Connect marks INVALID (its certificate revoked or expired).
    case invalid
    /// Missing from a complete listing of App Store Connect (revoked or deleted).
    case gone
    /// A tracked local file that no longer exists.
    case missing
    /// An App Store Connect item that a newer one replaces: a certificate of the same type with a later expiry, a
    /// profile of the same name made again. It gets no further alerts.
    case renewed
}
