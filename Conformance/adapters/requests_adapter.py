#!/usr/bin/env python3
"""Reference adapter: Python requests with requests-ntlm (the NTLM plugin requests' documentation
names) and requests-gssapi (a Kerberos plugin on python-gssapi), as its documentation has an application use them.

- One Session for the run's URLs (its cookie jar and connection pool); `trust_env = False`: only
  what the scenario gives. Trust: `verify=MOCKAUTH_CA_FILE`; identity: `session.cert`; the token and
  MOCKAUTH_HEADERS are the session's headers. Given a token endpoint (MOCKAUTH_TOKEN_URL), the
  Session is requests-oauthlib's OAuth2Session with automatic refresh, as its documentation sets it
  up (the token with expires_in 3600, auto_refresh_url, the client id and secret in
  auto_refresh_kwargs, a token_updater), which adds the token itself.
- Credentials: `auth=` on every request of the account, with the auth object of the scheme the
  scenario's server is set up with, as a user configures requests for the server they call
  (requests picks no scheme itself): `HttpNtlmAuth('DOMAIN\\user', password)` where it offers NTLM
  or Negotiate (with a Kerberos realm given, requests-gssapi's `HTTPSPNEGOAuth()` for Negotiate
  instead), else `HTTPDigestAuth` where it offers Digest, else `HTTPBasicAuth` (what
  `auth=(user, password)` means). Digest and NTLM answer the server's challenge; Basic goes with
  the first request, as requests sends it.
- Proxy: the proxy URL with its credentials (`scheme://user:password@host:port`, requests'
  documented way, which sends them as Basic); with hosts to reach without it (MOCKAUTH_NO_PROXY),
  the proxy and NO_PROXY go in the environment and `trust_env` is left on, the one way requests'
  documentation gives to exempt hosts (an explicit `proxies` mapping applies to every host); https:// proxies (urllib3 verifies them with the same
  CA file) and socks5:// / socks5h:// (PySocks, requests[socks]).
- Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve, the address only).
- Told to send the requests at once (MOCKAUTH_CONCURRENT), it sends each URL from a thread of its
  own, all through the one Session (requests has no concurrency of its own to configure; threads
  over one Session are how an application sends at once).
- What the scenario gives: read through mockauth_material.
Exit 0 if every URL answered 2xx, 89 when the scenario needs SOCKS and PySocks is not installed, or
Kerberos and requests-gssapi is not
(found only at run time), 1 otherwise.
"""
import os
import sys

import mockauth_material
import mockauth_resolve
import requests
from requests.auth import HTTPBasicAuth, HTTPDigestAuth

material = mockauth_material.read()
if "socks" in material.features:
    try:
        import socks  # noqa: F401  (PySocks: what requests[socks] installs)
    except ImportError:
        print("requests cannot use a SOCKS proxy without PySocks (socks)", file=sys.stderr)
        sys.exit(89)

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install(material.hosts)

if material.token_url is not None:
    from requests_oauthlib import OAuth2Session

    # https://requests-oauthlib.readthedocs.io/en/latest/oauth2_workflow.html#third-recommended-define-automatic-token-refresh-and-update
    saved_tokens = []
    session = OAuth2Session(
        material.client_id,
        token={"access_token": material.token, "refresh_token": material.refresh_token, "token_type": "Bearer",
               "expires_in": 3600},
        auto_refresh_url=material.token_url,
        auto_refresh_kwargs={"client_id": material.client_id, "client_secret": material.client_secret},
        token_updater=saved_tokens.append)
else:
    session = requests.Session()
session.trust_env = False  # only what the scenario gives
verify = material.ca_file if material.ca_file is not None else True
if material.identity:
    session.cert = (material.identity.certificate, material.identity.key)
if material.token is not None and material.token_url is None:
    session.headers["Authorization"] = "Bearer " + material.token
for name, value in material.headers:
    session.headers[name] = value
if material.proxy:
    # http://, https:// for an HTTPS proxy (urllib3 2 verifies the proxy with the same CA file), or
    # socks5:// / socks5h:// (urllib3's SOCKSProxyManager, through PySocks).
    scheme, _, proxy = material.proxy.url.partition("://")
    if material.proxy.account:
        proxy = f"{material.proxy.account.username}:{material.proxy.account.password}@{proxy}"
    if material.proxy.bypass:
        # requests applies NO_PROXY only to proxies it reads from the environment (trust_env).
        session.trust_env = True
        os.environ.update(http_proxy=f"{scheme}://{proxy}", https_proxy=f"{scheme}://{proxy}",
                          no_proxy=",".join(material.proxy.bypass))
    else:
        session.proxies = {"http": f"{scheme}://{proxy}", "https": f"{scheme}://{proxy}"}

OFFERED = material.offered_schemes()


if material.krb5_config:
    # The run's Kerberos realm, as GSS-API reads it: its krb5.conf and the credential cache kinit left.
    os.environ["KRB5_CONFIG"] = material.krb5_config
    os.environ["KRB5CCNAME"] = "FILE:" + material.krb5_credential_cache
    try:
        import requests_gssapi  # noqa: F401  (built against MIT Kerberos: not everywhere)
    except ImportError:
        print("requests cannot answer Negotiate with Kerberos without requests-gssapi", file=sys.stderr)
        sys.exit(89)


def authenticator(credentials):
    """The auth object of the server's scheme (the strongest requests answers where it offers several)."""
    user, password, domain = credentials
    if material.krb5_config and "negotiate" in OFFERED:
        # Kerberos: requests-gssapi's HTTPSPNEGOAuth() as its README's first example has it, with
        # its defaults: mutual_authentication=DISABLED (the server's final token is not checked),
        # delegate=False; the credentials of the cache.
        from requests_gssapi import HTTPSPNEGOAuth

        return HTTPSPNEGOAuth()
    if OFFERED & {"ntlm", "negotiate"}:
        from requests_ntlm import HttpNtlmAuth

        return HttpNtlmAuth(f"{domain}\\{user}" if domain else user, password)
    if any(scheme.startswith("digest-") for scheme in OFFERED):
        return HTTPDigestAuth(user, password)
    return HTTPBasicAuth(user, password)


method = material.method or "GET"
body = material.body()

# One auth object per account, given with each of that account's requests.
auths = {}
for position in range(1, len(material.urls) + 1):
    # (user, password, domain), as authenticator takes it.
    credentials = material.account(position)
    if credentials and credentials not in auths:
        auths[credentials] = authenticator(credentials)


def fetch(position, url):
    """Requests the URL at 1-based `position`; 0 when it answered 2xx, else 1."""
    credentials = material.account(position)
    try:
        response = session.request(method, url, data=body, auth=auths.get(credentials), verify=verify, timeout=20)
        print(url, response.status_code)
        return 0 if 200 <= response.status_code < 300 else 1
    except Exception as error:  # refused handshakes and proxy errors are the client's answer
        print(url, error, file=sys.stderr)
        return 1


# All at once (a thread each, through the one Session) when told to, else in order.
sys.exit(material.each_url(fetch))
