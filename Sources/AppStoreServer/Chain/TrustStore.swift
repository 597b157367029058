internal import COpenSSL
import JWT

/// The verifier's trusted roots as one OpenSSL `X509_STORE`, made once, and the chain check of RFC 5280 section 6
/// against it (`X509_verify_cert`): the leaf's and the intermediate's signatures, names, CA basic constraints, key
/// usage and path length, to a root of the store, and only to one (no partial chain: the intermediate is never
/// trusted by itself). Validity times are not checked here: they are checked at the validation time the payload
/// chooses (`ValidityCheck`), after the signature shows that time is the signer's.
///
/// Thread-safe: OpenSSL locks the store's own state, and every check uses its own `X509_STORE_CTX`.
final class TrustStore: @unchecked Sendable {
    /// The store (`X509_STORE *`), owned.
    private let store: OpaquePointer
    /// The roots, in the order given.
    let roots: [AppStoreRootCertificate]

    /// Puts the roots in a new store.
    /// - Throws: `invalidConfiguration` for an empty list, or a root OpenSSL refuses.
    init(roots: [AppStoreRootCertificate]) throws(AppStoreServerError) {
        guard !roots.isEmpty else {
            throw AppStoreServerError(.invalidConfiguration, "no trusted root was given: no chain could verify")
        }
        guard let store = X509_STORE_new() else {
            throw AppStoreServerError(
                .invalidConfiguration, "OpenSSL could not make a certificate store (\(OpenSSLError.drain()))")
        }
        for root in roots where X509_STORE_add_cert(store, root.certificate.pointer) != 1 {
            let text = OpenSSLError.drain()
            X509_STORE_free(store)
            throw AppStoreServerError(
                .invalidConfiguration, "OpenSSL refused the root \(root.subject) in a certificate store (\(text))")
        }
        self.store = store
        self.roots = roots
    }

    deinit { X509_STORE_free(store) }

    /// Builds and verifies the path from `leaf` through `intermediate` to a root of the store.
    /// - Returns: the path's root (the store's own certificate).
    /// - Throws: `chainInvalid` naming the certificate OpenSSL stopped at and why, or a path that is not exactly leaf,
    ///   intermediate, root.
    func verifyPath(leaf: X509Certificate, intermediate: X509Certificate) throws(AppStoreServerError)
        -> X509Certificate
    {
        defer { OpenSSLError.clear() }
        guard let context = X509_STORE_CTX_new(), let untrusted = gatehouse_sk_X509_new_null() else {
            throw AppStoreServerError(.chainInvalid, "OpenSSL could not make a verification context")
        }
        defer {
            X509_STORE_CTX_free(context)
            gatehouse_sk_X509_free(untrusted)
        }
        guard gatehouse_sk_X509_push(untrusted, intermediate.pointer) > 0,
            X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1
        else {
            throw AppStoreServerError(
                .chainInvalid, "OpenSSL could not set up the chain check (\(OpenSSLError.drain()))")
        }
        // Time is this module's check, at the payload's own validation time (RFC 5280 section 6.1.3 (a)(2) at a time
        // of the caller's choosing); everything else is OpenSSL's, with RFC 5280's stricter checks on.
        X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_NO_CHECK_TIME | X509_V_FLAG_X509_STRICT))
        guard X509_verify_cert(context) == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            let depth = X509_STORE_CTX_get_error_depth(context)
            let text = String(cString: X509_verify_cert_error_string(Int(code)))
            let at: String
            switch depth {
            case 0: at = ChainCertificate(leaf, role: .leaf).named
            case 1: at = ChainCertificate(intermediate, role: .intermediate).named
            default:
                at =
                    X509_STORE_CTX_get_current_cert(context).flatMap(X509Certificate.retaining).map {
                        "the certificate \($0.subject) (serial \(($0.serialNumberHex ?? "?").lowercased()))"
                    } ?? "depth \(depth)"
            }
            throw AppStoreServerError(
                .chainInvalid,
                "x5c[0] and x5c[1] do not chain to a trusted root (\(rootNames)): OpenSSL stopped at \(at): \(text) "
                    + "(X509_V_ERR \(code))")
        }
        guard let chain = X509_STORE_CTX_get0_chain(context) else {
            throw AppStoreServerError(.chainInvalid, "OpenSSL verified the chain but returned no path")
        }
        let count = gatehouse_sk_X509_num(chain)
        guard count == 3, let middle = gatehouse_sk_X509_value(chain, 1), X509_cmp(middle, intermediate.pointer) == 0,
            let top = gatehouse_sk_X509_value(chain, 2), let root = X509Certificate.retaining(top)
        else {
            throw AppStoreServerError(
                .chainInvalid,
                "the path built from x5c is \(count) certificates long, not leaf, x5c[1], root: the leaf must be "
                    + "issued by x5c[1], and x5c[1] by a trusted root (\(rootNames))")
        }
        return root
    }

    /// Runs `body` with the store (`X509_STORE *`), for an OCSP response's signer check.
    func withStore<Result>(_ body: (OpaquePointer) -> Result) -> Result { body(store) }

    /// The roots' subjects, for messages.
    var rootNames: String { roots.map(\.subject).joined(separator: "; ") }
}
