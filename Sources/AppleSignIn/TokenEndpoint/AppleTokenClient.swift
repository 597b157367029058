public import GatehouseCore
import GatehouseFoundation
public import GatehouseHTTP
import JWT

/// Apple's token endpoint: exchange an authorization code, validate a refresh token, revoke a token.
///
/// `POST {baseURL}/auth/token` and `POST {baseURL}/auth/revoke`, form-encoded, with the client ID of the
/// `AppleClientSecret` and a client secret it signs for each request (living `secretLifetime`). A returned `id_token`
/// is always verified: with the verifier given, else one for the secret's client ID over Apple's shared key set.
///
/// ```swift
/// let client = try AppleTokenClient(clientSecret: AppleClientSecret(p8PEM: p8, keyID: "ABC123DEFG",
///                                                                   teamID: "TEAM123456", clientID: "com.example.app"))
/// try await client.revoke(token: refreshToken)
/// ```
///
/// A failed answer is judged by its HTTP status first: a 5xx is `tokenEndpointFailure` whatever the body says (Apple
/// is failing, not refusing); any 4xx is Apple refusing the request, typed by its `error` value
/// (`{"error":"invalid_grant"}` is `invalidGrant`, with text saying the usual cause; RFC 6749 section 5.2) or, for
/// a value this library does not name or none, `tokenRequestRefused` naming the value or the status.
public struct AppleTokenClient: Sendable {
    /// Apple's base URL, `https://appleid.apple.com`.
    public static let appleBaseURL = "https://appleid.apple.com"

    /// How long each client secret the client signs lives: one hour. A secret is made per request, so a secret
    /// seen in transit (a logging proxy, say) is useless an hour later; Apple accepts up to six months.
    public static let secretLifetime: TimeInterval = 3_600

    /// The base URL the endpoints hang off.
    public let baseURL: String
    /// The signer of client secrets; its client ID is the `client_id` of every request.
    public let clientSecret: AppleClientSecret
    /// The verifier for returned `id_token`s; its client IDs include the secret's client ID.
    public let verifier: AppleIdentityTokenVerifier
    private let http: any HTTPFetching
    private let clock: any TimeSource

    /// The client ID every request is made for (`clientSecret.clientID`).
    public var clientID: String { clientSecret.clientID }

