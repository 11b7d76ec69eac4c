#include "CMockAuthPKCS12.h"

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <string.h>

// Why PBE-SHA1-3DES with an HMAC-SHA1 MAC:
// OpenSSL 3's default (PBES2 with AES-256-CBC and PBKDF2, MAC HMAC-SHA256) is refused by Apple's
// older importers (SecPKCS12Import before macOS 14 / iOS 17, `security import` on those systems),
// while the legacy RC2-40 default of OpenSSL 1.x needs OpenSSL 3's legacy provider, which curl and
// most OpenSSL 3 builds do not load. pbeWithSHAAnd3-KeyTripleDES-CBC is in OpenSSL 3's default
// provider and every Apple importer reads it, so one bundle works with curl --cert-type P12 and
// with SecPKCS12Import alike. The bundle protects test keys only; its strength is not the point.

static void record_error(const char *what, char *message, size_t capacity) {
    if (capacity == 0) return;
    unsigned long code = ERR_get_error();
    char detail[256] = "no OpenSSL error detail";
    if (code != 0) ERR_error_string_n(code, detail, sizeof(detail));
    snprintf(message, capacity, "%s: %s", what, detail);
    ERR_clear_error();
}

int mockauth_pkcs12_create(
    const uint8_t *private_key_der, size_t private_key_length,
    const uint8_t *certificate_der, size_t certificate_length,
    const uint8_t *const *ca_ders, const size_t *ca_lengths, size_t ca_count,
    const char *passphrase, const char *friendly_name,
    uint8_t **out, size_t *out_length,
    char *error_message, size_t error_capacity) {
    int result = -1;
    EVP_PKEY *key = NULL;
    X509 *certificate = NULL;
    STACK_OF(X509) *cas = NULL;
    PKCS12 *bundle = NULL;
    unsigned char *encoded = NULL;

    const unsigned char *cursor = private_key_der;
    key = d2i_AutoPrivateKey(NULL, &cursor, (long)private_key_length);
    if (key == NULL) { record_error("cannot read the private key", error_message, error_capacity); goto done; }

    cursor = certificate_der;
    certificate = d2i_X509(NULL, &cursor, (long)certificate_length);
    if (certificate == NULL) { record_error("cannot read the certificate", error_message, error_capacity); goto done; }

    cas = sk_X509_new_null();
    if (cas == NULL) { record_error("out of memory", error_message, error_capacity); goto done; }
    for (size_t index = 0; index < ca_count; index++) {
        cursor = ca_ders[index];
        X509 *ca = d2i_X509(NULL, &cursor, (long)ca_lengths[index]);
        if (ca == NULL || !sk_X509_push(cas, ca)) {
            X509_free(ca);
            record_error("cannot read a CA certificate", error_message, error_capacity);
            goto done;
        }
    }

    // mac_iter -1: no MAC yet; PKCS12_set_mac adds the SHA-1 one below.
    bundle = PKCS12_create(passphrase, friendly_name, key, certificate, cas,
                           NID_pbe_WithSHA1And3_Key_TripleDES_CBC, NID_pbe_WithSHA1And3_Key_TripleDES_CBC,
                           PKCS12_DEFAULT_ITER, -1, 0);
    if (bundle == NULL) { record_error("cannot build the PKCS#12 bundle", error_message, error_capacity); goto done; }
    if (!PKCS12_set_mac(bundle, passphrase, -1, NULL, 0, PKCS12_DEFAULT_ITER, EVP_sha1())) {
        record_error("cannot add the PKCS#12 MAC", error_message, error_capacity);
        goto done;
    }

    int length = i2d_PKCS12(bundle, &encoded);
    if (length <= 0) { record_error("cannot encode the PKCS#12 bundle", error_message, error_capacity); goto done; }
    *out = encoded;
    *out_length = (size_t)length;
    encoded = NULL;
    result = 0;

done:
    OPENSSL_free(encoded);
    PKCS12_free(bundle);
    sk_X509_pop_free(cas, X509_free);
    X509_free(certificate);
    EVP_PKEY_free(key);
    return result;
}

void mockauth_pkcs12_free(uint8_t *buffer) { OPENSSL_free(buffer); }
