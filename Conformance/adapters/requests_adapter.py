#!/usr/bin/env python3
"""Reference adapter: Python requests with requests-ntlm (the NTLM plugin requests' documentation
names), as its documentation has an application use them.

- One Session for the run's URLs (its cookie jar and connection pool); `trust_env = False`: only
  what the scenario gives. Trust: `verify=MOCKAUTH_CA_FILE`; identity: `session.cert`; the token and
  MOCKAUTH_HEADERS are the session's headers.
- Credentials: `auth=` on every request of the account, with the auth object of the scheme the
  scenario's server is set up with, as a user configures requests for the server they call
  (requests picks no scheme itself): `HttpNtlmAuth('DOMAIN\\user', password)` where it offers NTLM
  or Negotiate, else `HTTPDigestAuth` where it offers Digest, else `HTTPBasicAuth` (what
  `auth=(user, password)` means). Digest and NTLM answer the server's challenge; Basic goes with
  the first request, as requests sends it.
- Proxy: the proxy URL with its credentials (`scheme://user:password@host:port`, requests'
  documented way, which sends them as Basic); https:// proxies (urllib3 verifies them with the same
  CA file) and socks5:// / socks5h:// (PySocks, requests[socks]).
- Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve, the address only).
Exit 0 if every URL answered 2xx, 89 when the scenario needs SOCKS and PySocks is not installed
(found only at run time), 1 otherwise.
"""
import os
import sys
import time

import mockauth_resolve
from mockauth_accounts import account, offered_schemes
import requests
from requests.auth import HTTPBasicAuth, HTTPDigestAuth

env = os.environ
if "socks" in env.get("MOCKAUTH_FEATURES", "").split():
    try:
        import socks  # noqa: F401  (PySocks: what requests[socks] installs)
    except ImportError:
        print("requests cannot use a SOCKS proxy without PySocks (socks)", file=sys.stderr)
        sys.exit(89)

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install()

session = requests.Session()
session.trust_env = False  # only what the scenario gives
verify = env.get("MOCKAUTH_CA_FILE", True)
if "MOCKAUTH_CLIENT_CERT" in env:
    session.cert = (env["MOCKAUTH_CLIENT_CERT"], env["MOCKAUTH_CLIENT_KEY"])
if "MOCKAUTH_TOKEN" in env:
    session.headers["Authorization"] = "Bearer " + env["MOCKAUTH_TOKEN"]
for line in env.get("MOCKAUTH_HEADERS", "").splitlines():
    name, _, value = line.partition(":")
    session.headers[name] = value.strip()
if "MOCKAUTH_PROXY_URL" in env:
    # http://, https:// for an HTTPS proxy (urllib3 2 verifies the proxy with the same CA file), or
    # socks5:// / socks5h:// (urllib3's SOCKSProxyManager, through PySocks).
    scheme, _, proxy = env["MOCKAUTH_PROXY_URL"].partition("://")
    if "MOCKAUTH_PROXY_USERNAME" in env:
        proxy = f"{env['MOCKAUTH_PROXY_USERNAME']}:{env['MOCKAUTH_PROXY_PASSWORD']}@{proxy}"
    session.proxies = {"http": f"{scheme}://{proxy}", "https": f"{scheme}://{proxy}"}

OFFERED = offered_schemes()


def authenticator(credentials):
    """The auth object of the server's scheme (the strongest requests answers where it offers several)."""
    user, password, domain = credentials
    if OFFERED & {"ntlm", "negotiate"}:
        from requests_ntlm import HttpNtlmAuth

        return HttpNtlmAuth(f"{domain}\\{user}" if domain else user, password)
    if any(scheme.startswith("digest-") for scheme in OFFERED):
        return HTTPDigestAuth(user, password)
    return HTTPBasicAuth(user, password)


method = env.get("MOCKAUTH_METHOD", "GET")
body = open(env["MOCKAUTH_BODY_FILE"], "rb").read() if "MOCKAUTH_BODY_FILE" in env else None

# One auth object per account, given with each of that account's requests.
auths = {}
status = 0
for position, url in enumerate(env["MOCKAUTH_URLS"].split(), start=1):
    # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
    if position > 1 and env.get("MOCKAUTH_PAUSE_SECONDS"):
        time.sleep(int(env["MOCKAUTH_PAUSE_SECONDS"]))
    credentials = account(position, with_domain=True)
    if credentials and credentials not in auths:
        auths[credentials] = authenticator(credentials)
    try:
        response = session.request(method, url, data=body, auth=auths.get(credentials), verify=verify, timeout=20)
        print(url, response.status_code)
        status |= 0 if 200 <= response.status_code < 300 else 1
    except Exception as error:  # refused handshakes and proxy errors are the client's answer
        print(url, error, file=sys.stderr)
        status = 1
sys.exit(status)
