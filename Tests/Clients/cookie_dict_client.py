#!/usr/bin/env python3
"""A cookie client written as much hand-rolled client code is (standard library only): it makes
each of MOCKAUTH_URLS in turn with http.client, keeps every Set-Cookie it gets in a dict keyed by
the cookie's name alone (the name=value before the first `;`, the attributes thrown away), and
sends the whole dict with every later request, whatever its host or scheme. It passes
cookie-returned; it sends a Secure cookie over plain HTTP (cookie-secure-over-http), a host-only
cookie to another host (cookie-host-only), a Domain=test cookie to another site
(cookie-public-suffix-domain), a cookie scoped to /account to /admin (cookie-path-scoped), and a
deleted cookie (Max-Age=0) with its empty value (cookie-deleted).
"""
import http.client
import os
import ssl
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Conformance", "adapters"))
import mockauth_resolve  # noqa: E402  (names under .test, as MOCKAUTH_RESOLVE says)


def main() -> int:
    env = os.environ
    mockauth_resolve.install()
    context = ssl.create_default_context(cafile=env.get("MOCKAUTH_CA_FILE"))
    jar = {}
    status = 0
    for url in env["MOCKAUTH_URLS"].split():
        parts = urllib.parse.urlsplit(url)
        if parts.scheme == "https":
            connection = http.client.HTTPSConnection(parts.hostname, parts.port, context=context, timeout=10)
        else:
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        headers = {"Cookie": "; ".join(f"{name}={value}" for name, value in jar.items())} if jar else {}
        connection.request("GET", parts.path or "/", headers=headers)
        response = connection.getresponse()
        response.read()
        for field in response.headers.get_all("Set-Cookie") or []:
            name, _, value = field.split(";", 1)[0].partition("=")
            jar[name.strip()] = value.strip()
        print(url, response.status)
        status |= 0 if 200 <= response.status < 300 else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
