// The raw baseline of the outside benchmark: what a C server on OpenSSL 3 does to check an RS256 JWS signature
// with the key preloaded. Per verification: EVP_MD_CTX_new, EVP_DigestVerifyInit with EVP_sha256(),
// EVP_DigestVerify, EVP_MD_CTX_free; the signature is already decoded (base64url is the subject's work, not this).
//
// USAGE: raw-evp-verify <public key, SubjectPublicKeyInfo DER> <signing input file> <signature file> <count>
// Prints "<count> <wall-clock seconds of the loop>" and exits 0; exits 1 when the signature does not verify or a
// tampered one does (the loop must measure real verifications), 2 on bad arguments or files.
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    size_t capacity = 4096, used = 0;
    unsigned char *bytes = malloc(capacity);
    size_t got;
    while (bytes != NULL && (got = fread(bytes + used, 1, capacity - used, file)) > 0) {
        used += got;
        if (used == capacity) {
            capacity *= 2;
            unsigned char *grown = realloc(bytes, capacity);
            if (grown == NULL) free(bytes);
            bytes = grown;
        }
    }
    fclose(file);
    *length = used;
    return bytes;
}

static int verify(EVP_PKEY *key, const unsigned char *signature, size_t signature_length,
                  const unsigned char *message, size_t message_length) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) return 0;
    int ok = EVP_DigestVerifyInit(context, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestVerify(context, signature, signature_length, message, message_length) == 1;
    EVP_MD_CTX_free(context);
    return ok;
}

static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: raw-evp-verify <spki.der> <signing-input> <signature> <count>\n");
        return 2;
    }
    size_t der_length = 0, message_length = 0, signature_length = 0;
    unsigned char *der = read_file(argv[1], &der_length);
    unsigned char *message = read_file(argv[2], &message_length);
    unsigned char *signature = read_file(argv[3], &signature_length);
    long count = strtol(argv[4], NULL, 10);
    if (der == NULL || message == NULL || signature == NULL || signature_length == 0 || count <= 0) {
        fprintf(stderr, "raw-evp-verify: cannot read the key, message or signature file, or a bad count\n");
        return 2;
    }
    const unsigned char *cursor = der;
    EVP_PKEY *key = d2i_PUBKEY(NULL, &cursor, (long)der_length);
    if (key == NULL) {
        fprintf(stderr, "raw-evp-verify: the key file is not a SubjectPublicKeyInfo DER\n");
        return 2;
    }
    if (!verify(key, signature, signature_length, message, message_length)) {
        fprintf(stderr, "raw-evp-verify: the signature does not verify\n");
        return 1;
    }
    signature[signature_length / 2] ^= 0x01;
    int tampered = verify(key, signature, signature_length, message, message_length);
    signature[signature_length / 2] ^= 0x01;
    if (tampered) {
        fprintf(stderr, "raw-evp-verify: a tampered signature verified\n");
        return 1;
    }
    int valid = 0;
    double started = seconds_now();
    for (long i = 0; i < count; i++) {
        valid += verify(key, signature, signature_length, message, message_length);
    }
    double elapsed = seconds_now() - started;
    if (valid != count) {
        fprintf(stderr, "raw-evp-verify: %d of %ld verifications passed\n", valid, count);
        return 1;
    }
    printf("%ld %.9f\n", count, elapsed);
    EVP_PKEY_free(key);
    free(der);
    free(message);
    free(signature);
    return 0;
}
