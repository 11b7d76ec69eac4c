#!/bin/sh
# Reference adapter: Node.js fetch (node_fetch.mjs). fetch takes no CA option; Node's CLI
# documentation makes a process trust another store with --use-openssl-ca, whose file SSL_CERT_FILE
# names: MOCKAUTH_CA_FILE alone (SSL_CERT_DIR names no directory, so nothing else is trusted).
. "$(dirname "$0")/mockauth_material.sh"
if [ -n "$mockauth_ca_file" ]; then
    SSL_CERT_FILE="$mockauth_ca_file" SSL_CERT_DIR=/nonexistent exec node --use-openssl-ca "$(dirname "$0")/node_fetch.mjs"
fi
exec node "$(dirname "$0")/node_fetch.mjs"
