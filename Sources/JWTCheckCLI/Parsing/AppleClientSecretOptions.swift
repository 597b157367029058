/// Options of `jwtcheck apple client-secret`, also taken by `exchange`, `refresh` and `revoke`.
package struct AppleClientSecretOptions: Sendable, Equatable {
    /// The `.p8` AuthKey file (`--p8`).
    package var p8Path: String
    /// The Key ID (`--key-id`).
    package var keyID: String
    /// The Team ID (`--team-id`).
    package var teamID: String
    /// The client ID (`--client-id`): the bundle ID or Services ID.
    package var clientID: String
    /// The lifetime in days (`--days`, default 180).
    package var days: Int = 180

    /// Creates options.
    /// - Parameters:
    ///   - p8Path: the `.p8` file.
    package init(p8Path: String, keyID: String, teamID: String, clientID: String) {
        self.p8Path = p8Path
        self.keyID = keyID
        self.teamID = teamID
        self.clientID = clientID
    }
}
