public import GatehouseHTTP
import JWT

/// Apple's token endpoint: exchange an authorization code, validate a refresh token, revoke a token.
///
/// `POST {baseURL}/auth/token` and `POST {baseURL}/auth/revoke`, form-encoded, with `client_id` and a
/// `client_secret` from `AppleClientSecret`. A returned `id_token` is verified with the client's verifier. Apple's
/// error bodies (`{"error":"invalid_grant"}`) become `AppleSignInError` codes whose text says the usual cause.
public struct AppleTokenClient: Sendable {
    /// Apple's base URL, `https://appleid.apple.com`.
    public static let appleBaseURL = "https://appleid.apple.com"

    /// The base URL the endpoints hang off.
    public let baseURL: String
    /// The verifier for returned `id_token`s; its client IDs must include `clientID`.
    public let verifier: AppleIdentityTokenVerifier
    private let http: any HTTPFetching

    /// Creates a client.
    /// - Parameters:
    ///   - http: the HTTP client.
    ///   - verifier: verifies each returned `id_token`.
    ///   - baseURL: default `https://appleid.apple.com`; tests point it at a loopback server.
    /// - Throws: `AppleSignInError.invalidConfiguration` for a base URL that is not http(s).
    public init(http: any HTTPFetching, verifier: AppleIdentityTokenVerifier, baseURL: String = appleBaseURL) throws {
        guard baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://") else {
            throw AppleSignInError(
                .invalidConfiguration, "the token endpoint base URL \"\(baseURL)\" is not an http(s) URL")
        }
        self.http = http
        self.verifier = verifier
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    /// Exchanges an authorization code (`grant_type=authorization_code`).
    /// - Parameters:
    ///   - code: the authorization code (single use, valid five minutes).
    ///   - redirectURI: the `redirect_uri` of the authorization request (web flows); sent only when given.
    ///   - clientID: the client ID that obtained the code; must be the secret's `sub`.
    ///   - clientSecret: from `AppleClientSecret.make`.
    /// - Returns: the tokens, the `id_token` verified and, when it has `at_hash`, bound to the access token.
    /// - Throws: `AppleSignInError` with Apple's error code, `tokenEndpointFailure`, `invalidTokenResponse`, or a
    ///   verification error for the `id_token`.
    public func exchange(
        code: String, redirectURI: String? = nil, clientID: String, clientSecret: String
    ) async throws -> AppleTokenResponse {
        var fields: [(name: String, value: String)] = [
            ("client_id", clientID), ("client_secret", clientSecret), ("code", code),
            ("grant_type", "authorization_code"),
        ]
        if let redirectURI { fields.append(("redirect_uri", redirectURI)) }
        return try await tokenRequest(fields, what: "the authorization code")
    }

    /// Validates a refresh token (`grant_type=refresh_token`); Apple answers a new access token and an `id_token`.
    /// - Parameters:
    ///   - refreshToken: the refresh token from an earlier exchange.
    ///   - clientID: the client ID it was issued to.
    ///   - clientSecret: from `AppleClientSecret.make`.
    /// - Returns: the tokens.
    /// - Throws: as `exchange`.
    public func validate(refreshToken: String, clientID: String, clientSecret: String) async throws
        -> AppleTokenResponse
    {
        try await tokenRequest(
            [
                ("client_id", clientID), ("client_secret", clientSecret), ("grant_type", "refresh_token"),
                ("refresh_token", refreshToken),
            ], what: "the refresh token")
    }

    /// Revokes a refresh or access token (`/auth/revoke`); Apple answers 200 with an empty body.
    /// - Parameters:
    ///   - token: the token.
    ///   - hint: what kind of token it is.
    ///   - clientID: the client ID it was issued to.
    ///   - clientSecret: from `AppleClientSecret.make`.
    /// - Throws: `AppleSignInError` with Apple's error code or `tokenEndpointFailure`.
    public func revoke(
        token: String, hint: AppleTokenTypeHint = .refreshToken, clientID: String, clientSecret: String
    ) async throws {
        let url = baseURL + "/auth/revoke"
        let response = try await post(
            url,
            [
                ("client_id", clientID), ("client_secret", clientSecret), ("token", token),
                ("token_type_hint", hint.rawValue),
            ])
        guard response.isSuccess else { throw Self.failure(response, url: url, what: "the token") }
    }

