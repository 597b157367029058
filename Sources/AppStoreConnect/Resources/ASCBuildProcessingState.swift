/// The processing state of an uploaded build (`builds.processingState`). A value Apple adds later is kept as its raw
/// string (`isKnown` is then false), never a failure.
public struct ASCBuildProcessingState: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `PROCESSING`: uploaded, not usable yet.
    public static let processing = ASCBuildProcessingState(rawValue: "PROCESSING")
    /// `FAILED`.
    public static let failed = ASCBuildProcessingState(rawValue: "FAILED")
    /// `INVALID`.
    public static let invalid = ASCBuildProcessingState(rawValue: "INVALID")
    /// `VALID`: processed; it can be tested and submitted.
    public static let valid = ASCBuildProcessingState(rawValue: "VALID")

    /// The values App Store Connect documents (OpenAPI 4.4.1, `Build.attributes.processingState`).
    public static let knownValues: [ASCBuildProcessingState] = [.processing, .failed, .invalid, .valid]
}
