"""A Python client that checks the leaf against its CRL itself: Python's ssl module verifies a CRL
it is given (VERIFY_CRL_CHECK_LEAF) but fetches none, so the client reads the CRL distribution
point of the server's certificate, fetches the CRL and loads it before the request.

    crl_client.py           a correct client: the handshake fails on a revoked leaf
    crl_client.py --ignore  a defective one: it fetches the CRL, loads it, and never turns on the check
"""

import os
import socket
import ssl
import sys
import tempfile
import urllib.request

ignore = "--ignore" in sys.argv
ca_file = os.environ["MOCKAUTH_CA_FILE"]
url = os.environ["MOCKAUTH_URL"]
host, _, port = url.split("/")[2].rpartition(":")

# First look at the certificate (verified against the CA file, no revocation check yet).
probe = ssl.create_default_context(cafile=ca_file)
with socket.create_connection((host, int(port)), timeout=10) as raw:
    with probe.wrap_socket(raw, server_hostname=host) as tls:
        certificate = tls.getpeercert()
points = certificate.get("crlDistributionPoints") or ()
context = ssl.create_default_context(cafile=ca_file)
for point in points:
    der = urllib.request.urlopen(point, timeout=10).read()
    pem = ssl.DER_cert_to_PEM_cert(der).replace("CERTIFICATE", "X509 CRL")
    # `cadata` takes certificates only; a file may hold CRLs too.
    with tempfile.NamedTemporaryFile("w", suffix=".pem") as crl_file:
        crl_file.write(pem)
        crl_file.flush()
        context.load_verify_locations(cafile=crl_file.name)
    if not ignore:
        context.verify_flags |= ssl.VERIFY_CRL_CHECK_LEAF
try:
    with urllib.request.urlopen(url, context=context, timeout=10) as response:
        print("status", response.status)
        sys.exit(0 if 200 <= response.status < 300 else 1)
except Exception as error:  # a refused certificate
    print("refused:", error)
    sys.exit(1)
