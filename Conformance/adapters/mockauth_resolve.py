"""Resolves the scenario's names under .test as MOCKAUTH_RESOLVE says (curl's --resolve form).

Python resolves through the system alone, so an adapter installs this before it makes a request:
it changes which address a name stands for, nothing else. A host reaches getaddrinfo as the client
spelled it; it is looked up as Python itself would send it to the system (str hosts through the
`idna` codec, IDNA 2003), so the client's own name handling is what gets judged.
"""
import os
import socket

_system_getaddrinfo = socket.getaddrinfo


def _mapping():
    names = {}
    for entry in os.environ.get("MOCKAUTH_RESOLVE", "").split():
        name, _, rest = entry.partition(":")
        _, _, address = rest.partition(":")
        names[name.lower()] = address.strip("[]")
    return names


def install():
    """Makes socket.getaddrinfo answer MOCKAUTH_RESOLVE's names with their addresses."""
    names = _mapping()
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
