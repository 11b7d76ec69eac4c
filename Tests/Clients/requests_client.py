#!/usr/bin/env python3
"""A reference client on Python requests (+ requests-ntlm) for MockAuth scenarios.

Reads the MOCKAUTH_* environment, fetches every URL of MOCKAUTH_URLS in one session and exits 0
if every answer was 2xx. Usage: requests_client.py [--auth basic|digest|ntlm|none] [--proxy]
[--pause SECONDS] (by default the MOCKAUTH_PAUSE_SECONDS the scenario gives, as a client
following the contract does)
"""
import argparse
import os
import sys
import time

import requests
from requests.auth import HTTPBasicAuth, HTTPDigestAuth


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--auth", choices=["basic", "digest", "ntlm", "none"], default="none")
    parser.add_argument("--proxy", action="store_true", help="use MOCKAUTH_PROXY_URL with its credentials")
    parser.add_argument(
        "--pause",
        type=float,
        default=float(os.environ.get("MOCKAUTH_PAUSE_SECONDS", "0")),
        help="seconds to wait between URLs (default: MOCKAUTH_PAUSE_SECONDS, else none)",
    )
    options = parser.parse_args()

    env = os.environ
    session = requests.Session()
    # Only what the scenario gives: no CA bundle or proxy from the environment.
    session.trust_env = False
    verify = env.get("MOCKAUTH_CA_FILE", True)
    user, password = env.get("MOCKAUTH_USERNAME", ""), env.get("MOCKAUTH_PASSWORD", "")
    if options.auth == "basic":
        session.auth = HTTPBasicAuth(user, password)
    elif options.auth == "digest":
        session.auth = HTTPDigestAuth(user, password)
    elif options.auth == "ntlm":
        from requests_ntlm import HttpNtlmAuth

        domain = env.get("MOCKAUTH_DOMAIN")
        session.auth = HttpNtlmAuth(f"{domain}\\{user}" if domain else user, password)
    if options.proxy:
        proxy = env["MOCKAUTH_PROXY_URL"].replace("http://", "")
        if "MOCKAUTH_PROXY_USERNAME" in env:
            proxy = f"{env['MOCKAUTH_PROXY_USERNAME']}:{env['MOCKAUTH_PROXY_PASSWORD']}@{proxy}"
        session.proxies = {"http": f"http://{proxy}", "https": f"http://{proxy}"}

    ok = True
    for index, url in enumerate(env["MOCKAUTH_URLS"].split()):
        if index and options.pause:
            time.sleep(options.pause)
        try:
            response = session.get(url, verify=verify, timeout=10)
        except Exception as error:  # a refused handshake, a proxy error …
            print(f"{url}: {error}", file=sys.stderr)
            ok = False
            continue
        print(f"{url}: {response.status_code}")
        ok = ok and 200 <= response.status_code < 300
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
