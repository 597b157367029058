internal import COpenSSL

/// Whether OpenSSL frees its global state when the process exits, for command-line tools.
///
/// By default libcrypto registers `OPENSSL_cleanup` with `atexit`, which frees every provider, method store and
/// name table it built; in a process that verifies one token and exits, that is about 7% of all its instructions
/// (`jwtcheck token`), for memory the kernel reclaims at once anyway. `jwtcheck` turns it off; a server never
/// needs to.
package enum OpenSSLExitCleanup {
    /// Asks OpenSSL not to register its exit handler (`OPENSSL_INIT_NO_ATEXIT`). Effective only before anything
    /// else has initialised OpenSSL in the process; harmless (and without effect) after.
    package static func skip() {
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
    }
}
