#ifndef C_MOCKAUTH_PKCS12_H
#define C_MOCKAUTH_PKCS12_H

#include <stddef.h>
#include <stdint.h>

/// Builds a PKCS#12 bundle from DER inputs with the system OpenSSL (libcrypto).
///
/// Key and certificate bags are encrypted with pbeWithSHAAnd3-KeyTripleDES-CBC and the MAC is
/// HMAC-SHA1: see pkcs12.c for why. On success returns 0 and sets *out / *out_length to a buffer
/// the caller frees with mockauth_pkcs12_free. On failure returns -1 and writes a message to
/// error_message (NUL-terminated, at most error_capacity bytes).
int mockauth_pkcs12_create(
    const uint8_t *private_key_der, size_t private_key_length,
    const uint8_t *certificate_der, size_t certificate_length,
    const uint8_t *const *ca_ders, const size_t *ca_lengths, size_t ca_count,
    const char *passphrase, const char *friendly_name,
    uint8_t **out, size_t *out_length,
    char *error_message, size_t error_capacity);

/// Frees a buffer returned by mockauth_pkcs12_create.
void mockauth_pkcs12_free(uint8_t *buffer);

#endif
