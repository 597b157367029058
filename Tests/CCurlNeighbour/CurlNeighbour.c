// See include/CCurlNeighbour.h. This target links libcurl (Package.swift: linkedLibrary("curl")).
#define _GNU_SOURCE 1
#include "CCurlNeighbour.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

const char *gatehouse_neighbour_curl_version(void) { return curl_version(); }

/// Whether an address lies in a shared object whose file name says libcurl; `owner` receives that file name.
static int in_libcurl(void *address, const char **owner) {
    Dl_info info;
    memset(&info, 0, sizeof info);
    if (address == NULL || dladdr(address, &info) == 0 || info.dli_fname == NULL) {
        *owner = "(no shared object)";
        return 0;
    }
    *owner = info.dli_fname;
    return strstr(info.dli_fname, "libcurl") != NULL;
}

const char *gatehouse_neighbour_shadowed_function(void) {
    static char description[1024];
    // Every function the project's loader once defined under libcurl's names, and two it never did.
    struct {
        const char *name;
        void *bound;
    } functions[] = {
        {"curl_global_init", (void *)&curl_global_init},
        {"curl_easy_init", (void *)&curl_easy_init},
        {"curl_easy_cleanup", (void *)&curl_easy_cleanup},
        {"curl_easy_perform", (void *)&curl_easy_perform},
        {"curl_easy_setopt", (void *)&curl_easy_setopt},
        {"curl_easy_getinfo", (void *)&curl_easy_getinfo},
        {"curl_easy_strerror", (void *)&curl_easy_strerror},
        {"curl_free", (void *)&curl_free},
        {"curl_slist_append", (void *)&curl_slist_append},
        {"curl_slist_free_all", (void *)&curl_slist_free_all},
        {"curl_url", (void *)&curl_url},
        {"curl_url_cleanup", (void *)&curl_url_cleanup},
        {"curl_url_get", (void *)&curl_url_get},
        {"curl_url_set", (void *)&curl_url_set},
        {"curl_url_strerror", (void *)&curl_url_strerror},
        {"curl_version", (void *)&curl_version},
        {"curl_multi_init", (void *)&curl_multi_init},
    };
    for (size_t index = 0; index < sizeof functions / sizeof functions[0]; index++) {
        const char *owner;
        if (!in_libcurl(functions[index].bound, &owner)) {
            snprintf(description, sizeof description, "%s (as linked) is defined in %s", functions[index].name,
                     owner);
            return description;
        }
        if (!in_libcurl(dlsym(RTLD_DEFAULT, functions[index].name), &owner)) {
            snprintf(description, sizeof description, "%s (dlsym RTLD_DEFAULT) is defined in %s",
                     functions[index].name, owner);
            return description;
        }
    }
    return NULL;
}

struct sink {
    char *body;
    size_t capacity;
    size_t length;
};

static size_t collect(char *data, size_t size, size_t count, void *context) {
    struct sink *sink = context;
    size_t length = size * count;
    size_t room = sink->capacity > sink->length + 1 ? sink->capacity - sink->length - 1 : 0;
    size_t taken = length < room ? length : room;
    memcpy(sink->body + sink->length, data, taken);
    sink->length += taken;
    sink->body[sink->length] = '\0';
    return length;
}

long gatehouse_neighbour_fetch(const char *url, char *body, size_t capacity) {
    if (capacity == 0) return -CURLE_BAD_FUNCTION_ARGUMENT;
    body[0] = '\0';
    CURL *handle = curl_easy_init();
    if (handle == NULL) return -CURLE_FAILED_INIT;
    struct sink sink = {body, capacity, 0};
    curl_easy_setopt(handle, CURLOPT_URL, url);
    curl_easy_setopt(handle, CURLOPT_PROXY, "");
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, 5000L);
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, &sink);
    CURLcode code = curl_easy_perform(handle);
    long status = 0;
    if (code == CURLE_OK) curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_cleanup(handle);
    return code == CURLE_OK ? status : -(long)code;
}
