#!/usr/bin/env python3
"""Reference adapter: niquests (requests' successor on urllib3-future: HTTP/2 by default, OCSP and
CRL checks of its own), as its documentation has an application use a Session.

- One Session for the run's URLs (its cookie jar, connection pool and revocation cache);
  `trust_env = False`: only what the scenario gives. Trust: `verify=MOCKAUTH_CA_FILE` (the CA file
  alone); identity: `session.cert = (certificate, key)`; the token and MOCKAUTH_HEADERS are the
  session's headers. HTTP/2 and the revocation checks are niquests' defaults, left as they are.
- Names under .test: the Session's own resolver, `in-memory://default?hosts=NAME:ADDRESS&…`
  (urllib3-future's manual resolver, niquests' documented `resolver=`), before the system's for
  every other name.
- Credentials: `auth=` on every request of the account, with the auth object of the scheme the
  scenario's server is set up with, as a user configures niquests for the server they call (it
  picks no scheme itself): `HTTPDigestAuth` where it offers Digest (it answers the challenge), else
  `HTTPBasicAuth` (what `auth=(user, password)` means: sent with the first request).
- Proxy: the proxy URL with its credentials (`scheme://user:password@host:port`, niquests'
  documented way, which sends them as Basic); with hosts to reach without it (MOCKAUTH_NO_PROXY),
  the proxy and NO_PROXY go in the environment and `trust_env` is left on, the way its
  documentation gives to exempt hosts; https:// proxies (verified with the same CA file) and
  socks5:// / socks5h:// (python-socks, niquests[socks]).
- Redirects (niquests follows them, 30 at most) and cookies: the Session's defaults.
- What the scenario gives: read through mockauth_material.
What niquests lacks (NTLM, Negotiate and Kerberos; SHA-256-sess and SHA-512-256 Digest; Digest to a
proxy; a refreshing OAuth client; pinning of a key; HSTS) is Conformance/clients.yaml's to say: the
adapter is not run there. Exit 0 if every URL answered 2xx, 89 when the scenario needs SOCKS and
python-socks is not installed (found only at run time), 1 otherwise.
"""
import os
import sys
import time
import urllib.parse

import mockauth_material

material = mockauth_material.read()
if "socks" in material.features:
    try:
        import python_socks  # noqa: F401  (what niquests[socks] installs)
    except ImportError:
        print("niquests cannot use a SOCKS proxy without python-socks", file=sys.stderr)
        sys.exit(89)

import niquests  # noqa: E402  (after the SOCKS check: it is the slow import)
from niquests.auth import HTTPBasicAuth, HTTPDigestAuth  # noqa: E402

# Names under .test: the manual resolver for them, the system's for every other name.
resolver = None
if material.hosts:
    names = urllib.parse.urlencode([("hosts", f"{host.name}:{host.address}") for host in material.hosts])
    resolver = [f"in-memory://default?{names}", "system://default"]

session = niquests.Session(resolver=resolver)
session.trust_env = False  # only what the scenario gives
verify = material.ca_file if material.ca_file is not None else True
if material.identity:
    session.cert = (material.identity.certificate, material.identity.key)
if material.token is not None:
    session.headers["Authorization"] = "Bearer " + material.token
for name, value in material.headers:
    session.headers[name] = value
if material.proxy:
    # http://, https:// for an HTTPS proxy (verified with the same CA file), or socks5:// and
    # socks5h:// (python-socks).
    scheme, _, proxy = material.proxy.url.partition("://")
    if material.proxy.account:
        account = material.proxy.account
        user, password = (urllib.parse.quote(text, safe="") for text in (account.username, account.password))
        proxy = f"{user}:{password}@{proxy}"
    if material.proxy.bypass:
        # niquests applies NO_PROXY only to proxies it reads from the environment (trust_env).
        session.trust_env = True
        os.environ.update(http_proxy=f"{scheme}://{proxy}", https_proxy=f"{scheme}://{proxy}",
                          no_proxy=",".join(material.proxy.bypass))
    else:
        session.proxies = {"http": f"{scheme}://{proxy}", "https": f"{scheme}://{proxy}"}

OFFERED = material.offered_schemes()


def authenticator(credentials):
    """The auth object of the server's scheme: Digest where it offers Digest, else Basic."""
    if any(scheme.startswith("digest-") for scheme in OFFERED):
        return HTTPDigestAuth(*credentials)
    return HTTPBasicAuth(*credentials)


method = material.method or "GET"
body = material.body()

# One auth object per account, given with each of that account's requests.
auths = {}
status = 0
for position, url in enumerate(material.urls, start=1):
    # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
    if position > 1 and material.pause_seconds:
        time.sleep(material.pause_seconds)
    own = material.account(position)
    # (user, password), as authenticator takes it.
    credentials = (own.username, own.password) if own else None
    if credentials and credentials not in auths:
        auths[credentials] = authenticator(credentials)
    try:
        response = session.request(method, url, data=body, auth=auths.get(credentials), verify=verify, timeout=20)
        print(url, response.status_code, response.http_version)
        status |= 0 if 200 <= response.status_code < 300 else 1
    except Exception as error:  # refused handshakes and proxy errors are the client's answer
        print(url, type(error).__name__, error, file=sys.stderr)
        status = 1
sys.exit(status)
