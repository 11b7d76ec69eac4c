#ifndef C_OPENSSL_CROSS_CHECK_H
#define C_OPENSSL_CROSS_CHECK_H

// Test-only: OpenSSL's own parsers and verifier (the system libcrypto), to cross-check what the
// Swift library writes. No library product or executable depends on this target. This header
// includes no OpenSSL header, so the Swift tests see only these functions.

#include <stddef.h>
#include <stdint.h>

/// X509_V_OK and the verification errors the tests name (checked against OpenSSL's values in the .c file).
#define CROSSCHECK_X509_V_OK 0
#define CROSSCHECK_X509_V_ERR_CERT_NOT_YET_VALID 9
#define CROSSCHECK_X509_V_ERR_CERT_HAS_EXPIRED 10
#define CROSSCHECK_X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT 18
#define CROSSCHECK_X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY 20

/// 1 when the target was compiled against OpenSSL's headers, 0 when it is a stub (no OpenSSL on
/// this machine); every other function then fails.
int crosscheck_available(void);

/// A PKCS#12 file parsed by PKCS12_parse.
typedef struct crosscheck_pkcs12 crosscheck_pkcs12;

/// Parses `der` with `passphrase` (MAC verified, bags decrypted). Returns NULL on failure and writes
/// OpenSSL's reason to `error` (NUL-terminated, at most `error_capacity` bytes).
crosscheck_pkcs12 *crosscheck_pkcs12_parse(
    const uint8_t *der, size_t length, const char *passphrase, char *error, size_t error_capacity);

/// Frees a parsed file.
void crosscheck_pkcs12_free(crosscheck_pkcs12 *bundle);

/// The private key as PKCS#8 DER. Returns 0 and a buffer to free with crosscheck_free, or -1.
int crosscheck_pkcs12_private_key(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length);

/// The private key's SubjectPublicKeyInfo DER. Returns 0 and a buffer to free with crosscheck_free, or -1.
int crosscheck_pkcs12_public_key(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length);

/// The certificate that matches the key, as DER. Returns 0 and a buffer to free with crosscheck_free, or -1.
int crosscheck_pkcs12_certificate(const crosscheck_pkcs12 *bundle, uint8_t **out, size_t *out_length);

/// The certificate's friendlyName as UTF-8 (NUL-terminated, at most `capacity` bytes). Returns its
/// length, or -1 when it has none.
int crosscheck_pkcs12_friendly_name(const crosscheck_pkcs12 *bundle, char *out, size_t capacity);

/// The number of other certificates (the chain).
size_t crosscheck_pkcs12_chain_count(const crosscheck_pkcs12 *bundle);

/// Chain certificate `index` as DER. Returns 0 and a buffer to free with crosscheck_free, or -1.
int crosscheck_pkcs12_chain_certificate(
    const crosscheck_pkcs12 *bundle, size_t index, uint8_t **out, size_t *out_length);

/// Frees a buffer returned by this target.
void crosscheck_free(uint8_t *buffer);

/// RFC 7292 appendix B.2 with OpenSSL's PKCS12_key_gen_utf8: `id` 1 key, 2 IV, 3 MAC key; `digest`
/// an OpenSSL digest name ("SHA1", "SHA256"). Writes `length` bytes to `out`; returns 0, or -1.
int crosscheck_pkcs12_key_gen(
    const char *password, const uint8_t *salt, size_t salt_length, int id, int iterations, const char *digest,
    uint8_t *out, size_t length);

/// Verifies `leaf` (DER) with X509_verify_cert against the single trust anchor `anchor` (DER),
/// with `intermediates` (DER each) as untrusted certificates, at `time` (seconds since 1970).
/// Returns X509_V_OK or the X509_V_ERR code, and writes OpenSSL's words for it to `error`;
/// returns -1 when the inputs cannot be read.
int crosscheck_verify_chain(
    const uint8_t *leaf, size_t leaf_length, const uint8_t *const *intermediates, const size_t *intermediate_lengths,
    size_t intermediate_count, const uint8_t *anchor, size_t anchor_length, int64_t time, char *error,
    size_t error_capacity);

#endif
