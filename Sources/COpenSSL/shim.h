// OpenSSL 3 libcrypto for Swift. Only OpenSSL 3 APIs are used (EVP, OSSL_PARAM, OSSL_DECODER; CMS, X.509 and OCSP);
// deprecated RSA_* / EC_KEY_* calls are not declared for use (OPENSSL_API_COMPAT below).
#ifndef GATEHOUSE_COPENSSL_SHIM_H
#define GATEHOUSE_COPENSSL_SHIM_H

#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED 1

#include <openssl/bn.h>
#include <openssl/cms.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ocsp.h>
#include <openssl/param_build.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>

// OPENSSL_free is a macro over CRYPTO_free; Swift cannot import it.
static inline void gatehouse_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

// Compound selection macros (EVP_PKEY_fromdata, OSSL_DECODER/ENCODER); Swift imports only simple literals.
static inline int gatehouse_EVP_PKEY_PUBLIC_KEY(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int gatehouse_EVP_PKEY_KEYPAIR(void) { return EVP_PKEY_KEYPAIR; }

// STACK_OF(X509)'s accessors are macros over OPENSSL_sk_*; typed forwarders for the CMS certificate sets
// (ReviewSigning's provisioning profiles).
static inline int gatehouse_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
static inline X509 *gatehouse_sk_X509_value(const STACK_OF(X509) *stack, int index) {
    return sk_X509_value(stack, index);
}
static inline void gatehouse_sk_X509_pop_free(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }
static inline void gatehouse_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }
static inline STACK_OF(X509) *gatehouse_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int gatehouse_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) {
    return sk_X509_push(stack, certificate);
}

// STACK_OF(OPENSSL_STRING) (X509_get1_ocsp's responder URLs).
static inline int gatehouse_sk_OPENSSL_STRING_num(const STACK_OF(OPENSSL_STRING) *stack) {
    return sk_OPENSSL_STRING_num(stack);
}
static inline const char *gatehouse_sk_OPENSSL_STRING_value(const STACK_OF(OPENSSL_STRING) *stack, int index) {
    return sk_OPENSSL_STRING_value(stack, index);
}

// RFC 2253 distinguished names with UTF-8 kept as UTF-8 (XN_FLAG_RFC2253 is a compound macro).
static inline unsigned long gatehouse_XN_FLAG_RFC2253_UTF8(void) { return XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB; }

#endif
