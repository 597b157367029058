#include <openssl/evp.h>
#include <openssl/x509.h>
