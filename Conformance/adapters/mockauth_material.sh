# What a scenario gives a shell reference adapter, read from its environment in one place.
#
# The variables are the client contract (the README's "The environment a client command gets";
# ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). Sourced, as
#   . "$(dirname "$0")/mockauth_material.sh"
# it sets one shell variable per variable of the contract (mockauth_ca_file for MOCKAUTH_CA_FILE …;
# empty where the scenario gives nothing, as the contract never sets a variable empty) and defines
# the functions that read its lists and the accounts of later URLs. Its own variables start with
# mockauth_. The adapters read the environment through it alone; AdapterReaderTests keeps this file
# naming every variable of the contract and no other.
# shellcheck shell=sh

mockauth_scenario=${MOCKAUTH_SCENARIO:-}
# Every URL, in order, space-separated; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
mockauth_urls=${MOCKAUTH_URLS:-${MOCKAUTH_URL:-}}
# What the scenario needs: a word per feature, `a|b` for alternatives (mockauth_feature reads it).
mockauth_features=${MOCKAUTH_FEATURES:-}
mockauth_ca_file=${MOCKAUTH_CA_FILE:-}
mockauth_client_cert=${MOCKAUTH_CLIENT_CERT:-}
mockauth_client_key=${MOCKAUTH_CLIENT_KEY:-}
mockauth_client_p12=${MOCKAUTH_CLIENT_P12:-}
mockauth_client_p12_password=${MOCKAUTH_CLIENT_P12_PASSWORD:-}
mockauth_client_cert_2=${MOCKAUTH_CLIENT_CERT_2:-}
mockauth_client_key_2=${MOCKAUTH_CLIENT_KEY_2:-}
mockauth_client_p12_2=${MOCKAUTH_CLIENT_P12_2:-}
# curl's form: sha256//BASE64, several separated by `;`.
mockauth_pin_sha256=${MOCKAUTH_PIN_SHA256:-}
mockauth_username=${MOCKAUTH_USERNAME:-}
mockauth_password=${MOCKAUTH_PASSWORD:-}
mockauth_domain=${MOCKAUTH_DOMAIN:-}
mockauth_token=${MOCKAUTH_TOKEN:-}
mockauth_method=${MOCKAUTH_METHOD:-}
mockauth_body_file=${MOCKAUTH_BODY_FILE:-}
mockauth_proxy_url=${MOCKAUTH_PROXY_URL:-}
mockauth_proxy_username=${MOCKAUTH_PROXY_USERNAME:-}
mockauth_proxy_password=${MOCKAUTH_PROXY_PASSWORD:-}
mockauth_proxy_domain=${MOCKAUTH_PROXY_DOMAIN:-}
# The host names to reach without the proxy: comma-separated, as NO_PROXY (and curl's --noproxy) list them.
mockauth_no_proxy=${MOCKAUTH_NO_PROXY:-}
# name:port:address entries, space-separated: curl's --resolve form, as curl takes each.
mockauth_resolve=${MOCKAUTH_RESOLVE:-}
mockauth_hosts_file=${MOCKAUTH_HOSTS_FILE:-}
# Seconds to wait after one request's answer before making the next.
mockauth_pause_seconds=${MOCKAUTH_PAUSE_SECONDS:-}
# 1 to send the requests to the URLs at once, each without waiting for another's answer; empty otherwise.
mockauth_concurrent=${MOCKAUTH_CONCURRENT:-}
# The run's Kerberos realm: a krb5.conf and a credential cache, for KRB5_CONFIG and KRB5CCNAME.
mockauth_krb5_config=${MOCKAUTH_KRB5_CONFIG:-}
mockauth_krb5_credential_cache=${MOCKAUTH_KRB5CCNAME:-}
# The OAuth 2.0 token endpoint and what the client holds for it (the refresh token goes there alone).
mockauth_token_url=${MOCKAUTH_TOKEN_URL:-}
mockauth_client_id=${MOCKAUTH_CLIENT_ID:-}
mockauth_client_secret=${MOCKAUTH_CLIENT_SECRET:-}
mockauth_refresh_token=${MOCKAUTH_REFRESH_TOKEN:-}

# mockauth_headers: prints the header lines to send with each request (MOCKAUTH_HEADERS), one
# `Name: value` per line; a line without a colon is skipped.
mockauth_headers() {
    [ -n "${MOCKAUTH_HEADERS:-}" ] || return 0
    printf '%s\n' "$MOCKAUTH_HEADERS" | while IFS= read -r mockauth_line; do
        case "$mockauth_line" in *:*) printf '%s\n' "$mockauth_line" ;; esac
    done
}

# mockauth_feature PATTERN: whether a feature the scenario needs, or one of a word's `a|b`
# alternatives, matches PATTERN (a case pattern: `ntlm`, `digest-*`).
mockauth_feature() {
    for mockauth_word in $mockauth_features; do
        for mockauth_alternative in $(printf '%s' "$mockauth_word" | tr '|' ' '); do
            # shellcheck disable=SC2254 # the argument is a pattern on purpose
            case "$mockauth_alternative" in $1) return 0 ;; esac
        done
    done
    return 1
}

# mockauth_account POSITION: sets mockauth_own_username, mockauth_own_password and
# mockauth_own_domain to the account of the URL at 1-based POSITION when it has one of its own
# (MOCKAUTH_USERNAME_2 …), else to empty.
mockauth_account() {
    eval "mockauth_own_username=\${MOCKAUTH_USERNAME_$1:-} mockauth_own_password=\${MOCKAUTH_PASSWORD_$1:-}"
    eval "mockauth_own_domain=\${MOCKAUTH_DOMAIN_$1:-}"
}
