// libcurl's headers, and nothing else: its types and constants. Its functions are reached only through
// CCurlLoader's `gatehouse_curl_*` forwarders (libcurl is loaded at run time, not linked), whose header includes
// <curl/curl.h> itself; this module records where the headers come from (libcurl4-openssl-dev, Homebrew's curl).
#ifndef GATEHOUSE_CCURL_SHIM_H
#define GATEHOUSE_CCURL_SHIM_H

#include <curl/curl.h>

#endif
