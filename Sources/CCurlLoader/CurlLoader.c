// See include/CCurlLoader.h. libcurl is loaded once (pthread_once); every forwarder fails closed without it.
// Nothing here is named like a libcurl function: libcurl's functions are reached only through `api`.

// No GCC type-checking macros: libcurl's functions are called through pointers whose types say it all.
#define CURL_DISABLE_TYPECHECK 1
#include "CCurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#if defined(__APPLE__)
static const char *const library_names[] = {"libcurl.4.dylib", "libcurl.dylib"};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl.so"};
#endif

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    void (*free)(void *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *);
    CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    const char *(*url_strerror)(CURLUcode);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error;
static char load_error_text[512];

static void load(void) {
    void *library = NULL;
    for (size_t index = 0; index < sizeof library_names / sizeof library_names[0] && library == NULL; index++) {
        library = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error_text, sizeof load_error_text, "libcurl could not be loaded (%s); install libcurl4",
                 reason ? reason : "not found");
        load_error = load_error_text;
        return;
    }
#define RESOLVE(field, name)                                                                                       \
    do {                                                                                                           \
        *(void **)(&api.field) = dlsym(library, name);                                                             \
        if (api.field == NULL) {                                                                                   \
            snprintf(load_error_text, sizeof load_error_text, "libcurl has no %s; it is older than 7.88", name);   \
            load_error = load_error_text;                                                                          \
        }                                                                                                          \
    } while (0)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(free, "curl_free");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(url, "curl_url");
    RESOLVE(url_cleanup, "curl_url_cleanup");
    RESOLVE(url_get, "curl_url_get");
    RESOLVE(url_set, "curl_url_set");
    RESOLVE(url_strerror, "curl_url_strerror");
#undef RESOLVE
}

// True when every function is available.
static int loaded(void) {
    pthread_once(&once, load);
    return load_error == NULL;
}

const char *gatehouse_curl_load_error(void) {
    pthread_once(&once, load);
    return load_error;
}

CURLcode gatehouse_curl_global_init_default(void) {
    return loaded() ? api.global_init(CURL_GLOBAL_DEFAULT) : CURLE_FAILED_INIT;
}

CURL *gatehouse_curl_easy_init(void) { return loaded() ? api.easy_init() : NULL; }

void gatehouse_curl_easy_cleanup(CURL *handle) {
    if (loaded()) api.easy_cleanup(handle);
}

CURLcode gatehouse_curl_easy_perform(CURL *handle) { return loaded() ? api.easy_perform(handle) : CURLE_FAILED_INIT; }

const char *gatehouse_curl_easy_strerror(CURLcode code) { return loaded() ? api.easy_strerror(code) : load_error; }

// The kind of argument an option takes follows from its number (curl/curl.h, CURLOPTTYPE_*): each typed
// forwarder takes only options of its kind.
static int is_long_option(CURLoption option) { return option < CURLOPTTYPE_OBJECTPOINT; }
static int is_pointer_option(CURLoption option) {
    return option >= CURLOPTTYPE_OBJECTPOINT && option < CURLOPTTYPE_FUNCTIONPOINT;
}
static int is_off_t_option(CURLoption option) { return option >= CURLOPTTYPE_OFF_T && option < CURLOPTTYPE_BLOB; }

CURLcode gatehouse_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return is_long_option(option) ? api.easy_setopt(handle, option, value) : CURLE_BAD_FUNCTION_ARGUMENT;
}

CURLcode gatehouse_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return is_off_t_option(option) ? api.easy_setopt(handle, option, value) : CURLE_BAD_FUNCTION_ARGUMENT;
}

CURLcode gatehouse_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return is_pointer_option(option) ? api.easy_setopt(handle, option, value) : CURLE_BAD_FUNCTION_ARGUMENT;
}

CURLcode gatehouse_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return is_pointer_option(option) ? api.easy_setopt(handle, option, value) : CURLE_BAD_FUNCTION_ARGUMENT;
}

CURLcode gatehouse_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return is_pointer_option(option) ? api.easy_setopt(handle, option, value) : CURLE_BAD_FUNCTION_ARGUMENT;
}

CURLcode gatehouse_curl_easy_setopt_write_function(CURL *handle, CURLoption option,
                                                   gatehouse_curl_write_callback value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    if (option != CURLOPT_WRITEFUNCTION && option != CURLOPT_HEADERFUNCTION) return CURLE_BAD_FUNCTION_ARGUMENT;
    return api.easy_setopt(handle, option, value);
}

CURLcode gatehouse_curl_easy_setopt_xferinfo_function(CURL *handle, gatehouse_curl_xferinfo_callback value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return api.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

CURLcode gatehouse_curl_easy_setopt_opensocket_function(CURL *handle, gatehouse_curl_opensocket_callback value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return api.easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}

// The kind of fact follows from its number (CURLINFO_TYPEMASK).
CURLcode gatehouse_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return (info & CURLINFO_TYPEMASK) == CURLINFO_LONG ? api.easy_getinfo(handle, info, value)
                                                       : CURLE_BAD_FUNCTION_ARGUMENT;
}

CURLcode gatehouse_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return (info & CURLINFO_TYPEMASK) == CURLINFO_STRING ? api.easy_getinfo(handle, info, value)
                                                         : CURLE_BAD_FUNCTION_ARGUMENT;
}

CURLcode gatehouse_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    if (!loaded()) return CURLE_FAILED_INIT;
    return (info & CURLINFO_TYPEMASK) == CURLINFO_OFF_T ? api.easy_getinfo(handle, info, value)
                                                        : CURLE_BAD_FUNCTION_ARGUMENT;
}

void gatehouse_curl_free(void *pointer) {
    if (loaded()) api.free(pointer);
}

struct curl_slist *gatehouse_curl_slist_append(struct curl_slist *list, const char *text) {
    return loaded() ? api.slist_append(list, text) : NULL;
}

void gatehouse_curl_slist_free_all(struct curl_slist *list) {
    if (loaded()) api.slist_free_all(list);
}

CURLU *gatehouse_curl_url(void) { return loaded() ? api.url() : NULL; }

void gatehouse_curl_url_cleanup(CURLU *handle) {
    if (loaded()) api.url_cleanup(handle);
}

CURLUcode gatehouse_curl_url_get(CURLU *handle, CURLUPart part, char **value, unsigned int flags) {
    return loaded() ? api.url_get(handle, part, value, flags) : CURLUE_OUT_OF_MEMORY;
}

CURLUcode gatehouse_curl_url_set(CURLU *handle, CURLUPart part, const char *value, unsigned int flags) {
    return loaded() ? api.url_set(handle, part, value, flags) : CURLUE_OUT_OF_MEMORY;
}

const char *gatehouse_curl_url_strerror(CURLUcode code) { return loaded() ? api.url_strerror(code) : load_error; }
