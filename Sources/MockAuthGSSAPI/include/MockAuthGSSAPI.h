// The few GSS-API (RFC 2744) calls a Kerberos acceptor makes, loaded at run time from the
// platform's library (MIT's libgssapi_krb5) with dlopen, so that building MockAuth needs no
// Kerberos headers and no product links a Kerberos library. The types follow RFC 2744's C
// bindings; `gss_acquire_cred_from` is MIT's credential-store extension (gssapi_ext.h).
#ifndef MOCKAUTH_GSSAPI_H
#define MOCKAUTH_GSSAPI_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t mockauth_gss_uint32;

/// gss_buffer_desc.
typedef struct {
    size_t length;
    void *value;
} mockauth_gss_buffer;

/// gss_OID_desc.
typedef struct {
    mockauth_gss_uint32 length;
    void *elements;
} mockauth_gss_oid;

/// gss_key_value_element_desc: one element of a credential store ("keytab", "rcache" …).
typedef struct {
    const char *key;
    const char *value;
} mockauth_gss_key_value_element;

/// gss_key_value_set_desc.
typedef struct {
    mockauth_gss_uint32 count;
    mockauth_gss_key_value_element *elements;
} mockauth_gss_key_value_set;

/// The functions, as loaded. Names, credentials and contexts are opaque pointers.
typedef struct {
    mockauth_gss_uint32 (*acquire_cred_from)(
        mockauth_gss_uint32 *minor, void *desired_name, mockauth_gss_uint32 time_req, void *desired_mechs,
        int cred_usage, const mockauth_gss_key_value_set *cred_store, void **output_cred, void **actual_mechs,
        mockauth_gss_uint32 *time_rec);
    mockauth_gss_uint32 (*accept_sec_context)(
        mockauth_gss_uint32 *minor, void **context, void *acceptor_cred, mockauth_gss_buffer *input_token,
        void *channel_bindings, void **source_name, mockauth_gss_oid **mech_type, mockauth_gss_buffer *output_token,
        mockauth_gss_uint32 *ret_flags, mockauth_gss_uint32 *time_rec, void **delegated_cred);
    mockauth_gss_uint32 (*display_name)(
        mockauth_gss_uint32 *minor, void *name, mockauth_gss_buffer *output, mockauth_gss_oid **name_type);
    mockauth_gss_uint32 (*display_status)(
        mockauth_gss_uint32 *minor, mockauth_gss_uint32 status, int status_type, mockauth_gss_oid *mech,
        mockauth_gss_uint32 *message_context, mockauth_gss_buffer *output);
    mockauth_gss_uint32 (*release_buffer)(mockauth_gss_uint32 *minor, mockauth_gss_buffer *buffer);
    mockauth_gss_uint32 (*release_name)(mockauth_gss_uint32 *minor, void **name);
    mockauth_gss_uint32 (*release_cred)(mockauth_gss_uint32 *minor, void **cred);
    mockauth_gss_uint32 (*delete_sec_context)(mockauth_gss_uint32 *minor, void **context, mockauth_gss_buffer *output);
} mockauth_gss_functions;

/// Loads the GSS-API library at `path` (a name dlopen searches for, or a path): 0 and `functions`
/// filled, or -1 and the loader's message in `error` (at most `error_size` bytes, terminated).
int mockauth_gss_load(const char *path, mockauth_gss_functions *functions, char *error, size_t error_size);

#endif
