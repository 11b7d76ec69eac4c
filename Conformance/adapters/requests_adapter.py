#!/usr/bin/env python3
"""Reference adapter: Python requests (+ requests-ntlm), as an application would use it.

The scheme is chosen from the server's challenge, strongest first (NTLM/Negotiate, Digest, Basic).
What requests lacks (public-key pinning, HSTS, the Digest algorithms HTTPDigestAuth does not
implement) is Conformance/clients.yaml's to say: the adapter is not run there. Exit 0 if every URL
answered 2xx, 89 when the scenario needs SOCKS and PySocks is not installed (found only at run
time), 1 otherwise.
"""
import os
import sys

import mockauth_resolve
from mockauth_accounts import account
import requests
from requests.auth import HTTPBasicAuth, HTTPDigestAuth

env = os.environ

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
if "socks" in env.get("MOCKAUTH_FEATURES", "").split():
    try:
        import socks  # noqa: F401  (PySocks: what requests[socks] installs)
    except ImportError:
        print("requests cannot use a SOCKS proxy without PySocks (socks)", file=sys.stderr)
        sys.exit(89)
if "MOCKAUTH_PROXY_URL" in env:
    # http://, https:// for an HTTPS proxy (urllib3 2 verifies the proxy with the same CA file), or
    # socks5:// / socks5h:// (urllib3's SOCKSProxyManager, through PySocks).
    scheme, _, proxy = env["MOCKAUTH_PROXY_URL"].partition("://")
    if "MOCKAUTH_PROXY_USERNAME" in env:
        proxy = f"{env['MOCKAUTH_PROXY_USERNAME']}:{env['MOCKAUTH_PROXY_PASSWORD']}@{proxy}"
    session.proxies = {"http": f"{scheme}://{proxy}", "https": f"{scheme}://{proxy}"}


def authenticator(challenge: str, credentials):
    user, password, domain = credentials
    offered = challenge.lower()
    if "ntlm" in offered or "negotiate" in offered:
        from requests_ntlm import HttpNtlmAuth

        return HttpNtlmAuth(f"{domain}\\{user}" if domain else user, password)
    if "digest" in offered:
        return HTTPDigestAuth(user, password)
    return HTTPBasicAuth(user, password)


method = env.get("MOCKAUTH_METHOD", "GET")
body = open(env["MOCKAUTH_BODY_FILE"], "rb").read() if "MOCKAUTH_BODY_FILE" in env else None

# As an application does: no credentials until the server asks; then an auth object per account,
# given with each of that account's requests (and, once the scheme is known, from the start).
auths = {}
challenge = None
status = 0
for position, url in enumerate(env["MOCKAUTH_URLS"].split(), start=1):
    credentials = account(position, with_domain=True)
    if credentials and credentials not in auths and challenge:
        auths[credentials] = authenticator(challenge, credentials)
    try:
        auth = auths.get(credentials)
        response = session.request(method, url, data=body, auth=auth, verify=verify, timeout=20)
        if response.status_code == 401 and credentials and auth is None:
            challenge = ", ".join(response.headers.get("WWW-Authenticate", "").split("\n"))
            auths[credentials] = authenticator(challenge, credentials)
            response = session.request(method, url, data=body, auth=auths[credentials], verify=verify, timeout=20)
        print(url, response.status_code)
        status |= 0 if 200 <= response.status_code < 300 else 1
    except Exception as error:  # refused handshakes and proxy errors are the client's answer
        print(url, error, file=sys.stderr)
        status = 1
sys.exit(status)
