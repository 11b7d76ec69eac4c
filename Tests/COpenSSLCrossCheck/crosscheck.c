#include "COpenSSLCrossCheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if __has_include(<openssl/pkcs12.h>)

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>

_Static_assert(CROSSCHECK_X509_V_OK == X509_V_OK, "X509_V_OK");
_Static_assert(CROSSCHECK_X509_V_ERR_CERT_NOT_YET_VALID == X509_V_ERR_CERT_NOT_YET_VALID, "not yet valid");
_Static_assert(CROSSCHECK_X509_V_ERR_CERT_HAS_EXPIRED == X509_V_ERR_CERT_HAS_EXPIRED, "expired");
_Static_assert(
    CROSSCHECK_X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT == X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, "self-signed");
_Static_assert(
    CROSSCHECK_X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY == X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
    "issuer");

struct crosscheck_pkcs12 {
    EVP_PKEY *key;
    X509 *certificate;
    STACK_OF(X509) *chain;
};

int crosscheck_available(void) { return 1; }

static void record_error(const char *what, char *message, size_t capacity) {
    if (capacity == 0) return;
    unsigned long code = ERR_get_error();
    char detail[256] = "no OpenSSL error detail";
    if (code != 0) ERR_error_string_n(code, detail, sizeof(detail));
    snprintf(message, capacity, "%s: %s", what, detail);
    ERR_clear_error();
}

crosscheck_pkcs12 *crosscheck_pkcs12_parse(
    const uint8_t *der, size_t length, const char *passphrase, char *error, size_t error_capacity) {
    const unsigned char *cursor = der;
    PKCS12 *file = d2i_PKCS12(NULL, &cursor, (long)length);
    if (file == NULL) {
        record_error("d2i_PKCS12", error, error_capacity);
        return NULL;
    }
    crosscheck_pkcs12 *bundle = calloc(1, sizeof(*bundle));
    if (bundle == NULL) {
        PKCS12_free(file);
        snprintf(error, error_capacity, "out of memory");
        return NULL;
    }
    int parsed = PKCS12_parse(file, passphrase, &bundle->key, &bundle->certificate, &bundle->chain);
    PKCS12_free(file);
    if (!parsed) {
        record_error("PKCS12_parse", error, error_capacity);
        crosscheck_pkcs12_free(bundle);
        return NULL;
    }
    return bundle;
}

void crosscheck_pkcs12_free(crosscheck_pkcs12 *bundle) {
    if (bundle == NULL) return;
    EVP_PKEY_free(bundle->key);
    X509_free(bundle->certificate);
    sk_X509_pop_free(bundle->chain, X509_free);
    free(bundle);
}

static int copy_out(unsigned char *encoded, int length, uint8_t **out, size_t *out_length) {
    if (length <= 0 || encoded == NULL) return -1;
    *out = encoded;
    *out_length = (size_t)length;
    return 0;
}

int crosscheck_pkcs12_private_key(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length) {
    if (bundle->key == NULL) return -1;
    PKCS8_PRIV_KEY_INFO *info = EVP_PKEY2PKCS8(bundle->key);
    if (info == NULL) return -1;
    unsigned char *encoded = NULL;
    int length = i2d_PKCS8_PRIV_KEY_INFO(info, &encoded);
    PKCS8_PRIV_KEY_INFO_free(info);
    return copy_out(encoded, length, out, out_length);
}

int crosscheck_pkcs12_public_key(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length) {
    if (bundle->key == NULL) return -1;
    unsigned char *encoded = NULL;
    int length = i2d_PUBKEY(bundle->key, &encoded);
    return copy_out(encoded, length, out, out_length);
}

int crosscheck_pkcs12_certificate(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length) {
    if (bundle->certificate == NULL) return -1;
    unsigned char *encoded = NULL;
    int length = i2d_X509(bundle->certificate, &encoded);
    return copy_out(encoded, length, out, out_length);
}

int crosscheck_pkcs12_friendly_name(const crosscheck_pkcs12 *bundle, char *out, size_t capacity) {
    if (bundle->certificate == NULL || capacity == 0) return -1;
    int length = 0;
    unsigned char *alias = X509_alias_get0(bundle->certificate, &length);
    if (alias == NULL) return -1;
    snprintf(out, capacity, "%.*s", length, (const char *)alias);
    return length;
}

size_t crosscheck_pkcs12_chain_count(const crosscheck_pkcs12 *bundle) {
    return bundle->chain == NULL ? 0 : (size_t)sk_X509_num(bundle->chain);
}

int crosscheck_pkcs12_chain_certificate(
    const crosscheck_pkcs12 *bundle, size_t index, uint8_t **out, size_t *out_length) {
    if (index >= crosscheck_pkcs12_chain_count(bundle)) return -1;
    unsigned char *encoded = NULL;
    int length = i2d_X509(sk_X509_value(bundle->chain, (int)index), &encoded);
    return copy_out(encoded, length, out, out_length);
}

void crosscheck_free(uint8_t *buffer) { OPENSSL_free(buffer); }

