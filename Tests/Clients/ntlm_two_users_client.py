#!/usr/bin/env python3
"""NTLM for two users (pyspnego, http.client): the first URL as MOCKAUTH_USERNAME, the second as
MOCKAUTH_USERNAME_2, each handshake on the connection it started on.

By default it is correct: the second user's request goes over a new connection, with its own
handshake. With --reuse-connection it is defective (curl before 7.35, CVE-2014-0015): the second
request goes over the first user's authenticated connection without new credentials.
"""
import base64
import http.client
import os
import ssl
import sys
import urllib.parse

import spnego


def authenticate(connection, path, user, password):
    client = spnego.client(user, password, protocol="ntlm")
    connection.request("GET", path, headers={"Authorization": "NTLM " + base64.b64encode(client.step()).decode()})
    response = connection.getresponse()
    response.read()
    challenge = (response.headers.get("WWW-Authenticate") or "").split(" ", 1)[-1]
    token = client.step(base64.b64decode(challenge))
    connection.request("GET", path, headers={"Authorization": "NTLM " + base64.b64encode(token).decode()})
    final = connection.getresponse()
    final.read()
    return final.status


def main() -> int:
    env = os.environ
    first_url, second_url = (urllib.parse.urlsplit(url) for url in env["MOCKAUTH_URLS"].split()[:2])
    context = ssl.create_default_context(cafile=env["MOCKAUTH_CA_FILE"])

    def connect():
        return http.client.HTTPSConnection(first_url.hostname, first_url.port, context=context, timeout=10)

    connection = connect()
    alice = f'{env["MOCKAUTH_DOMAIN"]}\\{env["MOCKAUTH_USERNAME"]}'
    statuses = [authenticate(connection, first_url.path or "/", alice, env["MOCKAUTH_PASSWORD"])]
    if "--reuse-connection" in sys.argv:
        connection.request("GET", second_url.path)
        response = connection.getresponse()
        response.read()
        statuses.append(response.status)
    else:
        connection.close()
        bob = f'{env["MOCKAUTH_DOMAIN_2"]}\\{env["MOCKAUTH_USERNAME_2"]}'
        statuses.append(authenticate(connect(), second_url.path, bob, env["MOCKAUTH_PASSWORD_2"]))
    print(*statuses)
    return 0 if statuses == [200, 200] else 1


if __name__ == "__main__":
    sys.exit(main())
