"""The raw-socket pieces of a hand-written client that tunnels through a proxy with CONNECT
(standard library only): read an answer's head, send a CONNECT, and request the origin through the
tunnel, verifying its certificate against MOCKAUTH_CA_FILE. The test clients that exercise a
proxy's CONNECT handshake by hand (ntlm_proxy_connect_client.py, proxy_407_client.py) share them.
"""
import os
import socket
import ssl
import urllib.parse


def read_head(sock: socket.socket) -> tuple[int, dict[str, str]]:
    """The status and the header fields (names in lower case) of the next answer on `sock`, its
    body read and dropped; ConnectionError when the peer closes before the head is whole."""
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
    """Sends CONNECT `authority` (with `Proxy-Authorization: authorization` when given) and reads the answer."""
    credentials = f"Proxy-Authorization: {authorization}\r\n" if authorization else ""
    sock.sendall(f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n{credentials}\r\n".encode())
    return read_head(sock)


def get_through(tunnel: socket.socket, origin: urllib.parse.SplitResult) -> int:
    """GETs `origin` over TLS through the established `tunnel`, trusting MOCKAUTH_CA_FILE; its status."""
    authority = f"{origin.hostname}:{origin.port}"
    context = ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"])
    with context.wrap_socket(tunnel, server_hostname=origin.hostname) as secured:
        secured.sendall(f"GET {origin.path or '/'} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n".encode())
        status, _ = read_head(secured)
    return status