    private func tokenRequest(_ fields: [(name: String, value: String)], what: String) async throws
        -> AppleTokenResponse
    {
        let url = baseURL + "/auth/token"
        let response = try await post(url, fields)
        guard response.isSuccess else { throw Self.failure(response, url: url, what: what) }
        let object: JSONObject
        do {
            guard case .object(let parsed) = try JSONValue.parse(response.body, maxNestingDepth: 8) else {
                throw AppleSignInError(.invalidTokenResponse, "the body is not a JSON object")
            }
            object = parsed
        } catch let error as JWTError {
            throw AppleSignInError(
                .invalidTokenResponse,
                "\(url) answered HTTP \(response.status) with a body that is not JSON: \(error.reason)",
                jwtError: error)
        }
        func string(_ name: String) throws -> String? {
            guard let value = object[name], value != .null else { return nil }
            guard let text = value.stringValue else {
                throw AppleSignInError(
                    .invalidTokenResponse, "\(url) answered \"\(name)\" as a JSON \(value.typeName), not a string")
            }
            return text
        }
        let accessToken = try string("access_token")
        let idToken = try string("id_token")
        var expiresIn: Int?
        if let value = object["expires_in"], value != .null {
            // A lifetime in seconds (RFC 6749 section 5.1), range-checked before anyone adds it to a time.
            guard let number = value.numberValue?.int64Value, number >= 0,
                Double(number) <= CheckedTime.latestNumericDate, let seconds = Int(exactly: number)
            else {
                throw AppleSignInError(
                    .invalidTokenResponse,
                    "\(url) answered \"expires_in\" as \(value), not an integer number of seconds in 0 ... "
                        + "253402300799 (Apple sends 3600)")
            }
            expiresIn = seconds
        }
        var identity: AppleIdentityToken?
        if let idToken {
            let verified = try await verifier.verify(idToken)
            if let accessToken, verified.accessTokenHash != nil {
                try OIDCTokenHash.check(
                    claim: verified.accessTokenHash, name: "at_hash", value: accessToken, what: "access token")
            }
            identity = verified
        }
        return AppleTokenResponse(
            accessToken: accessToken, tokenType: try string("token_type"), expiresIn: expiresIn,
            refreshToken: try string("refresh_token"), idToken: idToken, identity: identity)
    }

    private func post(_ url: String, _ fields: [(name: String, value: String)]) async throws -> HTTPResponse {
        do {
            return try await http.send(.formPost(url: url, fields: fields, headers: ["Accept": "application/json"]))
        } catch let error as HTTPError {
            throw AppleSignInError(
                .tokenEndpointFailure, "cannot reach \(url): HTTPError.\(error.code): \(error.reason)", httpError: error
            )
        }
    }

    /// Apple's error body, typed, with the usual cause.
    static func failure(_ response: HTTPResponse, url: String, what: String) -> AppleSignInError {
        let value = try? JSONValue.parse(response.body, maxNestingDepth: 8)
        let error = value?["error"]?.stringValue
        let description = value?["error_description"]?.stringValue.map { " (\"\($0)\")" } ?? ""
        let prefix = "\(url) answered HTTP \(response.status) \(error ?? "")\(description): "
        switch error {
        case "invalid_request":
            return AppleSignInError(
                .invalidRequest,
                prefix + "a parameter is missing, repeated or malformed; check client_id, client_secret, grant_type "
                    + "and the code or token")
        case "invalid_client":
            return AppleSignInError(
                .invalidClient,
                prefix + "Apple did not accept the client secret: its sub must equal the client ID that obtained the "
                    + "code (the bundle ID for codes from the app, the Services ID for the web), iss your Team ID, "
                    + "kid the Key ID of the .p8 that signed it, aud https://appleid.apple.com, ES256 with a raw "
                    + "r||s signature, not expired and living at most six months")
        case "invalid_grant":
            return AppleSignInError(
                .invalidGrant,
                prefix + "\(what) is expired (codes live five minutes), already used (codes are single use), "
                    + "revoked, or issued to another client ID; or redirect_uri differs from the authorization "
                    + "request's")
        case "unauthorized_client":
            return AppleSignInError(
                .unauthorizedClient,
                prefix + "this client ID may not use this grant; check that Sign in with Apple is enabled for it "
                    + "and that it belongs to the team of the key")
        case "unsupported_grant_type":
            return AppleSignInError(
                .unsupportedGrantType,
                prefix + "grant_type must be authorization_code or refresh_token")
        case "invalid_scope":
            return AppleSignInError(
                .invalidScope, prefix + "the requested scope is not one Apple supports (name, email)")
        default:
            let excerpt = String(decoding: response.body.prefix(200), as: UTF8.self)
            return AppleSignInError(
                .tokenEndpointFailure,
                "\(url) answered HTTP \(response.status) without an error this client knows; body: \"\(excerpt)\"")
        }
    }
}
