/// Everything the client sends to App Store Connect or reads from it, in one place: paths, query parameters and
/// their values, filters, the resource types, attributes and relationships read, and the enum values known.
///
/// The client builds every request from these lists and reads nothing outside them, and the conformance test
/// (`Tests/AppStoreConnectTests/ConformanceTests.swift`) checks every entry against Apple's OpenAPI description,
/// so the two cannot drift apart. `package` API: for that test and the package's own tools.
package enum ASCVocabulary {
    /// A query parameter sent with fixed values, joined with commas (`fields[apps]=name,bundleId`).
    package struct Parameter: Sendable {
        /// The name, such as `fields[apps]` or `include`.
        package let name: String
        /// The values.
        package let values: [String]

        init(_ name: String, _ values: [String]) {
            self.name = name
            self.values = values
        }
    }

    /// A filter the client may send: its name and, for filters over an enum, every value it may send (empty for
    /// filters over IDs and free text).
    package struct Filter: Sendable {
        /// The name, such as `filter[platform]`.
        package let name: String
        /// The values the client may send; empty for IDs and free text.
        package let values: [String]

        init(_ name: String, _ values: [String] = []) {
            self.name = name
            self.values = values
        }
    }

    /// A page-size parameter and the largest value the client sends for it.
    package struct Limit: Sendable {
        /// `limit` or `limit[items]`.
        package let name: String
        /// The largest value sent (Apple's documented maximum).
        package let maximum: Int
    }

    /// What the client reads of one resource type.
    package struct ResourceRead: Sendable {
        /// The OpenAPI schema name, such as `AppStoreVersion`.
        package let schema: String
        /// The JSON:API `type`, such as `appStoreVersions`.
        package let type: String
        /// The attributes read.
        package let attributes: [String]
        /// The relationships read.
        package let relationships: [String]
    }

    /// One GET the client sends.
    package struct Endpoint: Sendable {
        /// The path template, `{id}` standing for a resource ID.
        package let path: String
        /// The OpenAPI schema of the 200 response, such as `AppsResponse`.
        package let responseSchema: String
        /// The parameters always sent, in order.
        package let query: [Parameter]
        /// The page-size parameters sent.
        package let limits: [Limit]
        /// The filters the client may add.
        package let filters: [Filter]
        /// The resources read: the primary type first, then the included ones.
        package let reads: [ResourceRead]
    }

    /// An enum the client reads or sends values of: where Apple's description lists it, and the values.
    package struct EnumValues: Sendable {
        /// A path through the description's JSON to the `enum` array (`$ref`s are followed).
        package let pointer: [String]
        /// The values.
        package let values: [String]
    }

    // MARK: Resources read

    static let appRead = ResourceRead(schema: "App", type: "apps", attributes: ["name", "bundleId"], relationships: [])
    static let buildRead = ResourceRead(
        schema: "Build", type: "builds", attributes: ["version", "uploadedDate"], relationships: [])
    static let versionRead = ResourceRead(
        schema: "AppStoreVersion", type: "appStoreVersions",
        attributes: ["platform", "versionString", "appVersionState", "appStoreState", "createdDate"],
        relationships: ["app", "build"])
    static let submissionRead = ResourceRead(
        schema: "ReviewSubmission", type: "reviewSubmissions", attributes: ["platform", "submittedDate", "state"],
        relationships: ["app", "items"])
    static let itemRead = ResourceRead(
        schema: "ReviewSubmissionItem", type: "reviewSubmissionItems", attributes: ["state"],
        relationships: ["appStoreVersion"])
    static let webhookRead = ResourceRead(
        schema: "Webhook", type: "webhooks", attributes: ["name", "url", "enabled", "eventTypes"], relationships: [])
    static let certificateRead = ResourceRead(
        schema: "Certificate", type: "certificates",
        attributes: [
            "name", "certificateType", "displayName", "serialNumber", "platform", "expirationDate", "activated",
        ],
        relationships: [])
    static let profileRead = ResourceRead(
        schema: "Profile", type: "profiles",
        attributes: ["name", "platform", "profileType", "profileState", "uuid", "createdDate", "expirationDate"],
        relationships: ["bundleId", "certificates"])
    static let bundleIDRead = ResourceRead(
        schema: "BundleId", type: "bundleIds", attributes: ["identifier"], relationships: [])
    /// A build as TestFlight sees it: more than `buildRead`, the build an App Store version links to.
    static let testFlightBuildRead = ResourceRead(
        schema: "Build", type: "builds",
        attributes: ["version", "uploadedDate", "expirationDate", "expired", "processingState"],
        relationships: ["preReleaseVersion", "betaAppReviewSubmission", "buildBetaDetail", "app"])
    static let preReleaseVersionRead = ResourceRead(
        schema: "PrereleaseVersion", type: "preReleaseVersions", attributes: ["version", "platform"], relationships: [])
    static let betaReviewSubmissionRead = ResourceRead(
        schema: "BetaAppReviewSubmission", type: "betaAppReviewSubmissions",
        attributes: ["betaReviewState", "submittedDate"], relationships: [])
    static let buildBetaDetailRead = ResourceRead(
        schema: "BuildBetaDetail", type: "buildBetaDetails", attributes: ["externalBuildState"], relationships: [])

    /// Every resource read, by JSON:API type (a type read in two ways, `builds`, has both reads).
    static let readsByType: [String: [ResourceRead]] = Dictionary(
        grouping: [
            appRead, buildRead, versionRead, submissionRead, itemRead, webhookRead, certificateRead, profileRead,
            bundleIDRead, testFlightBuildRead, preReleaseVersionRead, betaReviewSubmissionRead, buildBetaDetailRead,
        ],
        by: \.type)

    /// Whether the client lists this attribute of this type as read (the resource readers assert it, so nothing is
    /// read that the conformance test does not check).
    static func reads(type: String, attribute: String) -> Bool {
        readsByType[type]?.contains { $0.attributes.contains(attribute) } ?? false
    }

    /// Whether the client lists this relationship of this type as read.
    static func reads(type: String, relationship: String) -> Bool {
        readsByType[type]?.contains { $0.relationships.contains(relationship) } ?? false
    }

    // MARK: Parameters

    static let appFields = Parameter("fields[apps]", ["name", "bundleId"])
    static let buildFields = Parameter("fields[builds]", ["version", "uploadedDate"])
    static let versionFields = Parameter(
        "fields[appStoreVersions]",
        ["platform", "versionString", "appVersionState", "appStoreState", "createdDate", "app", "build"])
    static let submissionFields = Parameter(
        "fields[reviewSubmissions]", ["platform", "submittedDate", "state", "app", "items"])
    static let itemFields = Parameter("fields[reviewSubmissionItems]", ["state", "appStoreVersion"])
    static let webhookFields = Parameter("fields[webhooks]", ["name", "url", "enabled", "eventTypes"])
    /// Not `certificateContent`: the certificate itself is not needed to know when it expires.
    static let certificateFields = Parameter("fields[certificates]", certificateRead.attributes)
    static let profileFields = Parameter(
        "fields[profiles]", profileRead.attributes + profileRead.relationships)
    static let bundleIDFields = Parameter("fields[bundleIds]", ["identifier"])
    static let testFlightBuildFields = Parameter(
        "fields[builds]", testFlightBuildRead.attributes + testFlightBuildRead.relationships)
    static let preReleaseVersionFields = Parameter("fields[preReleaseVersions]", preReleaseVersionRead.attributes)
    static let betaReviewSubmissionFields = Parameter(
        "fields[betaAppReviewSubmissions]", betaReviewSubmissionRead.attributes)
    static let buildBetaDetailFields = Parameter("fields[buildBetaDetails]", buildBetaDetailRead.attributes)
    /// What a TestFlight build is read with: its pre-release version, Beta App Review submission and TestFlight
    /// details (one request per page, never one per build).
    static let testFlightIncludes = ["preReleaseVersion", "betaAppReviewSubmission", "buildBetaDetail"]

    static let pageLimit = Limit(name: "limit", maximum: 200)
    static let itemsLimit = Limit(name: "limit[items]", maximum: 50)
    static let certificatesLimit = Limit(name: "limit[certificates]", maximum: 50)

    /// The most IDs the client puts in one `filter[id]` (Apple documents no bound; 50 UUIDs keep the URL under
    /// 2,000 bytes).
    package static let idsPerFilter = 50

    static let platformFilter = Filter("filter[platform]", ASCPlatform.knownValues.map(\.rawValue))

    // MARK: Endpoints

    /// `GET /v1/apps`: every app the key can see.
    package static let apps = Endpoint(
        path: "/v1/apps", responseSchema: "AppsResponse", query: [appFields], limits: [pageLimit],
        filters: [Filter("filter[bundleId]")], reads: [appRead])

    /// `GET /v1/apps?limit=1`: the credential check (one small page; `meta.paging.total` counts the apps).
    package static let credentialCheck = Endpoint(
        path: "/v1/apps", responseSchema: "AppsResponse", query: [appFields, Parameter("limit", ["1"])], limits: [],
        filters: [], reads: [appRead])

    /// `GET /v1/apps/{id}`.
    package static let app = Endpoint(
        path: "/v1/apps/{id}", responseSchema: "AppResponse", query: [appFields], limits: [], filters: [],
        reads: [appRead])

    /// `GET /v1/apps/{id}/appStoreVersions?include=build`: every platform's versions with their builds.
    package static let appStoreVersions = Endpoint(
        path: "/v1/apps/{id}/appStoreVersions", responseSchema: "AppStoreVersionsResponse",
        query: [versionFields, Parameter("include", ["build"]), buildFields], limits: [pageLimit],
        filters: [
            platformFilter, Filter("filter[appVersionState]", ASCVersionState.knownAppVersionStates.map(\.rawValue)),
        ],
        reads: [versionRead, buildRead])

    /// `GET /v1/appStoreVersions/{id}?include=app,build`: one version and its app (a webhook names only the
    /// version's ID).
    package static let appStoreVersion = Endpoint(
        path: "/v1/appStoreVersions/{id}", responseSchema: "AppStoreVersionResponse",
        query: [versionFields, Parameter("include", ["app", "build"]), appFields, buildFields], limits: [],
        filters: [], reads: [versionRead, appRead, buildRead])

    /// `GET /v1/reviewSubmissions?filter[app]=<id>&include=items`: an app's review submissions with their items.
    package static let reviewSubmissions = Endpoint(
        path: "/v1/reviewSubmissions", responseSchema: "ReviewSubmissionsResponse",
        query: [submissionFields, Parameter("include", ["items"]), itemFields], limits: [pageLimit, itemsLimit],
        filters: [
            Filter("filter[app]"), platformFilter,
            Filter("filter[state]", ASCReviewSubmissionState.knownValues.map(\.rawValue)),
        ],
        reads: [submissionRead, itemRead])

    /// `GET /v1/reviewSubmissions/{id}?include=items`.
    package static let reviewSubmission = Endpoint(
        path: "/v1/reviewSubmissions/{id}", responseSchema: "ReviewSubmissionResponse",
        query: [submissionFields, Parameter("include", ["items"]), itemFields], limits: [itemsLimit], filters: [],
        reads: [submissionRead, itemRead])

    /// `GET /v1/reviewSubmissions/{id}/items`: every item of one submission (when more than `limit[items]`).
    package static let reviewSubmissionItems = Endpoint(
        path: "/v1/reviewSubmissions/{id}/items", responseSchema: "ReviewSubmissionItemsResponse",
        query: [itemFields], limits: [pageLimit], filters: [], reads: [itemRead])

    /// `GET /v1/apps/{id}/webhooks`: an app's webhooks (`review webhook list`).
    package static let appWebhooks = Endpoint(
        path: "/v1/apps/{id}/webhooks", responseSchema: "WebhooksResponse", query: [webhookFields],
        limits: [pageLimit], filters: [], reads: [webhookRead])

    /// `GET /v1/certificates`: the team's signing certificates (the signing tracker).
    package static let certificates = Endpoint(
        path: "/v1/certificates", responseSchema: "CertificatesResponse", query: [certificateFields],
        limits: [pageLimit],
        filters: [Filter("filter[certificateType]", ASCCertificateType.knownValues.map(\.rawValue))],
        reads: [certificateRead])

    /// `GET /v1/profiles?include=bundleId,certificates`: the team's provisioning profiles with the bundle ID each is
    /// for and the certificates each includes.
    package static let profiles = Endpoint(
        path: "/v1/profiles", responseSchema: "ProfilesResponse",
        query: [profileFields, Parameter("include", ["bundleId", "certificates"]), bundleIDFields, certificateFields],
        limits: [pageLimit, certificatesLimit], filters: [], reads: [profileRead, bundleIDRead, certificateRead])

    /// `GET /v1/profiles/{id}/certificates`: every certificate of one profile (when more than
    /// `limit[certificates]`).
    package static let profileCertificates = Endpoint(
        path: "/v1/profiles/{id}/certificates", responseSchema: "CertificatesWithoutIncludesResponse",
        query: [certificateFields], limits: [pageLimit], filters: [], reads: [certificateRead])

    /// `GET /v1/builds?sort=-uploadedDate&include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail`: an app's
    /// TestFlight builds of every platform, newest upload first (`filter[app]`), or some builds by ID (`filter[id]`).
    package static let testFlightBuilds = Endpoint(
        path: "/v1/builds", responseSchema: "BuildsResponse",
        query: [
            testFlightBuildFields, Parameter("sort", ["-uploadedDate"]), Parameter("include", testFlightIncludes),
            preReleaseVersionFields, betaReviewSubmissionFields, buildBetaDetailFields,
        ],
        limits: [pageLimit], filters: [Filter("filter[app]"), Filter("filter[id]")],
        reads: [testFlightBuildRead, preReleaseVersionRead, betaReviewSubmissionRead, buildBetaDetailRead])

    /// `GET /v1/buildBetaDetails/{id}/build?include=...,app`: the build of a build beta detail, with its app (the
    /// `BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED` webhook names only the build beta detail's ID).
    package static let betaDetailBuild = Endpoint(
        path: "/v1/buildBetaDetails/{id}/build", responseSchema: "BuildResponse",
        query: [
            testFlightBuildFields, Parameter("include", testFlightIncludes + ["app"]), preReleaseVersionFields,
            betaReviewSubmissionFields, buildBetaDetailFields, appFields,
        ],
        limits: [], filters: [],
        reads: [testFlightBuildRead, preReleaseVersionRead, betaReviewSubmissionRead, buildBetaDetailRead, appRead])

    /// Every endpoint the client sends.
    package static let endpoints: [Endpoint] = [
        apps, credentialCheck, app, appStoreVersions, appStoreVersion, reviewSubmissions, reviewSubmission,
        reviewSubmissionItems, appWebhooks, certificates, profiles, profileCertificates, testFlightBuilds,
        betaDetailBuild,
    ]

    /// One POST the client sends: the path, the request and response schemas, and the attributes and
    /// relationships of the resource it creates.
    package struct Creation: Sendable {
        /// The path.
        package let path: String
        /// The OpenAPI schema of the request body, such as `WebhookCreateRequest`.
        package let requestSchema: String
        /// The OpenAPI schema of the 201 response.
        package let responseSchema: String
        /// The JSON:API type created.
        package let type: String
        /// The attributes sent.
        package let attributes: [String]
        /// The relationships sent.
        package let relationships: [String]
    }

    /// `POST /v1/webhooks`: a webhook for an app (`review webhook create`).
    package static let createWebhook = Creation(
        path: "/v1/webhooks", requestSchema: "WebhookCreateRequest", responseSchema: "WebhookResponse",
        type: "webhooks", attributes: ["name", "url", "secret", "eventTypes", "enabled"], relationships: ["app"])

    /// `POST /v1/webhookPings`: a test delivery of a webhook (`review webhook ping`).
    package static let createWebhookPing = Creation(
        path: "/v1/webhookPings", requestSchema: "WebhookPingCreateRequest", responseSchema: "WebhookPingResponse",
        type: "webhookPings", attributes: [], relationships: ["webhook"])

    /// Every POST the client sends.
    package static let creations: [Creation] = [createWebhook, createWebhookPing]

    // MARK: Enums and document members

    /// Every enum whose values the client names.
    package static let enums: [EnumValues] = [
        EnumValues(
            pointer: ["components", "schemas", "Platform", "enum"], values: ASCPlatform.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: ["components", "schemas", "AppVersionState", "enum"],
            values: ASCVersionState.knownAppVersionStates.map(\.rawValue)),
        EnumValues(
            pointer: ["components", "schemas", "AppStoreVersionState", "enum"],
            values: ASCVersionState.knownAppStoreStates.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "ReviewSubmission", "properties", "attributes", "properties", "state", "enum",
            ],
            values: ASCReviewSubmissionState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "ReviewSubmissionItem", "properties", "attributes", "properties", "state",
                "enum",
            ],
            values: ASCReviewSubmissionItemState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: ["components", "schemas", "CertificateType", "enum"],
            values: ASCCertificateType.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: ["components", "schemas", "BundleIdPlatform", "enum"],
            values: ASCBundleIDPlatform.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "Certificate", "properties", "attributes", "properties", "platform", "enum",
            ],
            values: ASCBundleIDPlatform.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "Profile", "properties", "attributes", "properties", "platform", "enum",
            ],
            values: ASCBundleIDPlatform.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "Profile", "properties", "attributes", "properties", "profileType", "enum",
            ],
            values: ASCProfileType.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "Profile", "properties", "attributes", "properties", "profileState", "enum",
            ],
            values: ASCProfileState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: ["components", "schemas", "BetaReviewState", "enum"],
            values: ASCBetaReviewState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: ["components", "schemas", "ExternalBetaState", "enum"],
            values: ASCExternalBuildState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "BetaAppReviewSubmission", "properties", "attributes", "properties",
                "betaReviewState", "enum",
            ],
            values: ASCBetaReviewState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "BuildBetaDetail", "properties", "attributes", "properties",
                "externalBuildState", "enum",
            ],
            values: ASCExternalBuildState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "Build", "properties", "attributes", "properties", "processingState", "enum",
            ],
            values: ASCBuildProcessingState.knownValues.map(\.rawValue)),
        EnumValues(
            pointer: [
                "components", "schemas", "PrereleaseVersion", "properties", "attributes", "properties", "platform",
                "enum",
            ],
            values: ASCPlatform.knownValues.map(\.rawValue)),
    ]

    /// The webhook event types the client sends (each must be one of Apple's `WebhookEventType` values).
    package static let webhookEventTypes = [ASCWebhook.versionStateEventType]

    /// The members of documents the client reads besides resources: pagination and error bodies.
    package static let documentMembers: [[String]] = [
        ["components", "schemas", "PagedDocumentLinks", "properties", "next"],
        ["components", "schemas", "PagingInformation", "properties", "paging", "properties", "total"],
        [
            "components", "schemas", "ReviewSubmission", "properties", "relationships", "properties", "items",
            "properties", "meta", "properties", "paging", "properties", "total",
        ],
        [
            "components", "schemas", "Profile", "properties", "relationships", "properties", "certificates",
            "properties", "meta", "properties", "paging", "properties", "total",
        ],
        ["components", "schemas", "ErrorResponse", "properties", "errors"],
        ["components", "schemas", "ResponseError", "properties", "id"],
        ["components", "schemas", "ResponseError", "properties", "status"],
        ["components", "schemas", "ResponseError", "properties", "code"],
        ["components", "schemas", "ResponseError", "properties", "title"],
        ["components", "schemas", "ResponseError", "properties", "detail"],
    ]

    /// The security scheme: a bearer JWT.
    package static let securityScheme: [String] = ["components", "securitySchemes", "itc-bearer-token", "bearerFormat"]
}
