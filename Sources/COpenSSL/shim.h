// OpenSSL 3 libcrypto for Swift. Only OpenSSL 3 APIs are used (EVP, OSSL_PARAM, OSSL_DECODER);
// deprecated RSA_* / EC_KEY_* calls are not declared for use (OPENSSL_API_COMPAT below).
#ifndef GATEHOUSE_COPENSSL_SHIM_H
#define GATEHOUSE_COPENSSL_SHIM_H

#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED 1

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

// OPENSSL_free is a macro over CRYPTO_free; Swift cannot import it.
static inline void gatehouse_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

// Compound selection macros (EVP_PKEY_fromdata, OSSL_DECODER/ENCODER); Swift imports only simple literals.
static inline int gatehouse_EVP_PKEY_PUBLIC_KEY(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int gatehouse_EVP_PKEY_KEYPAIR(void) { return EVP_PKEY_KEYPAIR; }

#endif
