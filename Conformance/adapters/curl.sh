#!/bin/sh
# Reference adapter: curl as a careful user runs it. Trusts only MOCKAUTH_CA_FILE, pins, presents the
# identity, uses the proxy, follows redirects (-L, credentials not carried to other hosts), and lets
# curl pick the strongest scheme (--anyauth), keeps cookies in a jar shared by the run's
# requests (-b/-c), and keeps hosts' Strict-Transport-Security policies in an HSTS cache shared by
# them too (--hsts). Exit: curl's (0 success).
set -u
[ -n "${MOCKAUTH_TOKEN:-}" ] && set -- -H "Authorization: Bearer $MOCKAUTH_TOKEN" || set --
# MOCKAUTH_HEADERS: one "Name: value" line each, sent with every request as -H.
if [ -n "${MOCKAUTH_HEADERS:-}" ]; then
    while IFS= read -r line; do set -- "$@" -H "$line"; done <<EOF
$MOCKAUTH_HEADERS
EOF
fi
[ -n "${MOCKAUTH_CA_FILE:-}" ] && set -- "$@" --cacert "$MOCKAUTH_CA_FILE"
[ -n "${MOCKAUTH_PIN_SHA256:-}" ] && set -- "$@" --pinnedpubkey "$MOCKAUTH_PIN_SHA256"
[ -n "${MOCKAUTH_CLIENT_CERT:-}" ] && set -- "$@" --cert "$MOCKAUTH_CLIENT_CERT" --key "$MOCKAUTH_CLIENT_KEY"
if [ -n "${MOCKAUTH_PROXY_URL:-}" ]; then
    set -- "$@" -x "$MOCKAUTH_PROXY_URL"
    # An HTTPS proxy: its certificate is verified against the same CA file, and only it.
    case "$MOCKAUTH_PROXY_URL" in
    https://*) [ -n "${MOCKAUTH_CA_FILE:-}" ] && set -- "$@" --proxy-cacert "$MOCKAUTH_CA_FILE" ;;
    esac
    if [ -n "${MOCKAUTH_PROXY_USERNAME:-}" ]; then
        user="$MOCKAUTH_PROXY_USERNAME"
        # NTLM proxies want DOMAIN\user; curl picks the scheme with --proxy-anyauth.
        set -- "$@" --proxy-anyauth --proxy-user "$user:$MOCKAUTH_PROXY_PASSWORD"
    fi
fi
if [ -n "${MOCKAUTH_USERNAME:-}" ]; then
    user="$MOCKAUTH_USERNAME"
    [ -n "${MOCKAUTH_DOMAIN:-}" ] && user="$MOCKAUTH_DOMAIN\\$user"
    set -- "$@" --anyauth -u "$user:$MOCKAUTH_PASSWORD"
fi
# MOCKAUTH_RESOLVE: names under .test, in curl's --resolve form.
for entry in ${MOCKAUTH_RESOLVE:-}; do set -- "$@" --resolve "$entry"; done
# MOCKAUTH_METHOD / MOCKAUTH_BODY_FILE: a POST body goes with --data-binary alone (curl then
# follows a 303 with GET, as RFC 9110 says); -X would force the method onto every redirect.
if [ -n "${MOCKAUTH_BODY_FILE:-}" ]; then
    [ "${MOCKAUTH_METHOD:-POST}" = POST ] || set -- "$@" -X "$MOCKAUTH_METHOD"
    set -- "$@" --data-binary "@$MOCKAUTH_BODY_FILE"
elif [ -n "${MOCKAUTH_METHOD:-}" ] && [ "$MOCKAUTH_METHOD" != GET ]; then
    set -- "$@" -X "$MOCKAUTH_METHOD"
fi
# One cookie jar for the run's requests, as a user keeps a session: -b reads it (and turns the cookie
# engine on), -c writes it after each curl.
jar=$(mktemp)
# The HSTS cache (RFC 6797): read before each curl, written after, so a policy a host sent over
# HTTPS upgrades a later http:// URL for it, on the same port.
hsts=$(mktemp)
trap 'rm -f "$jar" "$hsts"' EXIT
set -- "$@" -b "$jar" -c "$jar" --hsts "$hsts"
status=0
position=0
for url in $MOCKAUTH_URLS; do
    position=$((position + 1))
    # A URL with an account of its own (MOCKAUTH_USERNAME_<position>): a later -u wins.
    eval "own=\${MOCKAUTH_USERNAME_$position:-} own_password=\${MOCKAUTH_PASSWORD_$position:-} own_domain=\${MOCKAUTH_DOMAIN_$position:-}"
    if [ -n "$own" ]; then
        [ -n "$own_domain" ] && own="$own_domain\\$own"
        code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 20 -L "$@" --anyauth -u "$own:$own_password" "$url") || status=1
    else
        code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 20 -L "$@" "$url") || status=1
    fi
    case "$code" in 2??) ;; *) status=1 ;; esac
done
exit $status
