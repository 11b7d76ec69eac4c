#!/usr/bin/env python3
"""A Negotiate client on pyspnego (the library requests-ntlm and smbprotocol build on), used as its
documentation shows: `spnego.client(username, password, hostname=host, service="HTTP",
protocol="negotiate")`, one `step` per server token, on one connection. Its Negotiate is SPNEGO
proper: Kerberos through the platform's GSS-API when a ticket can be had for HTTP/host, NTLM inside
SPNEGO (its own implementation) when it cannot. It never sends Basic.

The realm's files come from MOCKAUTH_KRB5_CONFIG and MOCKAUTH_KRB5CCNAME (as KRB5_CONFIG and
KRB5CCNAME); names under .test are resolved as MOCKAUTH_RESOLVE says. Exit 0 on 2xx whose final
Negotiate token verified, 1 otherwise.
"""
import base64
import os
import sys
import urllib.parse

if "MOCKAUTH_KRB5_CONFIG" in os.environ:
    os.environ["KRB5_CONFIG"] = os.environ["MOCKAUTH_KRB5_CONFIG"]
    os.environ["KRB5CCNAME"] = "FILE:" + os.environ["MOCKAUTH_KRB5CCNAME"]

import spnego  # noqa: E402  (after the environment GSS-API reads)
import spnego.exceptions  # noqa: E402
from negotiate_http import connect, negotiate_value  # noqa: E402


def main() -> int:
    env = os.environ
    url = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    connection = connect(url)
    headers = {"Host": f"{url.hostname}:{url.port}"}
    path = url.path or "/"

    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    # The bare user name: Kerberos takes it in the default realm (the krb5.conf's), NTLM in the
    # server's domain (pyspnego's documentation: `DOMAIN\\user` or `user@REALM` pin one of the two).
    client = spnego.client(env["MOCKAUTH_USERNAME"], env["MOCKAUTH_PASSWORD"], hostname=url.hostname, service="HTTP",
                           protocol="negotiate")
    token = None
    # Bounded: Kerberos takes one round, NTLM inside SPNEGO two.
    for _ in range(3):
        if response.status != 401:
            break
        challenge = negotiate_value(response)
        if challenge is None:
            break
        token = client.step(base64.b64decode(challenge) if challenge else None)
        if token is None:
            break
        connection.request("GET", path, headers={**headers, "Authorization": "Negotiate " + base64.b64encode(token).decode()})
        response = connection.getresponse()
        body = response.read()
    final = negotiate_value(response)
    if 200 <= response.status < 300 and final and not client.complete:
        # The server's last token (Kerberos's AP-REP): pyspnego verifies it in this step, and a
        # forged one raises, as its documentation has a client finish the exchange.
        try:
            client.step(base64.b64decode(final))
        except spnego.exceptions.SpnegoError as error:
            print(f"the server's final Negotiate token does not verify: {error}", file=sys.stderr)
            return 1
    print(response.status)
    return 0 if 200 <= response.status < 300 else 1


if __name__ == "__main__":
    sys.exit(main())
