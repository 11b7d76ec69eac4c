#!/bin/sh
# An OpenSSL 3 client that checks the leaf's revocation before it sends the request: it reads the
# chain the server presents (openssl s_client), then asks the OCSP responder the leaf names
# (openssl ocsp) or fetches the CRL at its distribution point (curl) and verifies the leaf against
# it (openssl verify -crl_check); only a `good` answer lets curl send the request.
#
#   openssl_revocation_client.sh          a correct client: anything but `good` refuses
#   openssl_revocation_client.sh --ignore a defective one: it looks the status up, then sends the
#                                         request whatever the answer was
set -u
ignore=false
[ "${1:-}" = "--ignore" ] && ignore=true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hostport=${MOCKAUTH_URL#https://}
hostport=${hostport%%/*}
openssl s_client -connect "$hostport" -showcerts </dev/null 2>/dev/null \
    | awk -v dir="$work" '/BEGIN CERTIFICATE/ { n++ } n { print > (dir "/cert" n ".pem") }'
leaf=$work/cert1.pem
issuer=$work/cert2.pem
[ -s "$leaf" ] && [ -s "$issuer" ] || { echo "no chain from $hostport" >&2; exit 1; }

status=none
ocsp=$(openssl x509 -in "$leaf" -noout -ocsp_uri)
crl=$(openssl x509 -in "$leaf" -noout -ext crlDistributionPoints | sed -n 's/.*URI://p' | head -n 1)
if [ -n "$ocsp" ]; then
    answer=$(openssl ocsp -issuer "$issuer" -cert "$leaf" -url "$ocsp" -CAfile "$MOCKAUTH_CA_FILE" 2>&1)
    echo "$answer"
    case "$answer" in
        *"$leaf: good"*) status=good ;;
        *"$leaf: revoked"*) status=revoked ;;
        *"$leaf: unknown"*) status=unknown ;;
        *) status=error ;;
    esac
elif [ -n "$crl" ]; then
    curl -sS --max-time 10 -o "$work/crl.der" "$crl" && openssl crl -inform DER -in "$work/crl.der" -out "$work/crl.pem"
    if openssl verify -crl_check -CAfile "$MOCKAUTH_CA_FILE" -untrusted "$issuer" -CRLfile "$work/crl.pem" "$leaf"; then
        status=good
    else
        status=revoked
    fi
fi
echo "revocation status: $status"
if [ "$status" != good ] && [ "$ignore" = false ]; then
    echo "refusing the certificate" >&2
    exit 1
fi
exec curl -sS -o /dev/null --max-time 10 --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL"
