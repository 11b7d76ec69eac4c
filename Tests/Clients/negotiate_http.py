"""What the hand-written Negotiate clients share (kerberos_client.py, spnego_negotiate_client.py):
one HTTPS connection to the scenario's URL, reached at the address MOCKAUTH_RESOLVE names and
spoken to by name (SNI, certificate, Host), and the token of a `WWW-Authenticate: Negotiate` field.
"""
import http.client
import os
import socket
import ssl
import urllib.parse


def connect(url: urllib.parse.SplitResult) -> http.client.HTTPSConnection:
    """An open connection to `url`'s server, trusting only MOCKAUTH_CA_FILE."""
    names = {}
    for entry in os.environ.get("MOCKAUTH_RESOLVE", "").split():
        name, _, address = entry.split(":", 2)
        names[name] = address
    address = names.get(url.hostname, url.hostname)
    context = ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"])
    connection = http.client.HTTPSConnection(address, url.port, context=context, timeout=10)
    connection.sock = context.wrap_socket(
        socket.create_connection((address, url.port), timeout=10), server_hostname=url.hostname)
    return connection


def negotiate_value(response):
    """The token of the response's `WWW-Authenticate: Negotiate` field ("" for a bare challenge),
    or None without one."""
    for field in response.headers.get_all("WWW-Authenticate") or []:
        scheme, _, rest = field.partition(" ")
        if scheme.lower() == "negotiate":
            return rest.strip()
    return None
