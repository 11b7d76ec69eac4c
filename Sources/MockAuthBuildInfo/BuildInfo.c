// The one fact a build knows that the sources do not: the commit. `make dist` writes it into
// `mockauth_commit.h` in a directory of its own, on the include path of that build only; every
// other build says "unknown".
#include "MockAuthBuildInfo.h"

#if __has_include("mockauth_commit.h")
#include "mockauth_commit.h"
#endif

#ifndef MOCKAUTH_COMMIT
#define MOCKAUTH_COMMIT "unknown"
#endif

const char *mockauth_build_commit(void) { return MOCKAUTH_COMMIT; }
