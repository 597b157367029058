import COpenSSL

/// The OpenSSL library this process runs with.
enum OpenSSLVersion {
    static var text: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }
}
