#!/usr/bin/env python3
"""Reference adapter: Python httpx (HTTP/2 through h2, SOCKS through socksio), as its documentation
has a user set up a Client.

- Trust: `verify=ssl.create_default_context(cafile=MOCKAUTH_CA_FILE)` (httpx 0.28's documented way;
  the CA file alone), the same context for an HTTPS proxy (`httpx.Proxy(url, ssl_context=...)`);
  the identity with the context's `load_cert_chain`. `trust_env=False`: only what the scenario gives.
- `http2=True` (the documentation's switch, with h2 installed): h2 where the server offers it by ALPN.
- Redirects: httpx follows none by default; its documentation turns them on with
  `follow_redirects=True`, which this adapter does, so httpx's own rules decide what a hop keeps.
- Credentials: `auth=` on every request of the account, with the auth object of the scheme the
  scenario's server is set up with, as a user configures httpx for the server they call (httpx
  picks no scheme itself): `httpx.DigestAuth` where it offers Digest (it answers the challenge),
  else `httpx.BasicAuth` (what `auth=(user, password)` means: sent with the first request). Proxy
  credentials in `httpx.Proxy(auth=...)` (httpx sends them as Basic). The token and
  MOCKAUTH_HEADERS are the client's headers.
- Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve, the address only).
- One Client for the run's URLs: one cookie jar, one connection pool.
What httpx lacks (pinning; NTLM and Negotiate; SHA-512-256 Digest; HSTS) is Conformance/clients.yaml's
to say: the adapter is not run there. Exit 0 if every URL answered 2xx, 1 otherwise.
"""
import os
import ssl
import sys
import time

import httpx

import mockauth_resolve
from mockauth_accounts import account, offered_schemes

env = os.environ

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install()

context = ssl.create_default_context(cafile=env.get("MOCKAUTH_CA_FILE"))
if "MOCKAUTH_CLIENT_CERT" in env:
    context.load_cert_chain(env["MOCKAUTH_CLIENT_CERT"], env["MOCKAUTH_CLIENT_KEY"])

proxy = None
if "MOCKAUTH_PROXY_URL" in env:
    scheme, _, rest = env["MOCKAUTH_PROXY_URL"].partition("://")
    auth = None
    if "MOCKAUTH_PROXY_USERNAME" in env:
        auth = (env["MOCKAUTH_PROXY_USERNAME"], env.get("MOCKAUTH_PROXY_PASSWORD", ""))
    proxy = httpx.Proxy(f"{scheme}://{rest}", auth=auth, ssl_context=context if scheme == "https" else None)

headers = {}
if "MOCKAUTH_TOKEN" in env:
    headers["Authorization"] = "Bearer " + env["MOCKAUTH_TOKEN"]
for line in env.get("MOCKAUTH_HEADERS", "").splitlines():
    name, _, value = line.partition(":")
    headers[name] = value.strip()

client = httpx.Client(verify=context, http2=True, proxy=proxy, headers=headers, follow_redirects=True,
                      trust_env=False)

OFFERED = offered_schemes()


def authenticator(credentials):
    """The auth object of the server's scheme: Digest where it offers Digest, else Basic."""
    if any(scheme.startswith("digest-") for scheme in OFFERED):
        return httpx.DigestAuth(*credentials)
    return httpx.BasicAuth(*credentials)


method = env.get("MOCKAUTH_METHOD", "GET")
body = open(env["MOCKAUTH_BODY_FILE"], "rb").read() if "MOCKAUTH_BODY_FILE" in env else None

# One auth object per account, given with each of that account's requests.
auths = {}
status = 0
for position, url in enumerate(env["MOCKAUTH_URLS"].split(), start=1):
    # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
    if position > 1 and env.get("MOCKAUTH_PAUSE_SECONDS"):
        time.sleep(int(env["MOCKAUTH_PAUSE_SECONDS"]))
    credentials = account(position)
    if credentials and credentials not in auths:
        auths[credentials] = authenticator(credentials)
    try:
        response = client.request(method, url, content=body, auth=auths.get(credentials, httpx.USE_CLIENT_DEFAULT))
        print(url, response.status_code, response.http_version)
        status |= 0 if 200 <= response.status_code < 300 else 1
    except Exception as error:  # refused handshakes and proxy errors are the client's answer
        print(url, type(error).__name__, error, file=sys.stderr)
        status = 1
sys.exit(status)
