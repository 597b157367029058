/// The external-testing state of a TestFlight build (`buildBetaDetails.externalBuildState`). A value Apple adds
/// later is kept as its raw string (`isKnown` is then false), never a failure.
///
/// A build approved by Beta App Review reads `BETA_APPROVED`, then `IN_BETA_TESTING` once it is given to external
/// testers; a later build of an approved pre-release version can read either without a review submission of its own.
public struct ASCExternalBuildState: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `PROCESSING`.
    public static let processing = ASCExternalBuildState(rawValue: "PROCESSING")
    /// `PROCESSING_EXCEPTION`.
    public static let processingException = ASCExternalBuildState(rawValue: "PROCESSING_EXCEPTION")
    /// `MISSING_EXPORT_COMPLIANCE`.
    public static let missingExportCompliance = ASCExternalBuildState(rawValue: "MISSING_EXPORT_COMPLIANCE")
    /// `READY_FOR_BETA_TESTING`.
    public static let readyForBetaTesting = ASCExternalBuildState(rawValue: "READY_FOR_BETA_TESTING")
    /// `IN_BETA_TESTING`.
    public static let inBetaTesting = ASCExternalBuildState(rawValue: "IN_BETA_TESTING")
    /// `EXPIRED`.
    public static let expired = ASCExternalBuildState(rawValue: "EXPIRED")
    /// `READY_FOR_BETA_SUBMISSION`: can be submitted to Beta App Review.
    public static let readyForBetaSubmission = ASCExternalBuildState(rawValue: "READY_FOR_BETA_SUBMISSION")
    /// `IN_EXPORT_COMPLIANCE_REVIEW`.
    public static let inExportComplianceReview = ASCExternalBuildState(rawValue: "IN_EXPORT_COMPLIANCE_REVIEW")
    /// `WAITING_FOR_BETA_REVIEW`.
    public static let waitingForBetaReview = ASCExternalBuildState(rawValue: "WAITING_FOR_BETA_REVIEW")
    /// `IN_BETA_REVIEW`.
    public static let inBetaReview = ASCExternalBuildState(rawValue: "IN_BETA_REVIEW")
    /// `BETA_REJECTED`.
    public static let betaRejected = ASCExternalBuildState(rawValue: "BETA_REJECTED")
    /// `BETA_APPROVED`.
    public static let betaApproved = ASCExternalBuildState(rawValue: "BETA_APPROVED")
    /// `NOT_APPLICABLE`.
    public static let notApplicable = ASCExternalBuildState(rawValue: "NOT_APPLICABLE")

    /// The 13 values App Store Connect documents (OpenAPI 4.4.1, schema `ExternalBetaState`).
    public static let knownValues: [ASCExternalBuildState] = [
        .processing, .processingException, .missingExportCompliance, .readyForBetaTesting, .inBetaTesting, .expired,
        .readyForBetaSubmission, .inExportComplianceReview, .waitingForBetaReview, .inBetaReview, .betaRejected,
        .betaApproved, .notApplicable,
    ]
}
