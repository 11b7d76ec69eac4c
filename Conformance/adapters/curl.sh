#!/bin/sh
# Reference adapter: curl as a careful user runs it. Trusts only MOCKAUTH_CA_FILE, pins, presents the
# identity, uses the proxy, follows redirects (-L, credentials not carried to other hosts), and lets
# curl pick the strongest scheme (--anyauth), keeps cookies in a jar (-b/-c) and hosts'
# Strict-Transport-Security policies in an HSTS cache (--hsts), and gets the run's URLs in one curl
# (one connection cache for them, as a user listing several URLs has). Exit 0 when curl succeeded
# and every URL answered 2xx, 1 otherwise.
set -u
# The user name: DOMAIN\user (curl's manual: the Down-Level Logon Name, for NTLM and Kerberos) only
# where curl will answer NTLM or Negotiate: the scenario's servers offer one of them and no Digest,
# which --anyauth prefers to NTLM (curl's order: Negotiate, Digest, NTLM, Basic) and whose user name
# is the plain one. MOCKAUTH_FEATURES names the schemes the servers are set up with.
negotiate=no ntlm=no digest=no
for word in ${MOCKAUTH_FEATURES:-}; do
    for feature in $(echo "$word" | tr '|' ' '); do
        case "$feature" in negotiate) negotiate=yes ;; ntlm) ntlm=yes ;; digest-*) digest=yes ;; esac
    done
done
windows_domain=$negotiate
[ "$ntlm" = yes ] && [ "$digest" = no ] && windows_domain=yes
# user DOMAIN -> DOMAIN\user where curl answers NTLM or Negotiate, else user
qualified() { if [ -n "$2" ] && [ "$windows_domain" = yes ]; then printf '%s\\%s' "$2" "$1"; else printf '%s' "$1"; fi; }
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
        # curl picks the scheme with --proxy-anyauth.
        user=$(qualified "$MOCKAUTH_PROXY_USERNAME" "${MOCKAUTH_PROXY_DOMAIN:-}")
        set -- "$@" --proxy-anyauth --proxy-user "$user:$MOCKAUTH_PROXY_PASSWORD"
    fi
fi
if [ -n "${MOCKAUTH_USERNAME:-}" ]; then
    user=$(qualified "$MOCKAUTH_USERNAME" "${MOCKAUTH_DOMAIN:-}")
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
# engine on), -c writes it.
jar=$(mktemp)
# The HSTS cache (RFC 6797): a policy a host sent over HTTPS upgrades a later http:// URL for it, on
# the same port.
hsts=$(mktemp)
trap 'rm -f "$jar" "$hsts"' EXIT
set -- -sS --max-time 20 -L -w '%{http_code}\n' "$@" -b "$jar" -c "$jar" --hsts "$hsts"
# The run's URLs in one curl, as a user lists several URLs: one connection cache, cookie engine and
# HSTS cache for them all. Where the account changes (a URL with an account of its own,
# MOCKAUTH_USERNAME_<position>), curl's --next starts another operation: the options above again,
# then that URL's -u (a later -u wins).
options=$#
urls=0
account=
position=0
for url in $MOCKAUTH_URLS; do
    position=$((position + 1))
    eval "own=\${MOCKAUTH_USERNAME_$position:-} own_password=\${MOCKAUTH_PASSWORD_$position:-} own_domain=\${MOCKAUTH_DOMAIN_$position:-}"
    if [ "$position" -gt 1 ] && [ "$own" != "$account" ]; then
        set -- "$@" --next
        index=0
        for argument in "$@"; do
            index=$((index + 1))
            [ "$index" -le "$options" ] && set -- "$@" "$argument"
        done
    fi
    if [ -n "$own" ] && [ "$own" != "$account" ]; then
        set -- "$@" --anyauth -u "$(qualified "$own" "$own_domain"):$own_password"
    fi
    account=$own
    set -- "$@" -o /dev/null "$url"
    urls=$((urls + 1))
done
codes=$(curl "$@") || exit 1
# Every URL answered, with 2xx.
[ "$(printf '%s\n' "$codes" | grep -c '^2[0-9][0-9]$')" -eq "$urls" ] || exit 1
exit 0
