#!/usr/bin/env python3
"""NTLM with a proxy on CONNECT (pyspnego for the messages, raw sockets for the exchange).

By default it is defective: the type 3 message goes out on a new connection to the proxy, which
never saw the type 2, so a correct proxy refuses it. With --same-connection it is correct: the
whole handshake, then the tunnel and the origin's TLS, on one connection.
"""
import base64
import os
import socket
import ssl
import sys
import urllib.parse

import spnego


def read_head(sock: socket.socket) -> tuple[int, dict[str, str]]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("the proxy closed the connection")
        data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    body = data.split(b"\r\n\r\n", 1)[1]
    while len(body) < length:
        body += sock.recv(4096)
    return int(head[0].split()[1]), headers


def connect_request(sock: socket.socket, authority: str, token: bytes) -> tuple[int, dict[str, str]]:
    sock.sendall(
        f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n"
        f"Proxy-Authorization: NTLM {base64.b64encode(token).decode()}\r\n\r\n".encode()
    )
    return read_head(sock)


def main() -> int:
    env = os.environ
    same = "--same-connection" in sys.argv
    proxy = urllib.parse.urlsplit(env["MOCKAUTH_PROXY_URL"])
    origin = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    authority = f"{origin.hostname}:{origin.port}"
    user = f'MOCKAUTH\\{env["MOCKAUTH_PROXY_USERNAME"]}'
    client = spnego.client(user, env["MOCKAUTH_PROXY_PASSWORD"], protocol="ntlm")

    first = socket.create_connection((proxy.hostname, proxy.port), timeout=10)
    status, headers = connect_request(first, authority, client.step())
    challenge = headers.get("proxy-authenticate", "").split(" ", 1)[-1]
    if status != 407 or not challenge:
        print("no NTLM challenge:", status, file=sys.stderr)
        return 1
    authenticate = client.step(base64.b64decode(challenge))
    second = first if same else socket.create_connection((proxy.hostname, proxy.port), timeout=10)
    if not same:
        first.close()
    status, _ = connect_request(second, authority, authenticate)
    if status != 200:
        print("CONNECT refused:", status, file=sys.stderr)
        return 1
    context = ssl.create_default_context(cafile=env["MOCKAUTH_CA_FILE"])
    with context.wrap_socket(second, server_hostname=origin.hostname) as tunnel:
        tunnel.sendall(f"GET {origin.path or '/'} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n".encode())
        status, _ = read_head(tunnel)
    print(status)
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
