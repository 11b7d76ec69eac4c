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
  MOCKAUTH_HEADERS are the client's headers; given a token endpoint (MOCKAUTH_TOKEN_URL), the token
  goes through the refreshing `httpx.Auth` of httpx's documentation instead (RefreshingBearerAuth:
  a 401 yields one refresh request, then the request again with the new token).
- Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve, the address only).
- One Client for the run's URLs: one cookie jar, one connection pool.
- What the scenario gives: read through mockauth_material.
What httpx lacks (pinning; NTLM and Negotiate; SHA-512-256 Digest; HSTS) is Conformance/clients.yaml's
to say: the adapter is not run there. Exit 0 if every URL answered 2xx, 1 otherwise.
"""
import collections
import ssl
import sys
import time

import httpx

import mockauth_material
import mockauth_resolve

material = mockauth_material.read()

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install(material.hosts)

context = ssl.create_default_context(cafile=material.ca_file)
if material.identity:
    context.load_cert_chain(material.identity.certificate, material.identity.key)

proxy = None
if material.proxy:
    scheme, _, rest = material.proxy.url.partition("://")
    auth = None
    if material.proxy.account:
        auth = (material.proxy.account.username, material.proxy.account.password)
    proxy = httpx.Proxy(f"{scheme}://{rest}", auth=auth, ssl_context=context if scheme == "https" else None)


# The token endpoint and what the client holds for it (MOCKAUTH_TOKEN_URL, _CLIENT_ID, _SECRET, MOCKAUTH_REFRESH_TOKEN).
TokenEndpoint = collections.namedtuple("TokenEndpoint", "url client_id client_secret refresh_token")


class RefreshingBearerAuth(httpx.Auth):
    """httpx's documented custom scheme that refreshes a token
    (https://www.python-httpx.org/advanced/authentication/#custom-authentication-schemes): the
    access token on each request; on a 401, one refresh at the token endpoint (grant_type=
    refresh_token, RFC 6749 section 6, the client authenticated with HTTP Basic), then the request
    again, only when the refresh gave a token."""

    requires_response_body = True

    def __init__(self, endpoint, access_token):
        self.endpoint = endpoint
        self.access_token = access_token

    def auth_flow(self, request):
        request.headers["Authorization"] = "Bearer " + self.access_token
        response = yield request
        if response.status_code == 401:
            refresh = httpx.Request(
                "POST", self.endpoint.url,
                data={"grant_type": "refresh_token", "refresh_token": self.endpoint.refresh_token})
            refresh.headers["Authorization"] = httpx.BasicAuth(
                self.endpoint.client_id, self.endpoint.client_secret)._auth_header
            refreshed = yield refresh
            if refreshed.status_code == 200:
                self.access_token = refreshed.json()["access_token"]
                request.headers["Authorization"] = "Bearer " + self.access_token
                yield request


headers = {}
oauth = None
if material.token is not None and material.token_url is not None:
    oauth = RefreshingBearerAuth(
        TokenEndpoint(material.token_url, material.client_id, material.client_secret, material.refresh_token),
        material.token)
elif material.token is not None:
    headers["Authorization"] = "Bearer " + material.token
for name, value in material.headers:
    headers[name] = value

# The hosts to reach without the proxy (MOCKAUTH_NO_PROXY): a mount of None for each, httpx's
# documented routing (what it makes of NO_PROXY itself): requests there use the client's own transport.
mounts = {f"all://{name}": None for name in (material.proxy.bypass if material.proxy else [])}

client = httpx.Client(verify=context, http2=True, proxy=proxy, mounts=mounts, headers=headers,
                      follow_redirects=True, trust_env=False, auth=oauth)

OFFERED = material.offered_schemes()


def authenticator(credentials):
    """The auth object of the server's scheme: Digest where it offers Digest, else Basic."""
    if any(scheme.startswith("digest-") for scheme in OFFERED):
        return httpx.DigestAuth(*credentials)
    return httpx.BasicAuth(*credentials)


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
        response = client.request(method, url, content=body, auth=auths.get(credentials, httpx.USE_CLIENT_DEFAULT))
        print(url, response.status_code, response.http_version)
        status |= 0 if 200 <= response.status_code < 300 else 1
    except Exception as error:  # refused handshakes and proxy errors are the client's answer
        print(url, type(error).__name__, error, file=sys.stderr)
        status = 1
sys.exit(status)
