#!/usr/bin/env python3
"""Reference adapter: Python's standard urllib.request with its auth and proxy handlers.

Exit 0 if every URL answered 2xx, 89 for what urllib cannot do (NTLM, Negotiate, pinning, TLS to
an HTTPS proxy, SOCKS proxies, cookies: it is run without an HTTPCookieProcessor, as urllib is
by default, and HSTS, which it does not keep), 1 otherwise.
"""
import os
import ssl
import sys
import urllib.error
import urllib.request

import mockauth_resolve

env = os.environ
if "MOCKAUTH_PIN_SHA256" in env:
    print("urllib cannot pin public keys", file=sys.stderr)
    sys.exit(89)
if "cookies" in env.get("MOCKAUTH_FEATURES", "").split():
    print("urllib keeps no cookies without a cookie jar (HTTPCookieProcessor)", file=sys.stderr)
    sys.exit(89)
if "hsts" in env.get("MOCKAUTH_FEATURES", "").split():
    # Nothing in urllib reads Strict-Transport-Security: an http:// URL is fetched as given.
    print("urllib keeps no HSTS policy (hsts)", file=sys.stderr)
    sys.exit(89)
if env.get("MOCKAUTH_DOMAIN"):
    print("urllib speaks neither NTLM nor Negotiate", file=sys.stderr)
    sys.exit(89)
if "https-proxy" in env.get("MOCKAUTH_FEATURES", "").split():
    # http.client opens a CONNECT tunnel over plain TCP to the proxy: no TLS to the proxy itself.
    print("urllib cannot speak TLS to an HTTPS proxy (https-proxy)", file=sys.stderr)
    sys.exit(89)
if "socks" in env.get("MOCKAUTH_FEATURES", "").split():
    # ProxyHandler knows http:// and https:// proxies only.
    print("urllib cannot use a SOCKS proxy (socks)", file=sys.stderr)
    sys.exit(89)

# Names under .test: resolved as MOCKAUTH_RESOLVE says (the address only; names are the client's).
mockauth_resolve.install()

context = ssl.create_default_context(cafile=env.get("MOCKAUTH_CA_FILE"))
if "MOCKAUTH_CA_FILE" not in env:
    context = ssl.create_default_context()
if "MOCKAUTH_CLIENT_CERT" in env:
    context.load_cert_chain(env["MOCKAUTH_CLIENT_CERT"], env["MOCKAUTH_CLIENT_KEY"])

handlers = [urllib.request.HTTPSHandler(context=context)]
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
