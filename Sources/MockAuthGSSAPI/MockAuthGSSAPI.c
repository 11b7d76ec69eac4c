#include "MockAuthGSSAPI.h"

#include <dlfcn.h>
#include <stdio.h>

static int fail(char *error, size_t error_size, const char *what) {
    const char *reason = dlerror();
    snprintf(error, error_size, "%s: %s", what, reason ? reason : "unknown error");
    return -1;
}

#define LOAD(field, symbol)                                  \
    do {                                                     \
        *(void **)(&functions->field) = dlsym(handle, symbol); \
        if (!functions->field) return fail(error, error_size, symbol); \
    } while (0)

int mockauth_gss_load(const char *path, mockauth_gss_functions *functions, char *error, size_t error_size) {
    // Never closed: the functions stay valid for the life of the process.
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return fail(error, error_size, path);
    LOAD(acquire_cred_from, "gss_acquire_cred_from");
    LOAD(accept_sec_context, "gss_accept_sec_context");
    LOAD(display_name, "gss_display_name");
    LOAD(display_status, "gss_display_status");
    LOAD(release_buffer, "gss_release_buffer");
    LOAD(release_name, "gss_release_name");
    LOAD(release_cred, "gss_release_cred");
    LOAD(delete_sec_context, "gss_delete_sec_context");
    return 0;
}
