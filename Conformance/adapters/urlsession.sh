#!/bin/sh
# Reference adapter: URLSession (FoundationNetworking on Linux) through mockauth-adapter.
# FoundationNetworking trusts only the system store, so the harness CA becomes the system store in a
# private mount namespace (unshare --mount; nothing changes outside this process). Where that is not
# permitted (not root), the cell is skipped (exit 89) with the reason. The adapter reads the rest of
# the environment itself (ClientContext(environment:)). Usage: urlsession.sh ADAPTER
set -u
. "$(dirname "$0")/mockauth_material.sh"
adapter="$1"
if [ -z "$mockauth_ca_file" ]; then
    exec "$adapter" urlsession
fi
store=$(mktemp -d)
trap 'rm -rf "$store"' EXIT
cp "$mockauth_ca_file" "$store/ca-certificates.crt"
if ! unshare --mount true 2>/dev/null; then
    echo "cannot create a private mount namespace for URLSession's trust store (needs root)" >&2
    exit 89
fi
unshare --mount sh -c 'mount --bind "$0" /etc/ssl/certs && exec "$1" urlsession --ca-in-system-store' "$store" "$adapter"
