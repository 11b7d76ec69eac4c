#!/usr/bin/env python3
"""httpx with the refreshing authentication flow of its documentation ("Custom authentication
schemes", https://www.python-httpx.org/advanced/authentication/#custom-authentication-schemes): an
httpx.Auth whose auth_flow sends the access token and, on a 401, yields a refresh request to the
token endpoint (grant_type=refresh_token, RFC 6749 section 6), keeps the new token and yields the
request again. Unlike the documentation's sketch it resends only when the refresh gave a token,
and it authenticates as the client with HTTP Basic. Each of MOCKAUTH_URLS in turn; told to send
them at once (MOCKAUTH_CONCURRENT=1), all together from an httpx.AsyncClient with asyncio.gather,
the same auth_flow serving both (it does no I/O of its own, as the documentation asks). Nothing in
that flow makes requests that meet one expired token together share a refresh: each refreshes.
"""
import asyncio
import os
import sys

import httpx


class RefreshingBearerAuth(httpx.Auth):
    requires_response_body = True

    def __init__(self, access_token, refresh_token, token_url, client_id, client_secret):
        self.access_token = access_token
        self.refresh_token = refresh_token
        self.token_url = token_url
        self.client = httpx.BasicAuth(client_id, client_secret)

    def auth_flow(self, request):
        request.headers["Authorization"] = f"Bearer {self.access_token}"
        response = yield request
        if response.status_code == 401 and self.token_url:
            refresh = httpx.Request(
                "POST", self.token_url,
                data={"grant_type": "refresh_token", "refresh_token": self.refresh_token})
            refresh.headers["Authorization"] = self.client._auth_header
            refresh_response = yield refresh
            if refresh_response.status_code == 200:
                self.access_token = refresh_response.json()["access_token"]
                request.headers["Authorization"] = f"Bearer {self.access_token}"
                yield request


def main() -> int:
    # A scenario without a token endpoint (the controls, `bearer`) gives a token alone: never refreshed.
    auth = RefreshingBearerAuth(
        os.environ["MOCKAUTH_TOKEN"], os.environ.get("MOCKAUTH_REFRESH_TOKEN"), os.environ.get("MOCKAUTH_TOKEN_URL"),
        os.environ.get("MOCKAUTH_CLIENT_ID", ""), os.environ.get("MOCKAUTH_CLIENT_SECRET", ""))
    urls = os.environ["MOCKAUTH_URLS"].split()
    options = {"auth": auth, "verify": os.environ["MOCKAUTH_CA_FILE"], "follow_redirects": True, "timeout": 10}
    if os.environ.get("MOCKAUTH_CONCURRENT") == "1":
        responses = asyncio.run(fetch_together(urls, options))
    else:
        with httpx.Client(**options) as client:
            responses = [client.get(url) for url in urls]
    ok = True
    for url, response in zip(urls, responses):
        print(url, response.status_code)
        ok = ok and response.status_code == 200
    return 0 if ok else 1


async def fetch_together(urls, options):
    async with httpx.AsyncClient(**options) as client:
        return await asyncio.gather(*(client.get(url) for url in urls))


if __name__ == "__main__":
    sys.exit(main())
