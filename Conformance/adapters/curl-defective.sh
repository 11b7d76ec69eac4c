#!/bin/sh
# A deliberately defective curl: accepts any certificate (-k, and --proxy-insecure for an HTTPS proxy), carries credentials and the headers
# it sets across redirects (--location-trusted), sends Basic preemptively (to a proxy too) and
# forces its method onto every redirect (-X), and keeps no HSTS cache (no --hsts: an http:// URL for
# a host that sent Strict-Transport-Security goes out in plain text). It keeps cookies in a jar as
# curl.sh does (curl's own cookie rules, which are sound). `make conformance` shows what it gets caught on.
# What the scenario gives is read through mockauth_material.sh.
set -u
. "$(dirname "$0")/mockauth_material.sh"
set --
[ -n "$mockauth_username" ] && set -- --basic -u "$mockauth_username:$mockauth_password"
[ -n "$mockauth_token" ] && set -- "$@" -H "Authorization: Bearer $mockauth_token"
[ -n "$mockauth_proxy_url" ] && set -- "$@" -x "$mockauth_proxy_url" --proxy-insecure --proxy-user "$mockauth_proxy_username:$mockauth_proxy_password"
# MOCKAUTH_HEADERS: one "Name: value" line each, sent with every request as -H.
while IFS= read -r line; do [ -z "$line" ] || set -- "$@" -H "$line"; done <<EOF
$(mockauth_headers)
EOF
# MOCKAUTH_RESOLVE: names under .test, in curl's --resolve form.
for entry in $mockauth_resolve; do set -- "$@" --resolve "$entry"; done
# The body with -X: the method is forced onto every redirect (a 303 stays a POST).
[ -n "$mockauth_method" ] && set -- "$@" -X "$mockauth_method"
[ -n "$mockauth_body_file" ] && set -- "$@" --data-binary "@$mockauth_body_file"
jar=$(mktemp)
trap 'rm -f "$jar"' EXIT
set -- "$@" -b "$jar" -c "$jar"
status=0
for url in $mockauth_urls; do
    code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 20 -k --location-trusted "$@" "$url") || status=1
    case "$code" in 2??) ;; *) status=1 ;; esac
done
exit $status
