// libcurl, loaded on first use.
//
// Linking libcurl makes every process that contains GatehouseHTTP map and relocate about 30 libraries at start
// (gnutls, krb5, ldap, ssh2, rtmp, ...), about 6 ms of CPU on the benchmark machine, even when it never fetches
// anything (`jwtcheck token` with a local key set). So libcurl is not linked: this target defines the libcurl
// functions GatehouseHTTP calls and forwards each to libcurl, opened with dlopen on the first call.
// If libcurl cannot be loaded every call fails closed: handles are NULL, codes are CURLE_FAILED_INIT /
// CURLUE_OUT_OF_MEMORY, and gatehouse_curl_load_error() names the cause.
#ifndef GATEHOUSE_CCURL_LOADER_H
#define GATEHOUSE_CCURL_LOADER_H

/// NULL when libcurl is loaded (or not yet tried); otherwise why it could not be loaded.
const char *gatehouse_curl_load_error(void);

#endif
