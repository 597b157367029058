/// A build's TestFlight details, as `include=buildBetaDetail` gives them: its external-testing state. Its ID is the
/// one the `BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED` webhook names.
public struct ASCBuildBetaDetail: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the build beta detail.
    public let id: String
    /// `externalBuildState`, when sent.
    public let externalBuildState: ASCExternalBuildState?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the build beta detail's ID.
    ///   - externalBuildState: the external-testing state.
    public init(id: String, externalBuildState: ASCExternalBuildState?) {
        self.id = id
        self.externalBuildState = externalBuildState
    }

    /// Reads a `buildBetaDetails` resource.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "buildBetaDetails")
        self.init(
            id: resource.id,
            externalBuildState: try resource.optionalString("externalBuildState").map(
                ASCExternalBuildState.init(rawValue:)))
    }
}
