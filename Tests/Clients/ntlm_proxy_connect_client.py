#!/usr/bin/env python3
"""NTLM with a proxy on CONNECT (pyspnego for the messages, raw sockets for the exchange).

By default it is defective: the type 3 message goes out on a new connection to the proxy, which
never saw the type 2, so a correct proxy refuses it. With --same-connection it is correct: the
whole handshake, then the tunnel and the origin's TLS, on one connection.
"""
import base64
import os
import socket
import sys
import urllib.parse

import spnego
from proxy_tunnel import connect_request, get_through


def ntlm(token: bytes) -> str:
    """The Proxy-Authorization value carrying an NTLM message."""
    return "NTLM " + base64.b64encode(token).decode()


def main() -> int:
    env = os.environ
    same = "--same-connection" in sys.argv
    proxy = urllib.parse.urlsplit(env["MOCKAUTH_PROXY_URL"])
    origin = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    authority = f"{origin.hostname}:{origin.port}"
    user = f'MOCKAUTH\\{env["MOCKAUTH_PROXY_USERNAME"]}'
    client = spnego.client(user, env["MOCKAUTH_PROXY_PASSWORD"], protocol="ntlm")

    first = socket.create_connection((proxy.hostname, proxy.port), timeout=10)
    status, headers = connect_request(first, authority, ntlm(client.step()))
    challenge = headers.get("proxy-authenticate", "").split(" ", 1)[-1]
    if status != 407 or not challenge:
        print("no NTLM challenge:", status, file=sys.stderr)
        return 1
    authenticate = client.step(base64.b64decode(challenge))
    second = first if same else socket.create_connection((proxy.hostname, proxy.port), timeout=10)
    if not same:
        first.close()
    status, _ = connect_request(second, authority, ntlm(authenticate))
    if status != 200:
        print("CONNECT refused:", status, file=sys.stderr)
        return 1
    status = get_through(second, origin)
    print(status)
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