int crosscheck_pkcs12_key_gen(
    const char *password, const uint8_t *salt, size_t salt_length, int id, int iterations, const char *digest,
    uint8_t *out, size_t length) {
    const EVP_MD *md = EVP_get_digestbyname(digest);
    if (md == NULL) return -1;
    int done = PKCS12_key_gen_utf8(
        password, (int)strlen(password), (unsigned char *)salt, (int)salt_length, id, iterations, (int)length, out, md);
    return done ? 0 : -1;
}

static X509 *read_certificate(const uint8_t *der, size_t length) {
    const unsigned char *cursor = der;
    return d2i_X509(NULL, &cursor, (long)length);
}

int crosscheck_verify_chain(
    const uint8_t *leaf, size_t leaf_length, const uint8_t *const *intermediates, const size_t *intermediate_lengths,
    size_t intermediate_count, const uint8_t *anchor, size_t anchor_length, int64_t time, char *error,
    size_t error_capacity) {
    int result = -1;
    X509 *leaf_certificate = read_certificate(leaf, leaf_length);
    X509 *anchor_certificate = read_certificate(anchor, anchor_length);
    STACK_OF(X509) *untrusted = sk_X509_new_null();
    X509_STORE *store = X509_STORE_new();
    X509_STORE_CTX *context = X509_STORE_CTX_new();
    if (leaf_certificate == NULL || anchor_certificate == NULL || untrusted == NULL || store == NULL ||
        context == NULL) {
        record_error("cannot read the certificates", error, error_capacity);
        goto done;
    }
    for (size_t index = 0; index < intermediate_count; index++) {
        X509 *certificate = read_certificate(intermediates[index], intermediate_lengths[index]);
        if (certificate == NULL || !sk_X509_push(untrusted, certificate)) {
            X509_free(certificate);
            record_error("cannot read an intermediate", error, error_capacity);
            goto done;
        }
    }
    if (!X509_STORE_add_cert(store, anchor_certificate) ||
        !X509_STORE_CTX_init(context, store, leaf_certificate, untrusted)) {
        record_error("cannot set up the verification", error, error_capacity);
        goto done;
    }
    X509_STORE_CTX_set_time(context, 0, (time_t)time);
    if (X509_verify_cert(context) == 1) {
        result = X509_V_OK;
        snprintf(error, error_capacity, "ok");
    } else {
        result = X509_STORE_CTX_get_error(context);
        snprintf(error, error_capacity, "%s", X509_verify_cert_error_string(result));
    }
    ERR_clear_error();

done:
    X509_STORE_CTX_free(context);
    X509_STORE_free(store);
    sk_X509_pop_free(untrusted, X509_free);
    X509_free(anchor_certificate);
    X509_free(leaf_certificate);
    return result;
}

#else

// No OpenSSL headers on this machine (e.g. macOS without Homebrew's): a stub the tests detect
// through crosscheck_available() and skip on.

int crosscheck_available(void) { return 0; }

crosscheck_pkcs12 *crosscheck_pkcs12_parse(
    const uint8_t *der, size_t length, const char *passphrase, char *error, size_t error_capacity) {
    (void)der, (void)length, (void)passphrase;
    snprintf(error, error_capacity, "built without OpenSSL");
    return NULL;
}
void crosscheck_pkcs12_free(crosscheck_pkcs12 *bundle) { (void)bundle; }
int crosscheck_pkcs12_private_key(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length) {
    (void)bundle, (void)out, (void)out_length;
    return -1;
}
int crosscheck_pkcs12_public_key(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length) {
    (void)bundle, (void)out, (void)out_length;
    return -1;
}
int crosscheck_pkcs12_certificate(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length) {
    (void)bundle, (void)out, (void)out_length;
    return -1;
}
int crosscheck_pkcs12_friendly_name(const crosscheck_pkcs12 *bundle, char *out, size_t capacity) {
    (void)bundle, (void)out, (void)capacity;
    return -1;
}
size_t crosscheck_pkcs12_chain_count(const crosscheck_pkcs12 *bundle) {
    (void)bundle;
    return 0;
}
int crosscheck_pkcs12_chain_certificate(
    const crosscheck_pkcs12 *bundle, size_t index, uint8_t **out, size_t *out_length) {
    (void)bundle, (void)index, (void)out, (void)out_length;
    return -1;
}
void crosscheck_free(uint8_t *buffer) { (void)buffer; }
int crosscheck_pkcs12_key_gen(
    const char *password, const uint8_t *salt, size_t salt_length, int id, int iterations, const char *digest,
    uint8_t *out, size_t length) {
    (void)password, (void)salt, (void)salt_length, (void)id, (void)iterations, (void)digest, (void)out, (void)length;
    return -1;
}
int crosscheck_verify_chain(
    const uint8_t *leaf, size_t leaf_length, const uint8_t *const *intermediates, const size_t *intermediate_lengths,
    size_t intermediate_count, const uint8_t *anchor, size_t anchor_length, int64_t time, char *error,
    size_t error_capacity) {
    (void)leaf, (void)leaf_length, (void)intermediates, (void)intermediate_lengths, (void)intermediate_count;
    (void)anchor, (void)anchor_length, (void)time;
    snprintf(error, error_capacity, "built without OpenSSL");
    return -1;
}

#endif
