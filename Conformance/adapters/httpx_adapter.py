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
- Told to send the requests at once (MOCKAUTH_CONCURRENT), it sends each URL from a thread of its
  own through the one Client; RefreshingBearerAuth refreshes behind a lock, in `sync_auth_flow` as
  httpx's Auth documents for a scheme that uses concurrency primitives, so requests that meet one
  expired token together refresh it once.
- Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve, the address only).
- One Client for the run's URLs: one cookie jar, one connection pool.
- What the scenario gives: read through mockauth_material.
What httpx lacks (pinning; NTLM and Negotiate; SHA-512-256 Digest; HSTS) is Conformance/clients.yaml's
to say: the adapter is not run there. Exit 0 if every URL answered 2xx, 1 otherwise.
"""
import collections
import ssl
import sys
import threading

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
    again, only when the refresh gave a token. The refresh is behind a lock, so the flow is
    sync_auth_flow, which httpx.Auth says to override for a scheme that uses concurrency
    primitives (httpx.Client calls it; auth_flow is for schemes without): a request that gets the
    lock after another has replaced the token it was sent with retries with the new one, and after
    a refused refresh no request asks again."""

    def __init__(self, endpoint, access_token):
        self.endpoint = endpoint
        self.access_token = access_token
        self.lock = threading.Lock()
        self.refused = False

    def sync_auth_flow(self, request):
        sent = self.access_token
        request.headers["Authorization"] = "Bearer " + sent
        response = yield request
        if response.status_code != 401:
            return
        with self.lock:
            if self.access_token == sent and not self.refused:
                refresh = httpx.Request(
                    "POST", self.endpoint.url,
                    data={"grant_type": "refresh_token", "refresh_token": self.endpoint.refresh_token})
                refresh.headers["Authorization"] = httpx.BasicAuth(
                    self.endpoint.client_id, self.endpoint.client_secret)._auth_header
                refreshed = yield refresh
                refreshed.read()
                if refreshed.status_code == 200:
                    self.access_token = refreshed.json()["access_token"]
                else:
                    self.refused = True
            token = self.access_token
        if token != sent:
            request.headers["Authorization"] = "Bearer " + token
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


def credentials_of(position):
    """(user, password) of the URL at 1-based `position`, as authenticator takes it; None without."""
    own = material.account(position)
    return (own.username, own.password) if own else None


for position in range(1, len(material.urls) + 1):
    credentials = credentials_of(position)
    if credentials and credentials not in auths:
        auths[credentials] = authenticator(credentials)


def fetch(position, url):
    """Requests the URL at 1-based `position`; 0 when it answered 2xx, else 1."""
    credentials = credentials_of(position)
    try:
        response = client.request(method, url, content=body, auth=auths.get(credentials, httpx.USE_CLIENT_DEFAULT))
        print(url, response.status_code, response.http_version)
        return 0 if 200 <= response.status_code < 300 else 1
    except Exception as error:  # refused handshakes and proxy errors are the client's answer
        print(url, type(error).__name__, error, file=sys.stderr)
        return 1


# All at once (a thread each, through the one Client) when told to, else in order.
sys.exit(material.each_url(fetch))
