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
import ssl
import sys
import urllib.parse


def read_head(sock: socket.socket) -> tuple[int, dict[str, str]]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("the proxy closed the connection")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(4096)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers


def connect_request(sock: socket.socket, authority: str, authorization: str | None) -> tuple[int, dict[str, str]]:
    credentials = f"Proxy-Authorization: {authorization}\r\n" if authorization else ""
    sock.sendall(f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n{credentials}\r\n".encode())
    return read_head(sock)


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
    context = ssl.create_default_context(cafile=env["MOCKAUTH_CA_FILE"])
    with context.wrap_socket(sock, server_hostname=origin.hostname) as tunnel:
        tunnel.sendall(f"GET {origin.path or '/'} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n".encode())
        status, _ = read_head(tunnel)
    print(status)
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
