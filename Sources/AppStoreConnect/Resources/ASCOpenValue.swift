/// A value App Store Connect sends as a string from a documented list that Apple may extend: a value Apple adds
/// later is kept as its raw string (`isKnown` is then false), never a failure. `ASCPlatform`, `ASCVersionState`,
/// `ASCReviewSubmissionState`, `ASCReviewSubmissionItemState`, `ASCCertificateType`, `ASCBundleIDPlatform`,
/// `ASCProfileType`, `ASCProfileState`, `ASCBetaReviewState`, `ASCExternalBuildState` and `ASCBuildProcessingState`
/// are such values.
public protocol ASCOpenValue: RawRepresentable, Sendable, Hashable, CustomStringConvertible where RawValue == String {
    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    init(rawValue: String)

    /// The values App Store Connect documents.
    static var knownValues: [Self] { get }
}

extension ASCOpenValue {
    /// Whether the value is one of `knownValues`.
    public var isKnown: Bool { Self.knownValues.contains(self) }

    /// The raw value, as App Store Connect sends it.
    public var description: String { rawValue }
}
