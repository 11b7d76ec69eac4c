#!/usr/bin/env python3
"""Basic to a proxy on CONNECT, hand-written as much client code is (raw sockets, standard library).

It asks without credentials first and answers the 407 with the proxy credentials it was given. By
default it is defective: it ignores the 407's `Connection: close` and sends its answer on the same
socket, which the proxy has closed, then gives up when the socket yields nothing more. With --redial
it is correct: after a 407 that closes the connection it dials the proxy again and answers there,
then verifies the origin's certificate through the tunnel.
"""
import base64
import os
import socket
import sys
import urllib.parse

from proxy_tunnel import connect_request, get_through


def main() -> int:
    env = os.environ
    redial = "--redial" in sys.argv
    proxy = urllib.parse.urlsplit(env["MOCKAUTH_PROXY_URL"])
    origin = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    authority = f"{origin.hostname}:{origin.port}"

    sock = socket.create_connection((proxy.hostname, proxy.port), timeout=10)
    status, headers = connect_request(sock, authority, None)
    if status == 407:
        if not headers.get("proxy-authenticate", "").lower().startswith("basic"):
            print("no Basic challenge from the proxy", file=sys.stderr)
            return 1
        if redial and headers.get("connection", "").lower() == "close":
            sock.close()
            sock = socket.create_connection((proxy.hostname, proxy.port), timeout=10)
        account = f'{env["MOCKAUTH_PROXY_USERNAME"]}:{env["MOCKAUTH_PROXY_PASSWORD"]}'
        try:
            status, _ = connect_request(sock, authority, "Basic " + base64.b64encode(account.encode()).decode())
        except OSError as error:
            print(f"giving up: {error}", file=sys.stderr)
            return 1
    if status != 200:
        print("CONNECT refused:", status, file=sys.stderr)
        return 1
    status = get_through(sock, origin)
    print(status)
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
