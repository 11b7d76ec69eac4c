#!/usr/bin/env bash
# Proves that no library product or executable of MockAuth needs the system OpenSSL.
#
# In a private mount namespace (unshare -m, so nothing leaks to the machine), an empty tmpfs hides
# /usr/include/openssl; every product is built there (a separate scratch path, so the normal build
# is untouched), and `readelf -d` of every built executable must show no libcrypto/libssl NEEDED
# entry. libcrypto.so and libssl.so stay in place on purpose: the proof is that nothing links them,
# not that linking them would fail. The test-only target Tests/COpenSSLCrossCheck, which does link
# libcrypto, is not part of any product and is not built here.
#
# Needs root (or sudo) for unshare/mount, Linux, and readelf (binutils).
# Usage: scripts/check-no-system-openssl.sh [SCRATCH_PATH]   (default .build-noopenssl)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${1:-.build-noopenssl}"
headers=/usr/include/openssl

fail() {
    echo "check-no-system-openssl: FAIL: $*" >&2
    exit 1
}

if [ "${MOCKAUTH_NO_OPENSSL_INSIDE:-}" != 1 ]; then
    command -v readelf >/dev/null || fail "readelf not found (install binutils)"
    as_root=()
    [ "$(id -u)" -eq 0 ] || as_root=(sudo --preserve-env=PATH,HOME)
    exec "${as_root[@]}" env MOCKAUTH_NO_OPENSSL_INSIDE=1 unshare --mount --propagation private -- "$0" "$scratch"
fi

# Inside the private mount namespace from here on.
if [ -d "$headers" ]; then
    mount -t tmpfs -o size=64k,mode=0555 mockauth-no-openssl "$headers"
    [ -z "$(ls -A "$headers")" ] || fail "$headers is still visible"
    echo "check-no-system-openssl: $headers hidden (empty tmpfs)"
else
    echo "check-no-system-openssl: $headers does not exist (no libssl-dev): nothing to hide"
fi

build() {
    echo "check-no-system-openssl: swift build $*"
    swift build --scratch-path "$scratch" "$@" ||
        fail "swift build $* failed without OpenSSL's headers: does a target include <openssl/…>?"
}

# Every product the manifest declares (executables and libraries), read from dump-package so a new
# product is covered without editing this script.
products="$(swift package --scratch-path "$scratch" dump-package |
    python3 -c 'import json, sys; print("\n".join(p["name"] for p in json.load(sys.stdin)["products"]))')"
[ -n "$products" ] || fail "swift package dump-package listed no products"
for product in $products; do
    build --product "$product"
done

bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
checked=0
for file in "$bin"/*; do
    [ -f "$file" ] && [ -x "$file" ] || continue
    [ "$(head -c 4 "$file" | od -An -c | tr -d ' ')" = '177ELF' ] || continue
    needed="$(readelf -d "$file" | awk '/\(NEEDED\)/ { print $NF }' | tr -d '[]')"
    if grep -Eq '^lib(crypto|ssl)\.so' <<<"$needed"; then
        fail "$(basename "$file") NEEDs $(grep -E '^lib(crypto|ssl)\.so' <<<"$needed" | tr '\n' ' ')(readelf -d $file)"
    fi
    echo "check-no-system-openssl: $(basename "$file"): no libcrypto/libssl among $(wc -l <<<"$needed") NEEDED entries"
    checked=$((checked + 1))
done
for executable in mockauthd mockauth-adapter; do
    [ -x "$bin/$executable" ] || fail "$bin/$executable was not built"
done
echo "check-no-system-openssl: OK ($checked executables, built without $headers)"
