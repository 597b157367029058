// A neighbour of GatehouseHTTP that links libcurl itself and calls it by its own names, as FoundationNetworking
// (or any C library using libcurl) does in a server process. Test support for `gatehouse-curl-neighbour`; plain C types
// only, so Swift needs no libcurl header to call it.
#ifndef GATEHOUSE_CCURL_NEIGHBOUR_H
#define GATEHOUSE_CCURL_NEIGHBOUR_H

#include <stddef.h>

/// libcurl's version text, from libcurl's own curl_version().
const char *gatehouse_neighbour_curl_version(void);

/// Checks that each libcurl function this process calls by name is libcurl's: both the address the link bound
/// (`&curl_easy_init`) and the one the dynamic linker finds (`dlsym(RTLD_DEFAULT, ...)`) must lie in libcurl.
/// Returns NULL when they all do; otherwise a description of the first that does not (its name and the file
/// that defines it), in a static buffer.
const char *gatehouse_neighbour_shadowed_function(void);

/// GETs a URL with libcurl's easy API, called by name (no proxy, 5 s timeout). Returns the HTTP status, or the
/// negated CURLcode when the transfer failed; writes up to `capacity - 1` bytes of the body, NUL-terminated.
long gatehouse_neighbour_fetch(const char *url, char *body, size_t capacity);

#endif
