#!/usr/bin/env python3
"""A defective NTLM client: correct NTLMv2 messages (pyspnego), but the type 3 goes out on a new
connection. NTLM authenticates connections, so a correct server refuses it.
Usage: ntlm_switching_client.py [--same-connection]  (with it, the client is correct)
"""
import base64
import http.client
import os
import ssl
import sys
import urllib.parse

import spnego


def main() -> int:
    env = os.environ
    url = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    context = ssl.create_default_context(cafile=env["MOCKAUTH_CA_FILE"])
    same = "--same-connection" in sys.argv
    client_domain_user = f'{env["MOCKAUTH_DOMAIN"]}\\{env["MOCKAUTH_USERNAME"]}'
    client = spnego.client(client_domain_user, env["MOCKAUTH_PASSWORD"], protocol="ntlm")

    def connect():
        return http.client.HTTPSConnection(url.hostname, url.port, context=context, timeout=10)

    first = connect()
    first.request("GET", url.path or "/", headers={"Authorization": "NTLM " + base64.b64encode(client.step()).decode()})
    response = first.getresponse()
    response.read()
    challenge = (response.headers.get("WWW-Authenticate") or "").split(" ", 1)[-1]
    authenticate = client.step(base64.b64decode(challenge))
    second = first if same else connect()
    if not same:
        first.close()
    second.request("GET", url.path or "/", headers={"Authorization": "NTLM " + base64.b64encode(authenticate).decode()})
    final = second.getresponse()
    final.read()
    print(final.status)
    return 0 if final.status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
