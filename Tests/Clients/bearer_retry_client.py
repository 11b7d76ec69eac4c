#!/usr/bin/env python3
"""A requests client whose session retries failed responses with urllib3's Retry, a common
configuration (https://urllib3.readthedocs.io/en/stable/reference/urllib3.util.html), with 401 in
its status_forcelist: it sends MOCKAUTH_TOKEN as a bearer token and retries the 401 the server
answers a revoked token with, up to --retries times, instead of reporting it. Defective on purpose
(bearer-invalid-token); --retries 0 makes it the plain client that reports the 401.
"""
import argparse
import os
import sys

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--retries", type=int, default=5)
    options = parser.parse_args()
    session = requests.Session()
    retry = Retry(total=options.retries, status_forcelist=[401, 429, 500, 502, 503], backoff_factor=0,
                  raise_on_status=False)
    session.mount("https://", HTTPAdapter(max_retries=retry))
    session.headers["Authorization"] = f"Bearer {os.environ['MOCKAUTH_TOKEN']}"
    response = session.get(os.environ["MOCKAUTH_URL"], verify=os.environ["MOCKAUTH_CA_FILE"], timeout=10)
    print(response.status_code, response.headers.get("WWW-Authenticate", ""))
    return 0 if response.status_code == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
