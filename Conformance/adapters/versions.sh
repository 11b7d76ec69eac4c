#!/bin/sh
# The version line of the reference clients whose version takes more than one command to read
# (Conformance/clients.yaml's `version`): the client library's version and its TLS library's, as
# what runs here reports them. Run from the repository root.
#
#   versions.sh wget                  GNU wget and the GnuTLS it is linked with
#   versions.sh urlsession ADAPTER    the Swift toolchain, and the libcurl FoundationNetworking loads
#   versions.sh asynchttpclient       AsyncHTTPClient, SwiftNIO and swift-nio-ssl as .build checked them out
set -eu
case "${1:-}" in
wget)
    # wget --version names no TLS library's version; ask the GnuTLS that wget is linked with.
    gnutls=$(python3 -c '
import ctypes, re, shutil, subprocess
linked = subprocess.run(["ldd", shutil.which("wget")], capture_output=True, text=True).stdout
library = ctypes.CDLL(re.search(r"libgnutls\S* => (\S+)", linked).group(1))
library.gnutls_check_version.restype = ctypes.c_char_p
print(library.gnutls_check_version(None).decode())')
    printf '%s (GnuTLS %s)\n' "$(wget --version | head -1)" "$gnutls"
    ;;
urlsession)
    # FoundationNetworking on Linux is libcurl: the one the adapter is linked with, and its TLS.
    adapter="${2:?usage: versions.sh urlsession ADAPTER}"
    libcurl=$(python3 -c '
import ctypes, re, subprocess, sys
linked = subprocess.run(["ldd", sys.argv[1]], capture_output=True, text=True).stdout
library = ctypes.CDLL(re.search(r"libcurl\S* => (\S+)", linked).group(1))
library.curl_version.restype = ctypes.c_char_p
print(library.curl_version().decode())' "$adapter")
    printf 'URLSession of FoundationNetworking, %s, on %s\n' "$(swift --version 2>/dev/null | head -1)" "$libcurl"
    ;;
asynchttpclient)
    # The checkouts the adapter was built from (swift-nio-ssl carries its own BoringSSL), and the toolchain.
    python3 -c '
import json, sys
state = json.load(open(".build/workspace-state.json"))
versions = {d["packageRef"]["identity"]: d["state"].get("checkoutState", {}).get("version") for d in state["object"]["dependencies"]}
client, nio, nio_ssl = (versions[name] for name in ("async-http-client", "swift-nio", "swift-nio-ssl"))
print(f"AsyncHTTPClient {client} (SwiftNIO {nio}, swift-nio-ssl {nio_ssl} with its vendored BoringSSL; {sys.argv[1]})")' \
        "$(swift --version 2>/dev/null | head -1)"
    ;;
*)
    echo "usage: versions.sh wget | urlsession ADAPTER | asynchttpclient" >&2
    exit 2
    ;;
esac
