#ifndef MOCKAUTH_BUILD_INFO_H
#define MOCKAUTH_BUILD_INFO_H

/// The commit `mockauthd` was built from, as `make dist` writes it (`mockauth_commit.h`),
/// or "unknown" for any other build.
const char *mockauth_build_commit(void);

#endif
