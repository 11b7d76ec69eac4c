#!/bin/sh
# Reference adapter: curl as a careful user runs it. Trusts only MOCKAUTH_CA_FILE, pins, presents the
# identity, uses the proxy (but for the hosts --noproxy lists), follows redirects (-L, credentials not carried to other hosts), and lets
# curl pick the strongest scheme (--anyauth), keeps cookies in a jar (-b/-c) and hosts'
# Strict-Transport-Security policies in an HSTS cache (--hsts), and gets the run's URLs in one curl
# (one connection cache for them, as a user listing several URLs has). What the scenario gives is
# read through mockauth_material.sh. Exit 0 when curl succeeded and every URL answered 2xx, 1 otherwise.
set -u
. "$(dirname "$0")/mockauth_material.sh"
# The user name: DOMAIN\user (curl's manual: the Down-Level Logon Name, for NTLM and Kerberos) only
# where curl will answer NTLM or Negotiate: the scenario's servers offer one of them and no Digest,
# which --anyauth prefers to NTLM (curl's order: Negotiate, Digest, NTLM, Basic) and whose user name
# is the plain one. MOCKAUTH_FEATURES names the schemes the servers are set up with.
windows_domain=no
mockauth_feature negotiate && windows_domain=yes
mockauth_feature ntlm && ! mockauth_feature 'digest-*' && windows_domain=yes
# user DOMAIN -> DOMAIN\user where curl answers NTLM or Negotiate, else user
qualified() { if [ -n "$2" ] && [ "$windows_domain" = yes ]; then printf '%s\\%s' "$2" "$1"; else printf '%s' "$1"; fi; }
[ -n "$mockauth_token" ] && set -- -H "Authorization: Bearer $mockauth_token" || set --
# MOCKAUTH_HEADERS: one "Name: value" line each, sent with every request as -H.
while IFS= read -r line; do [ -z "$line" ] || set -- "$@" -H "$line"; done <<EOF
$(mockauth_headers)
EOF
[ -n "$mockauth_ca_file" ] && set -- "$@" --cacert "$mockauth_ca_file"
[ -n "$mockauth_pin_sha256" ] && set -- "$@" --pinnedpubkey "$mockauth_pin_sha256"
[ -n "$mockauth_client_cert" ] && set -- "$@" --cert "$mockauth_client_cert" --key "$mockauth_client_key"
if [ -n "$mockauth_proxy_url" ]; then
    set -- "$@" -x "$mockauth_proxy_url"
    # The hosts to reach without it: --noproxy takes NO_PROXY's comma-separated list.
    [ -n "$mockauth_no_proxy" ] && set -- "$@" --noproxy "$mockauth_no_proxy"
    # An HTTPS proxy: its certificate is verified against the same CA file, and only it.
    case "$mockauth_proxy_url" in
    https://*) [ -n "$mockauth_ca_file" ] && set -- "$@" --proxy-cacert "$mockauth_ca_file" ;;
    esac
    if [ -n "$mockauth_proxy_username" ]; then
        # curl picks the scheme with --proxy-anyauth.
        user=$(qualified "$mockauth_proxy_username" "$mockauth_proxy_domain")
        set -- "$@" --proxy-anyauth --proxy-user "$user:$mockauth_proxy_password"
    fi
fi
if [ -n "$mockauth_username" ]; then
    user=$(qualified "$mockauth_username" "$mockauth_domain")
    set -- "$@" --anyauth -u "$user:$mockauth_password"
fi
# The run's Kerberos realm: curl's Negotiate goes through GSS-API (curl's manual, --negotiate), which
# reads the realm's krb5.conf and the credential cache from the environment, as kinit leaves them.
if [ -n "$mockauth_krb5_config" ]; then
    export KRB5_CONFIG="$mockauth_krb5_config" KRB5CCNAME="FILE:$mockauth_krb5_credential_cache"
fi
# MOCKAUTH_RESOLVE: names under .test, in curl's --resolve form.
for entry in $mockauth_resolve; do set -- "$@" --resolve "$entry"; done
# MOCKAUTH_METHOD / MOCKAUTH_BODY_FILE: a POST body goes with --data-binary alone (curl then
# follows a 303 with GET, as RFC 9110 says); -X would force the method onto every redirect.
if [ -n "$mockauth_body_file" ]; then
    [ "${mockauth_method:-POST}" = POST ] || set -- "$@" -X "$mockauth_method"
    set -- "$@" --data-binary "@$mockauth_body_file"
elif [ -n "$mockauth_method" ] && [ "$mockauth_method" != GET ]; then
    set -- "$@" -X "$mockauth_method"
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
for url in $mockauth_urls; do
    position=$((position + 1))
    mockauth_account "$position"
    own=$mockauth_own_username own_password=$mockauth_own_password own_domain=$mockauth_own_domain
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