    /// Creates a client. Nothing is sent or fetched until a request is made.
    /// - Parameters:
    ///   - clientSecret: signs the client secret of each request; its client ID is the one the code or token was
    ///     issued to.
    ///   - verifier: verifies each returned `id_token`; default nil, a verifier for the secret's client ID over
    ///     `AppleKeySetProvider.shared`.
    ///   - http: the HTTP client; default libcurl.
    ///   - baseURL: default `https://appleid.apple.com`; tests point it at a loopback server.
    ///   - clock: the time each secret's `iat` is taken from; default the system clock.
    /// - Throws: `AppleSignInError.invalidConfiguration` for a base URL that is not http(s), or a verifier that does
    ///   not accept the secret's client ID (every `id_token` would then be refused).
    public init(
        clientSecret: AppleClientSecret, verifier: AppleIdentityTokenVerifier? = nil,
        http: any HTTPFetching = CurlHTTPClient(), baseURL: String = appleBaseURL, clock: any TimeSource = .system
    ) throws {
        let scheme = baseURL.prefix { $0 != ":" }.lowercased()
        guard scheme == "https" || scheme == "http", baseURL.dropFirst(scheme.count).hasPrefix("://") else {
            throw AppleSignInError(
                .invalidConfiguration, "the token endpoint base URL \"\(baseURL)\" is not an http(s) URL")
        }
        let verifier = try verifier ?? AppleIdentityTokenVerifier(clientIDs: [clientSecret.clientID])
        guard ExactString.contains(verifier.clientIDs, clientSecret.clientID) else {
            throw AppleSignInError(
                .invalidConfiguration,
                "the verifier accepts the client IDs " + verifier.clientIDs.map { "\"\($0)\"" }.joined(separator: ", ")
                    + " but the client secret is for \"\(clientSecret.clientID)\", so every id_token Apple returns "
                    + "would be refused; include it in the verifier's client IDs")
        }
        self.clientSecret = clientSecret
        self.verifier = verifier
        self.http = http
        self.clock = clock
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    /// A client secret for one request, issued now.
    private func secret() throws -> String {
        try clientSecret.make(issuedAt: clock.now(), lifetime: Self.secretLifetime)
    }

    /// Exchanges an authorization code (`grant_type=authorization_code`).
    /// - Parameters:
    ///   - code: the authorization code (single use, valid five minutes).
    ///   - redirectURI: the `redirect_uri` of the authorization request (web flows); sent only when given.
    /// - Returns: the tokens, the `id_token` verified and, when it has `at_hash`, bound to the access token.
    /// - Throws: `AppleSignInError` with Apple's error code, `tokenEndpointFailure`, `invalidTokenResponse`, or a
    ///   verification error for the `id_token`.
    public func exchange(code: String, redirectURI: String? = nil) async throws -> AppleTokenResponse {
        var fields: [(name: String, value: String)] = [
            ("client_id", clientID), ("client_secret", try secret()), ("code", code),
            ("grant_type", "authorization_code"),
        ]
        if let redirectURI { fields.append(("redirect_uri", redirectURI)) }
        return try await tokenRequest(fields, what: "the authorization code")
    }

    /// Validates a refresh token (`grant_type=refresh_token`); Apple answers a new access token and an `id_token`.
    /// - Parameter refreshToken: the refresh token from an earlier exchange, issued to this client ID.
    /// - Returns: the tokens.
    /// - Throws: as `exchange`.
    public func validate(refreshToken: String) async throws -> AppleTokenResponse {
        try await tokenRequest(
            [
                ("client_id", clientID), ("client_secret", try secret()), ("grant_type", "refresh_token"),
                ("refresh_token", refreshToken),
            ], what: "the refresh token")
    }

    /// Revokes a refresh or access token (`/auth/revoke`); Apple answers 200 with an empty body.
    /// - Parameters:
    ///   - token: the token, issued to this client ID.
    ///   - hint: what kind of token it is.
    /// - Throws: `AppleSignInError` with Apple's error code or `tokenEndpointFailure`; nothing is verified, so no
    ///   key set is fetched.
    public func revoke(token: String, hint: AppleTokenTypeHint = .refreshToken) async throws {
        let url = baseURL + "/auth/revoke"
        let response = try await post(
            url,
            [
                ("client_id", clientID), ("client_secret", try secret()), ("token", token),
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
            // The token endpoint's id_token answers this server's own request (the code or refresh token it sent
            // over TLS): the nonce belongs to the app's authorization request, checked on the identity token the app
            // sent, not here.
            let verified = try await verifier.verify(idToken, nonce: .insecureNotChecked)
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

    /// A non-2xx answer, judged by its status first: 5xx (and anything neither 2xx nor 4xx) is the endpoint
    /// failing, whatever the body says; 4xx is Apple refusing, typed by Apple's `error` value when it is one of
    /// RFC 6749 section 5.2's.
    static func failure(_ response: HTTPResponse, url: String, what: String) -> AppleSignInError {
        let value = try? JSONValue.parse(response.body, maxNestingDepth: 8)
        let error = value?["error"]?.stringValue
        // Apple's text goes into the message quoted, with control characters escaped (it is the server's text).
        let named = error.map { " error " + quoted($0) } ?? ""
        let description = value?["error_description"]?.stringValue.map { " (" + quoted($0) + ")" } ?? ""
        guard (400..<500).contains(response.status) else {
            return AppleSignInError(
                .tokenEndpointFailure,
                "\(url) answered HTTP \(response.status)\(named)\(description)"
                    + (error == nil
                        ? ", body " + quoted(String(decoding: response.body.prefix(200), as: UTF8.self)) : "")
                    + (response.status >= 500
                        ? ": Apple's endpoint is failing, not refusing the request; try again later"
                        : ": not an answer Apple's token endpoint gives; check the base URL and any proxy between"))
        }
        let prefix = "\(url) answered HTTP \(response.status)\(named)\(description): "
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
        case let other?:
            return AppleSignInError(
                .tokenRequestRefused,
                prefix + "Apple refused the request with an error value this client does not name; see Apple's "
                    + "token endpoint documentation for \(quoted(other))")
        case nil:
            return AppleSignInError(
                .tokenRequestRefused,
                "\(url) answered HTTP \(response.status) without an \"error\" value, body "
                    + quoted(String(decoding: response.body.prefix(200), as: UTF8.self))
                    + ": Apple refused the request (HTTP \(response.status)); check the client ID, the client secret "
                    + "and the code or token")
        }
    }

    /// Text from the server, quoted for a message: `"`, `\\` and every control character (C0, DEL, C1) escaped as
    /// `\u{...}`, at most 200 characters.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(200) {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F...0x9F: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + (text.unicodeScalars.count > 200 ? "...\"" : "\"")
    }
}
