"""Resolves the scenario's names under .test as MOCKAUTH_RESOLVE says (curl's --resolve form).

Python resolves through the system alone, so an adapter installs this before it makes a request:
it changes which address a name stands for, nothing else. A host reaches getaddrinfo as the client
spelled it; it is looked up as Python itself would send it to the system (str hosts through the
`idna` codec, IDNA 2003), so the client's own name handling is what gets judged.
"""
import socket

import mockauth_material

_system_getaddrinfo = socket.getaddrinfo


def install(hosts=None):
    """Makes socket.getaddrinfo answer the scenario's names with their addresses: `hosts`
    (mockauth_material's), by default those of this process's MOCKAUTH_RESOLVE."""
    if hosts is None:
        hosts = mockauth_material.read().hosts
    names = {host.name.lower(): host.address for host in hosts}
    if not names:
        return

    def getaddrinfo(host, *args, **kwargs):
        spelled = host
        if isinstance(host, str):
            try:
                spelled = host.encode("idna").decode("ascii")
            except UnicodeError:
                spelled = host
        elif isinstance(host, bytes):
            spelled = host.decode("ascii", "replace")
        address = names.get(spelled.lower()) if isinstance(spelled, str) else None
        return _system_getaddrinfo(address or host, *args, **kwargs)

    socket.getaddrinfo = getaddrinfo
