#!/bin/sh
# Reference adapter: GNU wget (GnuTLS), run with the options its manual gives a user.
#
# - Trust: --ca-certificate=MOCKAUTH_CA_FILE. Given alone, wget on GnuTLS loads the system store as
#   well; given --ca-directory it does not, so an empty directory there makes the CA file the only
#   trust. Identity: --certificate/--private-key. Pins: --pinnedpubkey (curl's sha256// form).
# - Credentials: --user/--password, which wget sends once the server challenges (Basic, Digest,
#   NTLM: wget picks the scheme; DOMAIN\user for NTLM); --header for the token and MOCKAUTH_HEADERS.
# - Proxy: -e use_proxy=on with http_proxy/https_proxy (and no_proxy for the hosts to reach without
#   it), --proxy-user/--proxy-password (wget sends them as Basic with its first request to the proxy). wget speaks no TLS to a proxy and no SOCKS.
# - Redirects (up to 20), cookies (in memory for one run) and HSTS (--hsts-file, a fresh file per
#   cell instead of ~/.wget-hsts): wget's defaults. --no-config: no wgetrc of this machine applies.
# - Retries: wget's 20 tries, but --waitretry=0: its default backoff (1, 2 … 10 s between tries)
#   outlasts the harness's 60 s, and the scenarios count attempts, not the time between them.
# - Several URLs are one wget run (one cookie store, connections reused), unless a URL has an
#   account of its own (MOCKAUTH_USERNAME_<n>): then one wget per URL, sharing a cookie file
#   (--load-cookies/--save-cookies --keep-session-cookies) and the HSTS file.
# - Names under .test: wget has no option like curl's --resolve and resolves through the system;
#   the adapter runs it in a private user and mount namespace (unshare, as `mockauthd check
#   --isolate-hosts` does) whose /etc/hosts is MOCKAUTH_HOSTS_FILE. Where that is not permitted,
#   such a scenario is skipped (exit 89).
# - POST: --post-file (the manual's way; after a 303 wget asks with GET); other methods:
#   --method with --body-file.
# What wget lacks (Digest other than MD5 and MD5-sess: it answers a SHA-256 challenge with an MD5
# response; Negotiate; TLS to a proxy; SOCKS) is Conformance/clients.yaml's to say: the adapter is
# not run there. Exit 0 when wget succeeds on every URL, 89 when a scenario with names under .test
# finds no namespace for wget's /etc/hosts (found only at run time), 1 otherwise. What the scenario
# gives is read through mockauth_material.sh.
set -u
. "$(dirname "$0")/mockauth_material.sh"

# Names under .test: /etc/hosts becomes the scenario's hosts file, for wget alone (WGET_ADAPTER_HOSTS:
# this script run again, in the namespace).
if mockauth_feature host-names && [ -z "${WGET_ADAPTER_HOSTS:-}" ] && [ -n "$mockauth_hosts_file" ]; then
    # A user and mount namespace, as `mockauthd check --isolate-hosts` makes (no root needed
    # where user namespaces are allowed); else a mount namespace alone (root).
    for namespaces in "--user --map-root-user --mount" "--mount"; do
        # shellcheck disable=SC2086 # the options are words on purpose
        if unshare $namespaces true 2>/dev/null; then
            WGET_ADAPTER_HOSTS=1 exec unshare $namespaces sh -c 'mount --bind "$1" /etc/hosts && exec "$0"' "$0" "$mockauth_hosts_file"
        fi
    done
    echo "cannot create a private mount namespace for wget's /etc/hosts: host-names" >&2
    exit 89
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/ca"
set -- --no-config --no-verbose -O /dev/null --hsts-file="$work/hsts" --waitretry=0
[ -n "$mockauth_ca_file" ] && set -- "$@" --ca-certificate="$mockauth_ca_file" --ca-directory="$work/ca"
[ -n "$mockauth_pin_sha256" ] && set -- "$@" --pinnedpubkey="$mockauth_pin_sha256"
[ -n "$mockauth_client_cert" ] && set -- "$@" --certificate="$mockauth_client_cert" --private-key="$mockauth_client_key"
[ -n "$mockauth_token" ] && set -- "$@" --header="Authorization: Bearer $mockauth_token"
while IFS= read -r line; do [ -z "$line" ] || set -- "$@" --header="$line"; done <<EOF
$(mockauth_headers)
EOF
if [ -n "$mockauth_proxy_url" ]; then
    set -- "$@" -e use_proxy=on -e http_proxy="$mockauth_proxy_url" -e https_proxy="$mockauth_proxy_url"
    # The hosts to reach without it: wgetrc's no_proxy, NO_PROXY's comma-separated list.
    [ -n "$mockauth_no_proxy" ] && set -- "$@" -e no_proxy="$mockauth_no_proxy"
    if [ -n "$mockauth_proxy_username" ]; then
        user="$mockauth_proxy_username"
        [ -n "$mockauth_proxy_domain" ] && user="$mockauth_proxy_domain\\$user"
        set -- "$@" --proxy-user="$user" --proxy-password="$mockauth_proxy_password"
    fi
else
    set -- "$@" --no-proxy
fi
if [ -n "$mockauth_body_file" ]; then
    if [ "${mockauth_method:-POST}" = POST ]; then
        set -- "$@" --post-file="$mockauth_body_file"
    else
        set -- "$@" --method="$mockauth_method" --body-file="$mockauth_body_file"
    fi
elif [ -n "$mockauth_method" ] && [ "$mockauth_method" != GET ]; then
    set -- "$@" --method="$mockauth_method"
fi

# user [DOMAIN] -> DOMAIN\user or user
qualified() { if [ -n "$2" ]; then printf '%s\\%s' "$2" "$1"; else printf '%s' "$1"; fi; }

own_accounts=no
position=0
for url in $mockauth_urls; do
    position=$((position + 1))
    mockauth_account "$position"
    [ -n "$mockauth_own_username" ] && own_accounts=yes
done

if [ "$own_accounts" = no ]; then
    if [ -n "$mockauth_username" ]; then
        set -- "$@" --user="$(qualified "$mockauth_username" "$mockauth_domain")" --password="$mockauth_password"
    fi
    # shellcheck disable=SC2086 # the URLs are space-separated on purpose
    wget "$@" $mockauth_urls || exit 1
    exit 0
fi

: >"$work/cookies"
set -- "$@" --load-cookies="$work/cookies" --save-cookies="$work/cookies" --keep-session-cookies
status=0
position=0
for url in $mockauth_urls; do
    position=$((position + 1))
    mockauth_account "$position"
    if [ -n "$mockauth_own_username" ]; then
        wget "$@" --user="$(qualified "$mockauth_own_username" "$mockauth_own_domain")" --password="$mockauth_own_password" "$url" || status=1
    elif [ -n "$mockauth_username" ]; then
        wget "$@" --user="$(qualified "$mockauth_username" "$mockauth_domain")" --password="$mockauth_password" "$url" || status=1
    else
        wget "$@" "$url" || status=1
    fi
done
exit $status
