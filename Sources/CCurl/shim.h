// libcurl for Swift. curl_easy_setopt and curl_easy_getinfo are variadic: each kind of argument gets a
// typed forwarder here, as swift-corelibs-foundation's CFURLSessionInterface does.
#ifndef GATEHOUSE_CCURL_SHIM_H
#define GATEHOUSE_CCURL_SHIM_H

#include <curl/curl.h>

static inline CURLcode gatehouse_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode gatehouse_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode gatehouse_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode gatehouse_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode gatehouse_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*gatehouse_curl_write_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode gatehouse_curl_easy_setopt_write_function(CURL *handle, CURLoption option,
                                                                 gatehouse_curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
typedef int (*gatehouse_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                                curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode gatehouse_curl_easy_setopt_xferinfo_function(CURL *handle, CURLoption option,
                                                                    gatehouse_curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}
// CURLOPT_OPENSOCKETFUNCTION: libcurl asks for each socket, with the address it will connect it to.
typedef curl_socket_t (*gatehouse_curl_opensocket_callback)(void *context, curlsocktype purpose,
                                                            struct curl_sockaddr *address);
static inline CURLcode gatehouse_curl_easy_setopt_opensocket_function(CURL *handle,
                                                                      gatehouse_curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}
static inline CURLcode gatehouse_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode gatehouse_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode gatehouse_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
// CURL_GLOBAL_DEFAULT is a compound macro that Swift does not import.
static inline CURLcode gatehouse_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

#endif
