#!/usr/bin/env python3
"""Reference adapter: Python's standard urllib.request with its auth, proxy and cookie handlers.

- Trust and identity: an `ssl.create_default_context(cafile=MOCKAUTH_CA_FILE)` with the identity's
  `load_cert_chain`, given to `HTTPSHandler(context=...)`.
- Credentials: `HTTPDigestAuthHandler` and `HTTPBasicAuthHandler` over one
  `HTTPPasswordMgrWithDefaultRealm` (urllib answers the server's challenge); the proxy's with
  `ProxyDigestAuthHandler` and `ProxyBasicAuthHandler`, through `ProxyHandler`.
- Cookies: `HTTPCookieProcessor` with an `http.cookiejar.CookieJar` (urllib keeps none without it),
  shared by the run's URLs, as a user keeping a session adds it.
- Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve, the address only).
- What the scenario gives: read through mockauth_material.
What urllib lacks (NTLM, Negotiate, pinning, TLS to a proxy, SOCKS, HSTS, Digest other than MD5 and
SHA-1) is Conformance/clients.yaml's to say: the adapter is not run there.
Exit 0 if every URL answered 2xx, 1 otherwise.
"""
import http.cookiejar
import os
import ssl
import sys
import urllib.error
import urllib.request

import mockauth_material
import mockauth_resolve

material = mockauth_material.read()

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install(material.hosts)

context = ssl.create_default_context(cafile=material.ca_file)
if material.identity:
    context.load_cert_chain(material.identity.certificate, material.identity.key)

# One cookie jar for the run's URLs, as a user keeping a session adds it (urllib keeps none without).
handlers = [urllib.request.HTTPSHandler(context=context), urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())]
if material.credentials:
    passwords = urllib.request.HTTPPasswordMgrWithDefaultRealm()
    for url in material.urls:
        passwords.add_password(None, url, material.credentials.username, material.credentials.password)
    handlers += [urllib.request.HTTPDigestAuthHandler(passwords), urllib.request.HTTPBasicAuthHandler(passwords)]
if material.proxy:
    # The hosts to reach without it: ProxyHandler's documentation names the no_proxy environment
    # variable, which it reads for every request (proxy_bypass).
    if material.proxy.bypass:
        os.environ["no_proxy"] = ",".join(material.proxy.bypass)
    handlers.append(urllib.request.ProxyHandler({"http": material.proxy.url, "https": material.proxy.url}))
    if material.proxy.account:
        proxy_passwords = urllib.request.HTTPPasswordMgrWithDefaultRealm()
        proxy_passwords.add_password(None, material.proxy.url, material.proxy.account.username, material.proxy.account.password)
        handlers += [urllib.request.ProxyDigestAuthHandler(proxy_passwords), urllib.request.ProxyBasicAuthHandler(proxy_passwords)]
else:
    handlers.append(urllib.request.ProxyHandler({}))
opener = urllib.request.build_opener(*handlers)

method = material.method or "GET"
body = material.body()

status = 0
for url in material.urls:
    request = urllib.request.Request(url, data=body, method=method)
    if material.token is not None:
        request.add_header("Authorization", "Bearer " + material.token)
    for name, value in material.headers:
        request.add_header(name, value)
    try:
        with opener.open(request, timeout=20) as response:
            print(url, response.status)
            status |= 0 if 200 <= response.status < 300 else 1
    except urllib.error.HTTPError as error:
        print(url, error.code, file=sys.stderr)
        status = 1
    except Exception as error:
        print(url, error, file=sys.stderr)
        status = 1
sys.exit(status)
