// See include/CCurlLoader.h. Each forwarder resolves its libcurl function once (pthread_once) and fails closed.
#include "CCurlLoader.h"

// The plain prototypes: curl.h's GCC type-checking macros would rename the definitions below.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
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

CURLcode curl_global_init(long flags) { return loaded() ? api.global_init(flags) : CURLE_FAILED_INIT; }

CURL *curl_easy_init(void) { return loaded() ? api.easy_init() : NULL; }

void curl_easy_cleanup(CURL *handle) {
    if (loaded()) api.easy_cleanup(handle);
}

CURLcode curl_easy_perform(CURL *handle) { return loaded() ? api.easy_perform(handle) : CURLE_FAILED_INIT; }

// The argument's type follows from the option number, as in libcurl itself (curl/curl.h, CURLOPTTYPE_*).
CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
    if (!loaded()) return CURLE_FAILED_INIT;
    va_list arguments;
    va_start(arguments, option);
    CURLcode code;
    if (option < CURLOPTTYPE_OBJECTPOINT) {
        code = api.easy_setopt(handle, option, va_arg(arguments, long));
    } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
        code = api.easy_setopt(handle, option, va_arg(arguments, void *));
    } else if (option < CURLOPTTYPE_OFF_T) {
        code = api.easy_setopt(handle, option, va_arg(arguments, void (*)(void)));
    } else if (option < CURLOPTTYPE_BLOB) {
        code = api.easy_setopt(handle, option, va_arg(arguments, curl_off_t));
    } else {
        code = api.easy_setopt(handle, option, va_arg(arguments, void *));
    }
    va_end(arguments);
    return code;
}

// Every CURLINFO takes a pointer.
CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
    if (!loaded()) return CURLE_FAILED_INIT;
    va_list arguments;
    va_start(arguments, info);
    CURLcode code = api.easy_getinfo(handle, info, va_arg(arguments, void *));
    va_end(arguments);
    return code;
}

const char *curl_easy_strerror(CURLcode code) {
    return loaded() ? api.easy_strerror(code) : load_error;
}

void curl_free(void *pointer) {
    if (loaded()) api.free(pointer);
}

struct curl_slist *curl_slist_append(struct curl_slist *list, const char *text) {
    return loaded() ? api.slist_append(list, text) : NULL;
}

void curl_slist_free_all(struct curl_slist *list) {
    if (loaded()) api.slist_free_all(list);
}

CURLU *curl_url(void) { return loaded() ? api.url() : NULL; }

void curl_url_cleanup(CURLU *handle) {
    if (loaded()) api.url_cleanup(handle);
}

CURLUcode curl_url_get(CURLU *handle, CURLUPart part, char **value, unsigned int flags) {
    return loaded() ? api.url_get(handle, part, value, flags) : CURLUE_OUT_OF_MEMORY;
}

CURLUcode curl_url_set(CURLU *handle, CURLUPart part, const char *value, unsigned int flags) {
    return loaded() ? api.url_set(handle, part, value, flags) : CURLUE_OUT_OF_MEMORY;
}

const char *curl_url_strerror(CURLUcode code) { return loaded() ? api.url_strerror(code) : load_error; }
