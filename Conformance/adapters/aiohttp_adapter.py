#!/usr/bin/env python3
"""Reference adapter: Python aiohttp's ClientSession, as its documentation has a user set it up.

- Trust: `ssl=ssl.create_default_context(cafile=MOCKAUTH_CA_FILE)` on the TCPConnector (the CA file
  alone); the identity with the context's `load_cert_chain`. `trust_env` stays off (the default).
- Redirects (up to 10), the cookie jar (`CookieJar()`, aiohttp's default: it ignores cookies from
  hosts that are IP addresses unless told `unsafe=True`) and the connection pool: the session's
  defaults, one session for the run's URLs.
- Credentials: with every request of the account, what the scheme the scenario's server is set up
  with takes, as a user configures aiohttp for the server they call (aiohttp picks no scheme
  itself): where it offers Digest, `aiohttp.DigestAuthMiddleware` (aiohttp 3.12's Digest, which
  answers the challenge), one per account and origin (its documentation: one per origin); else an
  `Authorization` header from `aiohttp.encode_basic_auth(user, password)` (UTF-8), which aiohttp
  3.14 names instead of the deprecated `auth=BasicAuth(...)` (latin-1): sent with the first request.
  The proxy: `proxy=` with `proxy_auth=BasicAuth(...)`, sent with the first request to the proxy.
  3.14 deprecates it too, for `proxy_headers={"Proxy-Authorization": ...}`, but aiohttp sends
  `proxy_headers` with a CONNECT only, never with a plain-HTTP request forwarded by the proxy, so
  that replacement cannot pass proxy-basic. An https:// proxy is verified with the same context.
  The token and MOCKAUTH_HEADERS are the session's headers.
- Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve: aiohttp's default
  ThreadedResolver asks socket.getaddrinfo; the address only).
- What the scenario gives: read through mockauth_material.
What aiohttp lacks (pinning a public key: its `Fingerprint` pins a whole certificate; SOCKS; NTLM,
Negotiate; SHA-512-256 Digest; HSTS) is Conformance/clients.yaml's to say: the adapter is not run
there. Exit 0 if every URL answered 2xx, 1 otherwise.
"""
import asyncio
import os
import ssl
import sys
import warnings
from urllib.parse import quote

import aiohttp
from yarl import URL

import mockauth_material
import mockauth_resolve

material = mockauth_material.read()

# proxy_auth and BasicAuth (above) are deprecated in aiohttp 3.14; the warning says nothing here.
warnings.filterwarnings("ignore", category=DeprecationWarning)

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install(material.hosts)

OFFERED = material.offered_schemes()


def authenticator(credentials):
    """Keyword arguments of a request for this account: Digest through the middleware where the
    server offers Digest, else Basic."""
    if any(scheme.startswith("digest-") for scheme in OFFERED):
        return {"middlewares": (aiohttp.DigestAuthMiddleware(*credentials),)}
    return {"headers": {"Authorization": aiohttp.encode_basic_auth(*credentials)}}


async def main() -> int:
    context = ssl.create_default_context(cafile=material.ca_file)
    if material.identity:
        context.load_cert_chain(material.identity.certificate, material.identity.key)
    headers = {}
    if material.token is not None:
        headers["Authorization"] = "Bearer " + material.token
    for name, value in material.headers:
        headers[name] = value
    proxy = {}
    trust_env = False
    if material.proxy and material.proxy.bypass:
        # aiohttp applies NO_PROXY only to the proxies it reads from the environment (trust_env),
        # the one way its documentation gives to exempt hosts; the account goes in the proxy URL.
        trust_env = True
        scheme, _, rest = material.proxy.url.partition("://")
        if material.proxy.account:
            account = material.proxy.account
            rest = f"{quote(account.username, safe='')}:{quote(account.password, safe='')}@{rest}"
        os.environ.update(http_proxy=f"{scheme}://{rest}", https_proxy=f"{scheme}://{rest}",
                          no_proxy=",".join(material.proxy.bypass))
    elif material.proxy:
        proxy["proxy"] = material.proxy.url
        if material.proxy.account:
            proxy["proxy_auth"] = aiohttp.BasicAuth(material.proxy.account.username, material.proxy.account.password)
    method = material.method or "GET"
    body = material.body()

    # Auth per account and origin: DigestAuthMiddleware answers only the origin of its first
    # request (its documentation: one middleware per origin), and a header goes where it is given.
    auths = {}
    status = 0
    async with aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(ssl=context), headers=headers, trust_env=trust_env
    ) as session:
        for position, url in enumerate(material.urls, start=1):
            # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
            if position > 1 and material.pause_seconds:
                await asyncio.sleep(material.pause_seconds)
            own = material.account(position)
            # (user, password), as authenticator takes it.
            credentials = (own.username, own.password) if own else None
            key = (credentials, str(URL(url).origin()))
            if credentials and key not in auths:
                auths[key] = authenticator(credentials)
            try:
                async with session.request(method, url, data=body, **proxy, **auths.get(key, {})) as response:
                    await response.read()
                    code = response.status
                print(url, code)
                status |= 0 if 200 <= code < 300 else 1
            except Exception as error:  # refused handshakes and proxy errors are the client's answer
                print(url, type(error).__name__, error, file=sys.stderr)
                status = 1
    return status


sys.exit(asyncio.run(main()))
