import GatehouseTesting

/// The committed samples (`Samples/`, see its README) as the suites pass them to `jwtcheck`: one place for their
/// paths and for the instant at which the sample token is valid.
enum Samples {
    /// The folder.
    static let directory = SharedResources.samplesDirectory.path
    /// The sample identity token, as a `@file` argument (Sign in with Apple shaped, RS256, kid `sample-key-1`).
    static let token = "@\(directory)/identity-token.jwt"
    /// The key set that verifies it.
    static let jwks = "\(directory)/jwks.json"
    /// The sample `.p8` key (key ID `TEST0KEY01`).
    static let p8 = "\(directory)/keys/AuthKey_TEST0KEY01.p8"
    /// 2026-11-29T12:30:00Z, inside the sample token's life.
    static let now: Int64 = 1_795_955_400
}
