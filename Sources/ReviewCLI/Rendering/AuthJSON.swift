import AppStoreConnect
import ReviewLog

/// The `--json` objects of `review auth` (documented in its `--json` help): one object per command, never the
/// key's private text.
enum AuthJSON {
    /// `{"name", "keyId", "issuerId", "kind"}`, kind `individual` or `team`.
    static func profile(name: String, keyID: String, issuerID: String?) -> String {
        JSONText.object([
            ("name", JSONText.string(name)), ("keyId", JSONText.string(keyID)),
            ("issuerId", JSONText.string(issuerID)), ("kind", JSONText.string(issuerID == nil ? "individual" : "team")),
        ])
    }

    /// `auth add`: `{"path", "profile": PROFILE}`.
    static func added(path: String, name: String, keyID: String, issuerID: String?) -> String {
        JSONText.object([
            ("path", JSONText.string(path)), ("profile", profile(name: name, keyID: keyID, issuerID: issuerID)),
        ]) + "\n"
    }

    /// `auth list`: `{"path", "profiles": [PROFILE]}`.
    static func list(path: String, profiles: [(name: String, keyID: String, issuerID: String?)]) -> String {
        let items = profiles.map { profile(name: $0.name, keyID: $0.keyID, issuerID: $0.issuerID) }
        return JSONText.object([
            ("path", JSONText.string(path)), ("profiles", "[" + items.joined(separator: ", ") + "]"),
        ]) + "\n"
    }

    /// `auth check`: `{"keys": [{"profile", "keyId", "kind", "visibleApps", "firstApp", "rateLimit"}]}`.
    static func checks(_ checks: [(profile: String?, check: ASCCredentialCheck)]) -> String {
        let items = checks.map { profile, check in
            var kind = "individual"
            if case .team = check.kind { kind = "team" }
            return JSONText.object([
                ("profile", JSONText.string(profile)), ("keyId", JSONText.string(check.keyID)),
                ("kind", JSONText.string(kind)),
                ("visibleApps", JSONText.number(check.visibleAppCount.map(Int64.init))),
                (
                    "firstApp",
                    check.firstApp.map {
                        JSONText.object([
                            ("name", JSONText.string($0.name)), ("bundleId", JSONText.string($0.bundleID)),
                        ])
                    } ?? "null"
                ),
                (
                    "rateLimit",
                    check.rateLimit.map {
                        JSONText.object([("limit", String($0.limit)), ("remaining", String($0.remaining))])
                    } ?? "null"
                ),
            ])
        }
        return JSONText.object([("keys", "[" + items.joined(separator: ", ") + "]")]) + "\n"
    }
}
