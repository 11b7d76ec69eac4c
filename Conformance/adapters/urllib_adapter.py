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

import mockauth_resolve

env = os.environ

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install()

context = ssl.create_default_context(cafile=env.get("MOCKAUTH_CA_FILE"))
if "MOCKAUTH_CA_FILE" not in env:
    context = ssl.create_default_context()
if "MOCKAUTH_CLIENT_CERT" in env:
    context.load_cert_chain(env["MOCKAUTH_CLIENT_CERT"], env["MOCKAUTH_CLIENT_KEY"])

# One cookie jar for the run's URLs, as a user keeping a session adds it (urllib keeps none without).
handlers = [urllib.request.HTTPSHandler(context=context), urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())]
if "MOCKAUTH_USERNAME" in env:
    passwords = urllib.request.HTTPPasswordMgrWithDefaultRealm()
    for url in env["MOCKAUTH_URLS"].split():
        passwords.add_password(None, url, env["MOCKAUTH_USERNAME"], env.get("MOCKAUTH_PASSWORD", ""))
    handlers += [urllib.request.HTTPDigestAuthHandler(passwords), urllib.request.HTTPBasicAuthHandler(passwords)]
if "MOCKAUTH_PROXY_URL" in env:
    handlers.append(urllib.request.ProxyHandler({"http": env["MOCKAUTH_PROXY_URL"], "https": env["MOCKAUTH_PROXY_URL"]}))
    if "MOCKAUTH_PROXY_USERNAME" in env:
        proxy_passwords = urllib.request.HTTPPasswordMgrWithDefaultRealm()
        proxy_passwords.add_password(None, env["MOCKAUTH_PROXY_URL"], env["MOCKAUTH_PROXY_USERNAME"], env["MOCKAUTH_PROXY_PASSWORD"])
        handlers += [urllib.request.ProxyDigestAuthHandler(proxy_passwords), urllib.request.ProxyBasicAuthHandler(proxy_passwords)]
else:
    handlers.append(urllib.request.ProxyHandler({}))
opener = urllib.request.build_opener(*handlers)

method = env.get("MOCKAUTH_METHOD", "GET")
body = open(env["MOCKAUTH_BODY_FILE"], "rb").read() if "MOCKAUTH_BODY_FILE" in env else None

status = 0
for url in env["MOCKAUTH_URLS"].split():
    request = urllib.request.Request(url, data=body, method=method)
    if "MOCKAUTH_TOKEN" in env:
        request.add_header("Authorization", "Bearer " + env["MOCKAUTH_TOKEN"])
    for line in env.get("MOCKAUTH_HEADERS", "").splitlines():
        name, _, value = line.partition(":")
        request.add_header(name, value.strip())
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
