#!/usr/bin/env python3
"""requests-oauthlib's OAuth2Session with automatic refresh, as its documentation configures it
(https://requests-oauthlib.readthedocs.io/en/latest/oauth2_workflow.html#third-recommended-define-automatic-token-refresh-and-update):
the token dict it is given (MOCKAUTH_TOKEN, MOCKAUTH_REFRESH_TOKEN, expires_in 3600 as a token
endpoint would have said), auto_refresh_url=MOCKAUTH_TOKEN_URL, the client id and secret in
auto_refresh_kwargs, and a token_updater that keeps the new token. Each of MOCKAUTH_URLS in turn.
The session refreshes when its own clock says the token expired (oauthlib's TokenExpiredError),
not when a resource server answers 401.
"""
import os
import sys

from requests_oauthlib import OAuth2Session


def main() -> int:
    token = {"access_token": os.environ["MOCKAUTH_TOKEN"], "token_type": "Bearer", "expires_in": 3600}
    client_id = os.environ.get("MOCKAUTH_CLIENT_ID")
    saved = []
    if "MOCKAUTH_TOKEN_URL" in os.environ:
        token["refresh_token"] = os.environ["MOCKAUTH_REFRESH_TOKEN"]
        session = OAuth2Session(
            client_id, token=token, auto_refresh_url=os.environ["MOCKAUTH_TOKEN_URL"],
            auto_refresh_kwargs={"client_id": client_id, "client_secret": os.environ["MOCKAUTH_CLIENT_SECRET"]},
            token_updater=saved.append)
    else:  # a scenario without a token endpoint (the controls, `bearer`): the token alone
        session = OAuth2Session(token=token)
    ok = True
    for url in os.environ["MOCKAUTH_URLS"].split():
        response = session.get(url, verify=os.environ["MOCKAUTH_CA_FILE"], timeout=10)
        print(url, response.status_code)
        ok = ok and response.status_code == 200
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
