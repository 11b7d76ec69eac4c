#!/bin/sh
# A deliberately defective curl: accepts any certificate (-k, and --proxy-insecure for an HTTPS proxy), carries credentials and the headers
# it sets across redirects (--location-trusted), sends Basic preemptively (to a proxy too) and
# forces its method onto every redirect (-X), and keeps no HSTS cache (no --hsts: an http:// URL for
# a host that sent Strict-Transport-Security goes out in plain text). It keeps cookies in a jar as
# curl.sh does (curl's own cookie rules, which are sound). `make conformance` shows what it gets caught on.
set -u
set --
[ -n "${MOCKAUTH_USERNAME:-}" ] && set -- --basic -u "$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD"
[ -n "${MOCKAUTH_TOKEN:-}" ] && set -- "$@" -H "Authorization: Bearer $MOCKAUTH_TOKEN"
[ -n "${MOCKAUTH_PROXY_URL:-}" ] && set -- "$@" -x "$MOCKAUTH_PROXY_URL" --proxy-insecure --proxy-user "${MOCKAUTH_PROXY_USERNAME:-}:${MOCKAUTH_PROXY_PASSWORD:-}"
# MOCKAUTH_HEADERS: one "Name: value" line each, sent with every request as -H.
if [ -n "${MOCKAUTH_HEADERS:-}" ]; then
    while IFS= read -r line; do set -- "$@" -H "$line"; done <<EOF
$MOCKAUTH_HEADERS
EOF
fi
# MOCKAUTH_RESOLVE: names under .test, in curl's --resolve form.
for entry in ${MOCKAUTH_RESOLVE:-}; do set -- "$@" --resolve "$entry"; done
# The body with -X: the method is forced onto every redirect (a 303 stays a POST).
[ -n "${MOCKAUTH_METHOD:-}" ] && set -- "$@" -X "$MOCKAUTH_METHOD"
[ -n "${MOCKAUTH_BODY_FILE:-}" ] && set -- "$@" --data-binary "@$MOCKAUTH_BODY_FILE"
jar=$(mktemp)
trap 'rm -f "$jar"' EXIT
set -- "$@" -b "$jar" -c "$jar"
status=0
for url in $MOCKAUTH_URLS; do
    code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 20 -k --location-trusted "$@" "$url") || status=1
    case "$code" in 2??) ;; *) status=1 ;; esac
done
exit $status
