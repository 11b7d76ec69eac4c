#!/usr/bin/env python3
"""Reference adapter: pycurl, libcurl through Python, as pycurl's documentation has a user set a
Curl handle up (setopt with libcurl's options). pycurl's wheel brings a libcurl of its own (with its
own OpenSSL and MIT Kerberos), another build than curl's and PHP's: pycurl.version names it.

- Trust: CAINFO = MOCKAUTH_CA_FILE (PROXY_CAINFO for an https:// proxy); pins: PINNEDPUBLICKEY
  (libcurl's own pinning, curl's sha256// form); identity: SSLCERT / SSLKEY.
- Credentials: HTTPAUTH = HTTPAUTH_ANY with USERPWD, so libcurl picks the strongest scheme the
  server offers once it challenges; the user name is DOMAIN\\user only where libcurl will answer
  Negotiate (this libcurl has no NTLM). Negotiate goes through GSS-API with the run's krb5.conf and
  credential cache as KRB5_CONFIG and KRB5CCNAME.
- Proxy: PROXY (the URL: libcurl reads the proxy's kind from its scheme, socks5h:// handing the name
  to the proxy), PROXYAUTH = HTTPAUTH_ANY with PROXYUSERPWD, NOPROXY for the hosts to reach without it.
- Redirects: FOLLOWLOCATION (UNRESTRICTED_AUTH left off, its default; libcurl's own limit of 30).
  Cookies: COOKIEFILE and COOKIEJAR on one file; HSTS: HSTS with HSTS_CTRL = CURLHSTS_ENABLE.
  HTTP/2: libcurl's default, CURL_HTTP_VERSION_2TLS.
- One handle for the run's URLs, as a program reuses one: one connection cache, cookie engine and
  HSTS cache. Where a URL has an account of its own (MOCKAUTH_USERNAME_<n>), its USERPWD is set on
  that handle before the request.
- Names under .test: RESOLVE, MOCKAUTH_RESOLVE's entries as they are given.
- What the scenario gives: read through mockauth_material.
What this libcurl lacks (NTLM, left out of its build; a refreshing OAuth client) is
Conformance/clients.yaml's to say: the adapter is not run there. Exit 0 if every URL answered 2xx,
1 otherwise.
"""
import io
import os
import sys
import tempfile
import time

import pycurl

import mockauth_material

material = mockauth_material.read()

# DOMAIN\user only where libcurl answers Negotiate (it would answer NTLM too, but this build has none).
WINDOWS_DOMAIN = "negotiate" in material.offered_schemes()


def userpwd(account):
    """USER:PASSWORD in UTF-8 (pycurl takes other text than ASCII as bytes only), the user as
    DOMAIN\\user where libcurl answers Negotiate."""
    user = f"{account.domain}\\{account.username}" if WINDOWS_DOMAIN and account.domain else account.username
    return f"{user}:{account.password}".encode("utf-8")


work = tempfile.TemporaryDirectory()
handle = pycurl.Curl()
headers = []
if material.token is not None:
    headers.append("Authorization: Bearer " + material.token)
headers += [f"{name}: {value}" for name, value in material.headers]
handle.setopt(pycurl.HTTPHEADER, [header.encode("utf-8") for header in headers])
handle.setopt(pycurl.TIMEOUT, 20)
handle.setopt(pycurl.FOLLOWLOCATION, True)
# One cookie jar for the run's requests: read from and written to one file.
handle.setopt(pycurl.COOKIEFILE, os.path.join(work.name, "cookies"))
handle.setopt(pycurl.COOKIEJAR, os.path.join(work.name, "cookies"))
# The HSTS cache (RFC 6797): a policy a host sent over HTTPS upgrades a later http:// URL for it.
handle.setopt(pycurl.HSTS, os.path.join(work.name, "hsts"))
handle.setopt(pycurl.HSTS_CTRL, pycurl.CURLHSTS_ENABLE)
# Names under .test, in curl's --resolve form (an IPv6 address in brackets).
handle.setopt(pycurl.RESOLVE, [
    f"{host.name}:{host.port}:{f'[{host.address}]' if ':' in host.address else host.address}"
    for host in material.hosts])
if material.ca_file is not None:
    handle.setopt(pycurl.CAINFO, material.ca_file)
if material.pin_sha256 is not None:
    handle.setopt(pycurl.PINNEDPUBLICKEY, material.pin_sha256)
if material.identity:
    handle.setopt(pycurl.SSLCERT, material.identity.certificate)
    handle.setopt(pycurl.SSLKEY, material.identity.key)
if material.proxy:
    handle.setopt(pycurl.PROXY, material.proxy.url)
    if material.proxy.url.lower().startswith("https://") and material.ca_file is not None:
        # An HTTPS proxy: its certificate is verified against the same CA file, and only it.
        handle.setopt(pycurl.PROXY_CAINFO, material.ca_file)
    if material.proxy.bypass:
        handle.setopt(pycurl.NOPROXY, ",".join(material.proxy.bypass))
    if material.proxy.account:
        handle.setopt(pycurl.PROXYAUTH, pycurl.HTTPAUTH_ANY)
        handle.setopt(pycurl.PROXYUSERPWD, userpwd(material.proxy.account))
if material.credentials or material.request_accounts:
    handle.setopt(pycurl.HTTPAUTH, pycurl.HTTPAUTH_ANY)
# A POST body goes as POSTFIELDS alone (libcurl then follows a 303 with GET, as RFC 9110 says);
# CUSTOMREQUEST would force the method onto every redirect, so only for other methods.
body = material.body()
method = material.method or ("POST" if body is not None else "GET")
if body is not None:
    handle.setopt(pycurl.POSTFIELDS, body)
if method not in ("GET", "POST"):
    handle.setopt(pycurl.CUSTOMREQUEST, method)
elif method == "POST" and body is None:
    handle.setopt(pycurl.POST, True)
if material.krb5_config:
    # The run's Kerberos realm, as GSS-API reads it: its krb5.conf and the credential cache kinit left.
    os.environ["KRB5_CONFIG"] = material.krb5_config
    os.environ["KRB5CCNAME"] = "FILE:" + material.krb5_credential_cache

status = 0
for position, url in enumerate(material.urls, start=1):
    # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
    if position > 1 and material.pause_seconds:
        time.sleep(material.pause_seconds)
    account = material.account(position)
    if account:
        handle.setopt(pycurl.USERPWD, userpwd(account))
    # pycurl takes a str of ASCII only; its documentation has an application pass other text as bytes
    # (https://pycurl.io/docs/latest/unicode.html): the URL in UTF-8, as libcurl reads it.
    handle.setopt(pycurl.URL, url.encode("utf-8"))
    handle.setopt(pycurl.WRITEDATA, io.BytesIO())
    try:
        handle.perform()
    except pycurl.error as error:  # refused handshakes and proxy errors are the client's answer
        print(url, error, file=sys.stderr)
        status = 1
        continue
    code = handle.getinfo(pycurl.RESPONSE_CODE)
    print(url, code)
    status |= 0 if 200 <= code < 300 else 1
# The cookie jar and the HSTS cache are written when the handle closes.
handle.close()
work.cleanup()
sys.exit(status)
