#!/bin/sh
# Reference adapter: GNU wget (GnuTLS), run with the options its manual gives a user.
#
# - Trust: --ca-certificate=MOCKAUTH_CA_FILE. Given alone, wget on GnuTLS loads the system store as
#   well; given --ca-directory it does not, so an empty directory there makes the CA file the only
#   trust. Identity: --certificate/--private-key. Pins: --pinnedpubkey (curl's sha256// form).
# - Credentials: --user/--password, which wget sends once the server challenges (Basic, Digest,
#   NTLM: wget picks the scheme; DOMAIN\user for NTLM); --header for the token and MOCKAUTH_HEADERS.
# - Proxy: -e use_proxy=on with http_proxy/https_proxy, --proxy-user/--proxy-password (wget sends
#   them as Basic with its first request to the proxy). wget speaks no TLS to a proxy and no SOCKS.
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
# finds no namespace for wget's /etc/hosts (found only at run time), 1 otherwise.
set -u

# Names under .test: /etc/hosts becomes the scenario's hosts file, for wget alone.
case " ${MOCKAUTH_FEATURES:-} " in
*" host-names "*)
    if [ -z "${MOCKAUTH_WGET_HOSTS:-}" ] && [ -n "${MOCKAUTH_HOSTS_FILE:-}" ]; then
        # A user and mount namespace, as `mockauthd check --isolate-hosts` makes (no root needed
        # where user namespaces are allowed); else a mount namespace alone (root).
        for namespaces in "--user --map-root-user --mount" "--mount"; do
            # shellcheck disable=SC2086 # the options are words on purpose
            if unshare $namespaces true 2>/dev/null; then
                MOCKAUTH_WGET_HOSTS=1 exec unshare $namespaces sh -c 'mount --bind "$MOCKAUTH_HOSTS_FILE" /etc/hosts && exec "$0"' "$0"
            fi
        done
        echo "cannot create a private mount namespace for wget's /etc/hosts: host-names" >&2
        exit 89
    fi
    ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/ca"
set -- --no-config --no-verbose -O /dev/null --hsts-file="$work/hsts" --waitretry=0
[ -n "${MOCKAUTH_CA_FILE:-}" ] && set -- "$@" --ca-certificate="$MOCKAUTH_CA_FILE" --ca-directory="$work/ca"
[ -n "${MOCKAUTH_PIN_SHA256:-}" ] && set -- "$@" --pinnedpubkey="$MOCKAUTH_PIN_SHA256"
[ -n "${MOCKAUTH_CLIENT_CERT:-}" ] && set -- "$@" --certificate="$MOCKAUTH_CLIENT_CERT" --private-key="$MOCKAUTH_CLIENT_KEY"
[ -n "${MOCKAUTH_TOKEN:-}" ] && set -- "$@" --header="Authorization: Bearer $MOCKAUTH_TOKEN"
if [ -n "${MOCKAUTH_HEADERS:-}" ]; then
    while IFS= read -r line; do set -- "$@" --header="$line"; done <<EOF
$MOCKAUTH_HEADERS
EOF
fi
if [ -n "${MOCKAUTH_PROXY_URL:-}" ]; then
    set -- "$@" -e use_proxy=on -e http_proxy="$MOCKAUTH_PROXY_URL" -e https_proxy="$MOCKAUTH_PROXY_URL"
    if [ -n "${MOCKAUTH_PROXY_USERNAME:-}" ]; then
        user="$MOCKAUTH_PROXY_USERNAME"
        [ -n "${MOCKAUTH_PROXY_DOMAIN:-}" ] && user="$MOCKAUTH_PROXY_DOMAIN\\$user"
        set -- "$@" --proxy-user="$user" --proxy-password="$MOCKAUTH_PROXY_PASSWORD"
    fi
else
    set -- "$@" --no-proxy
fi
if [ -n "${MOCKAUTH_BODY_FILE:-}" ]; then
    if [ "${MOCKAUTH_METHOD:-POST}" = POST ]; then
        set -- "$@" --post-file="$MOCKAUTH_BODY_FILE"
    else
        set -- "$@" --method="$MOCKAUTH_METHOD" --body-file="$MOCKAUTH_BODY_FILE"
    fi
elif [ -n "${MOCKAUTH_METHOD:-}" ] && [ "$MOCKAUTH_METHOD" != GET ]; then
    set -- "$@" --method="$MOCKAUTH_METHOD"
fi

# user [DOMAIN] -> DOMAIN\user or user
qualified() { if [ -n "$2" ]; then printf '%s\\%s' "$2" "$1"; else printf '%s' "$1"; fi; }

own_accounts=no
position=0
for url in $MOCKAUTH_URLS; do
    position=$((position + 1))
    eval "[ -n \"\${MOCKAUTH_USERNAME_$position:-}\" ]" && own_accounts=yes
done

if [ "$own_accounts" = no ]; then
    if [ -n "${MOCKAUTH_USERNAME:-}" ]; then
        set -- "$@" --user="$(qualified "$MOCKAUTH_USERNAME" "${MOCKAUTH_DOMAIN:-}")" --password="${MOCKAUTH_PASSWORD:-}"
    fi
    # shellcheck disable=SC2086 # the URLs are space-separated on purpose
    wget "$@" $MOCKAUTH_URLS || exit 1
    exit 0
fi

: >"$work/cookies"
set -- "$@" --load-cookies="$work/cookies" --save-cookies="$work/cookies" --keep-session-cookies
status=0
position=0
for url in $MOCKAUTH_URLS; do
    position=$((position + 1))
    eval "own=\${MOCKAUTH_USERNAME_$position:-} own_password=\${MOCKAUTH_PASSWORD_$position:-} own_domain=\${MOCKAUTH_DOMAIN_$position:-}"
    if [ -n "$own" ]; then
        wget "$@" --user="$(qualified "$own" "$own_domain")" --password="$own_password" "$url" || status=1
    elif [ -n "${MOCKAUTH_USERNAME:-}" ]; then
        wget "$@" --user="$(qualified "$MOCKAUTH_USERNAME" "${MOCKAUTH_DOMAIN:-}")" --password="${MOCKAUTH_PASSWORD:-}" "$url" || status=1
    else
        wget "$@" "$url" || status=1
    fi
done
exit $status
