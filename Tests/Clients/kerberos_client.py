#!/usr/bin/env python3
"""A Kerberos client on the `gssapi` package (python-gssapi, MIT's GSS-API), written as hand-rolled
client code is: it asks without credentials, and on `WWW-Authenticate: Negotiate` builds the
service name, gets a token for it and answers, on the same connection. Used as its documentation
shows (a host-based service name `HTTP@host`, `SecurityContext(usage="initiate")`), it is correct;
each flag adds one defect hand-written code has:

- `--spn-with-port`: the service name is built from the URL's authority, port and all
  (`HTTP@intranet.test:PORT`), as code that splits `netloc` instead of `hostname` does.
- `--canonicalize`: builds the service name from the host's canonical name, as the resolver
  answers it (getaddrinfo's AI_CANONNAME: a CNAME's target, the first name of a hosts-file line), as
  Kerberos libraries did by default before MIT 1.18's `fallback`.
- `--delegate`: asks for credential delegation unconditionally (GSS_C_DELEG_FLAG), forwarding the
  ticket-granting ticket to any server.
- `--ignore-mutual`: asks for mutual authentication but never feeds the server's final token back
  to its context, so a forged AP-REP goes unnoticed.
- `--basic-fallback`: when no ticket can be had, answers Basic with the password, whatever else
  the server offered.

The realm's files come from MOCKAUTH_KRB5_CONFIG and MOCKAUTH_KRB5CCNAME (set as KRB5_CONFIG and
KRB5CCNAME before the library reads them); names under .test are resolved as MOCKAUTH_RESOLVE says.
Exit 0 on a 2xx whose final token (when mutual authentication was asked) verified, 1 otherwise.
"""
import base64
import os
import socket
import sys
import urllib.parse

os.environ["KRB5_CONFIG"] = os.environ["MOCKAUTH_KRB5_CONFIG"]
os.environ["KRB5CCNAME"] = "FILE:" + os.environ["MOCKAUTH_KRB5CCNAME"]

import gssapi  # noqa: E402  (after the environment it reads)
from negotiate_http import connect, negotiate_value  # noqa: E402


def main() -> int:
    flags = set(sys.argv[1:])
    env = os.environ
    url = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    connection = connect(url)
    host_header = f"{url.hostname}:{url.port}"
    path = url.path or "/"

    connection.request("GET", path, headers={"Host": host_header})
    first = connection.getresponse()
    first.read()
    if first.status != 401 or negotiate_value(first) is None:
        print(first.status)
        return 0 if 200 <= first.status < 300 else 1

    host = url.hostname
    if "--canonicalize" in flags:
        host = socket.getaddrinfo(url.hostname, url.port, flags=socket.AI_CANONNAME)[0][3] or url.hostname
    service = f"HTTP@{url.netloc}" if "--spn-with-port" in flags else f"HTTP@{host}"
    requested = gssapi.RequirementFlag.mutual_authentication
    if "--delegate" in flags:
        requested |= gssapi.RequirementFlag.delegate_to_peer
    try:
        security = gssapi.SecurityContext(
            name=gssapi.Name(service, gssapi.NameType.hostbased_service), usage="initiate", flags=requested)
        token = security.step()
    except gssapi.exceptions.GSSError as error:
        print(f"no Kerberos ticket for {service}: {error}", file=sys.stderr)
        if "--basic-fallback" not in flags:
            return 1
        basic = base64.b64encode(f"{env['MOCKAUTH_USERNAME']}:{env['MOCKAUTH_PASSWORD']}".encode()).decode()
        connection.request("GET", path, headers={"Host": host_header, "Authorization": f"Basic {basic}"})
        second = connection.getresponse()
        second.read()
        print(second.status)
        return 0 if second.status == 200 else 1

    value = base64.b64encode(token).decode()
    connection.request("GET", path, headers={"Host": host_header, "Authorization": f"Negotiate {value}"})
    second = connection.getresponse()
    body = second.read()
    if second.status != 200:
        print(second.status)
        return 1
    final = negotiate_value(second)
    if "--ignore-mutual" not in flags:
        if not final:
            print("the server sent no final token to prove its identity", file=sys.stderr)
            return 1
        try:
            security.step(base64.b64decode(final))
        except gssapi.exceptions.GSSError as error:
            print(f"the server's final token does not verify: {error}", file=sys.stderr)
            return 1
        if not security.complete:
            print("mutual authentication did not complete", file=sys.stderr)
            return 1
    sys.stdout.write(body.decode("utf-8", "replace"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
