#!/usr/bin/env python3
"""A defective NTLM client: correct NTLMv2 messages (pyspnego), but the type 3 goes out on a new
connection. NTLM authenticates connections, so a correct server refuses it.
Usage: ntlm_switching_client.py [--same-connection]  (with it, the client is correct: the whole
handshake on one connection, and when the server closes the connection after its type 2, the
handshake starts again with a type 1 on a new connection)
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

    def connect():
        return http.client.HTTPSConnection(url.hostname, url.port, context=context, timeout=10)

    def negotiate():
        """Type 1 on a new connection; the connection, the client and the server's answer."""
        ntlm = spnego.client(client_domain_user, env["MOCKAUTH_PASSWORD"], protocol="ntlm")
        connection = connect()
        connection.request(
            "GET", url.path or "/", headers={"Authorization": "NTLM " + base64.b64encode(ntlm.step()).decode()})
        answer = connection.getresponse()
        answer.read()
        return connection, ntlm, answer

    first, client, response = negotiate()
    if same and (response.headers.get("Connection") or "").lower() == "close":
        # The challenge was for a connection that is gone: start the handshake again.
        first.close()
        first, client, response = negotiate()
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
