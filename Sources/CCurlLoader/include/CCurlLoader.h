// libcurl for Swift, loaded on first use, under the project's own names.
//
// Linking libcurl makes every process that contains GatehouseHTTP map and relocate about 30 libraries at start
// (gnutls, krb5, ldap, ssh2, rtmp, ...), about 6 ms of CPU on the benchmark machine, even when it never fetches
// anything (`jwtcheck token` with a local key set). So libcurl is not linked: this target opens it with dlopen
// (RTLD_LOCAL) on the first call and forwards to it.
//
// Every function here is prefixed `gatehouse_curl_`. None is named like a libcurl function: Swift executables on
// Linux export their symbols, so a definition of `curl_easy_init` anywhere in the project would replace libcurl's
// own for every caller in the process (FoundationNetworking, or any library that links libcurl). Only libcurl's
// types and constants come from <curl/curl.h>; its functions are never called by name (the project does not
// link libcurl, so such a call fails to link).
//
// What Swift cannot import gets a typed forwarder: one `gatehouse_curl_easy_setopt_*` per kind of argument (as
// swift-corelibs-foundation's CFURLSessionInterface does), each refusing an option of another kind with
// CURLE_BAD_FUNCTION_ARGUMENT, so an argument can never be read as the wrong type.
//
// If libcurl cannot be loaded every call fails closed: handles are NULL, codes are CURLE_FAILED_INIT /
// CURLUE_OUT_OF_MEMORY, and gatehouse_curl_load_error() names the cause.
#ifndef GATEHOUSE_CCURL_LOADER_H
#define GATEHOUSE_CCURL_LOADER_H

#include <curl/curl.h>
#include <stddef.h>

/// NULL when libcurl is loaded (or not yet tried); otherwise why it could not be loaded.
const char *gatehouse_curl_load_error(void);

/// curl_global_init(CURL_GLOBAL_DEFAULT) (a compound macro that Swift does not import).
CURLcode gatehouse_curl_global_init_default(void);

CURL *gatehouse_curl_easy_init(void);
void gatehouse_curl_easy_cleanup(CURL *handle);
CURLcode gatehouse_curl_easy_perform(CURL *handle);
const char *gatehouse_curl_easy_strerror(CURLcode code);

/// curl_easy_setopt for a `long` option (CURLOPTTYPE_LONG, CURLOPTTYPE_VALUES).
CURLcode gatehouse_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
/// curl_easy_setopt for a `curl_off_t` option (CURLOPTTYPE_OFF_T).
CURLcode gatehouse_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// curl_easy_setopt for a string option (CURLOPTTYPE_STRINGPOINT); libcurl copies the string.
CURLcode gatehouse_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
/// curl_easy_setopt for a data pointer option (CURLOPTTYPE_OBJECTPOINT, CURLOPTTYPE_CBPOINT).
CURLcode gatehouse_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
/// curl_easy_setopt for a string list option (CURLOPTTYPE_SLISTPOINT).
CURLcode gatehouse_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*gatehouse_curl_write_callback)(char *data, size_t size, size_t count, void *context);
CURLcode gatehouse_curl_easy_setopt_write_function(CURL *handle, CURLoption option,
                                                   gatehouse_curl_write_callback value);
/// CURLOPT_XFERINFOFUNCTION.
typedef int (*gatehouse_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                                curl_off_t ultotal, curl_off_t ulnow);
CURLcode gatehouse_curl_easy_setopt_xferinfo_function(CURL *handle, gatehouse_curl_xferinfo_callback value);
/// CURLOPT_OPENSOCKETFUNCTION: libcurl asks for each socket, with the address it will connect it to.
typedef curl_socket_t (*gatehouse_curl_opensocket_callback)(void *context, curlsocktype purpose,
                                                            struct curl_sockaddr *address);
CURLcode gatehouse_curl_easy_setopt_opensocket_function(CURL *handle, gatehouse_curl_opensocket_callback value);

/// curl_easy_getinfo for a `long` fact (CURLINFO_LONG).
CURLcode gatehouse_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
/// curl_easy_getinfo for a string fact (CURLINFO_STRING); the string belongs to the handle.
CURLcode gatehouse_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);
/// curl_easy_getinfo for a `curl_off_t` fact (CURLINFO_OFF_T).
CURLcode gatehouse_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);

void gatehouse_curl_free(void *pointer);
struct curl_slist *gatehouse_curl_slist_append(struct curl_slist *list, const char *text);
void gatehouse_curl_slist_free_all(struct curl_slist *list);

CURLU *gatehouse_curl_url(void);
void gatehouse_curl_url_cleanup(CURLU *handle);
CURLUcode gatehouse_curl_url_get(CURLU *handle, CURLUPart part, char **value, unsigned int flags);
CURLUcode gatehouse_curl_url_set(CURLU *handle, CURLUPart part, const char *value, unsigned int flags);
const char *gatehouse_curl_url_strerror(CURLUcode code);

#endif
