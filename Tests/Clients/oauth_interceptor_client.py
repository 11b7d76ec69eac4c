#!/usr/bin/env python3
"""A hand-written OAuth 2.0 interceptor around a requests Session, as apps write one: it sends
MOCKAUTH_TOKEN as a bearer token to each of MOCKAUTH_URLS, and when a resource server answers 401
with error="invalid_token" it refreshes once at MOCKAUTH_TOKEN_URL (grant_type=refresh_token, the
client authenticated with HTTP Basic, RFC 6749 section 6) and retries the request once with the
new access token. A refused refresh is reported, not retried; a 403 (insufficient_scope) is
reported as it is; redirects are requests' own, which drop Authorization on another host. Given
no token endpoint (the controls), it sends the token and never refreshes.

Told to send its requests at once (MOCKAUTH_CONCURRENT=1), it sends each URL from a thread of its
own, all sharing the session and the token. Requests that meet the same expired token together
refresh it once: the refresh is behind a lock, and a request that gets the lock after another has
replaced the token it was sent with retries with the new one instead of refreshing again.
--sequential ignores MOCKAUTH_CONCURRENT and sends one request after another's answer.

--defect makes it one of the interceptors that go wrong:
  refresh-loop            refreshes and retries on every 401, a refused refresh included (bounded at 20)
  refresh-token-as-bearer retries the request with the refresh token as its bearer token
  refresh-on-403          treats 403 like 401: refreshes and retries
  token-on-redirect       follows redirects by hand and adds the token to every hop
  refresh-per-request     refreshes for each request that met invalid_token, without the lock or a
                          look at whether another request already did (N refreshes for N requests
                          sent together)
"""
import argparse
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urljoin

import requests

LOOP_BOUND = 20


class Interceptor:
    def __init__(self, defect):
        self.defect = defect
        self.session = requests.Session()
        # Per request, not session.verify: requests prefers REQUESTS_CA_BUNDLE to a session's own.
        self.verify = os.environ["MOCKAUTH_CA_FILE"]
        self.access_token = os.environ["MOCKAUTH_TOKEN"]
        # A scenario without a token endpoint (the controls, `bearer`) gives a token alone.
        self.refresh_token = os.environ.get("MOCKAUTH_REFRESH_TOKEN")
        self.token_url = os.environ.get("MOCKAUTH_TOKEN_URL")
        self.client = (os.environ.get("MOCKAUTH_CLIENT_ID"), os.environ.get("MOCKAUTH_CLIENT_SECRET"))
        # Around the refresh: requests sent together that meet one expired token refresh it once.
        self.lock = threading.Lock()
        # The token endpoint refused the refresh token: no request asks it again.
        self.refused = False

    def refresh(self):
        """One refresh; True when it gave a new access token."""
        if not self.token_url:
            return False
        response = self.session.post(
            self.token_url, auth=self.client, timeout=10, verify=self.verify,
            data={"grant_type": "refresh_token", "refresh_token": self.refresh_token})
        if response.status_code != 200:
            print("refresh refused:", response.status_code, response.json().get("error"), file=sys.stderr)
            return False
        self.access_token = response.json()["access_token"]
        return True

    def refresh_after(self, stale):
        """A new access token for a request sent with `stale`, which met invalid_token: the first
        request to get the lock refreshes; one that gets it after the token was replaced uses the
        new one. True when there is a token to retry with."""
        with self.lock:
            if self.access_token != stale:
                return True
            if self.refused:
                return False
            refreshed = self.refresh()
            self.refused = not refreshed
            return refreshed

    def send(self, url, token=None):
        headers = {"Authorization": f"Bearer {token or self.access_token}"}
        if self.defect != "token-on-redirect":
            return self.session.get(url, headers=headers, timeout=10, verify=self.verify)
        for _ in range(LOOP_BOUND):
            response = self.session.get(url, headers=headers, timeout=10, verify=self.verify, allow_redirects=False)
            if not response.is_redirect:
                return response
            url = urljoin(url, response.headers["Location"])
        return response

    def get(self, url):
        token = self.access_token
        response = self.send(url, token=token)
        refresh_statuses = (401, 403) if self.defect == "refresh-on-403" else (401,)
        if response.status_code not in refresh_statuses:
            return response
        if self.defect == "refresh-token-as-bearer" and self.refresh_token:
            return self.send(url, token=self.refresh_token)
        if self.defect in ("refresh-loop", "refresh-on-403"):
            for _ in range(LOOP_BOUND):
                self.refresh()
                response = self.send(url)
                if response.status_code not in refresh_statuses:
                    break
            return response
        if "invalid_token" not in response.headers.get("WWW-Authenticate", ""):
            return response
        refreshed = self.refresh() if self.defect == "refresh-per-request" else self.refresh_after(token)
        if not refreshed:
            return response
        return self.send(url)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--defect",
        choices=["refresh-loop", "refresh-token-as-bearer", "refresh-on-403", "token-on-redirect",
                 "refresh-per-request"])
    parser.add_argument("--sequential", action="store_true", help="one request after another, whatever MOCKAUTH_CONCURRENT says")
    options = parser.parse_args()
    interceptor = Interceptor(options.defect)
    urls = os.environ["MOCKAUTH_URLS"].split()
    if os.environ.get("MOCKAUTH_CONCURRENT") == "1" and not options.sequential:
        with ThreadPoolExecutor(max_workers=len(urls)) as pool:
            responses = list(pool.map(interceptor.get, urls))
    else:
        responses = [interceptor.get(url) for url in urls]
    ok = True
    for url, response in zip(urls, responses):
        print(url, response.status_code)
        ok = ok and response.status_code == 200
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
