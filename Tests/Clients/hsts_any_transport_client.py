#!/usr/bin/env python3
"""An HSTS client written as much hand-rolled client code is (standard library only): it makes each
of MOCKAUTH_URLS in turn with http.client, notes every host that answers with
Strict-Transport-Security whatever the transport, and upgrades a later http:// URL for a noted host
to https:// on the same port. It upgrades as hsts-upgrade asks, but it also takes a field sent over
plain HTTP for the host's policy, which RFC 6797 section 8.1 forbids (hsts-not-over-http).
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
    noted = set()
    status = 0
    for url in env["MOCKAUTH_URLS"].split():
        parts = urllib.parse.urlsplit(url)
        secure = parts.scheme == "https" or parts.hostname in noted
        try:
            if secure:
                connection = http.client.HTTPSConnection(parts.hostname, parts.port, context=context, timeout=10)
            else:
                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
            connection.request("GET", parts.path or "/")
            response = connection.getresponse()
            response.read()
        except (OSError, http.client.HTTPException) as error:
            print(url, error, file=sys.stderr)
            status = 1
            continue
        if response.headers.get("Strict-Transport-Security"):
            noted.add(parts.hostname)
        print(url, "https" if secure else "http", response.status)
        status |= 0 if 200 <= response.status < 300 else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
