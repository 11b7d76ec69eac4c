#!/usr/bin/env python3
"""A Basic client written as much hand-rolled client code is (standard library only): it asks
without credentials, then reads each WWW-Authenticate field as one challenge, takes the scheme as
the text before the first space, compares it with "Basic" as written, and answers Basic. Two
defects follow, both common: it never sees a challenge after the first in a field
(challenge-multiple-in-one-field) and it does not know `bAsIc` (challenge-scheme-case). It passes
`basic`, where the server writes `Basic realm="mockauth", charset="UTF-8"`.

`--assume-basic` adds a third defect as hand-rolled code has it: a 401 with no WWW-Authenticate
field is taken to mean Basic, and the password goes with the retry (challenge-missing).
"""
import base64
import http.client
import os
import ssl
import sys
import urllib.parse


def main() -> int:
    env = os.environ
    assume_basic = "--assume-basic" in sys.argv[1:]
    url = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    context = ssl.create_default_context(cafile=env["MOCKAUTH_CA_FILE"])

    def get(headers):
        connection = http.client.HTTPSConnection(url.hostname, url.port, context=context, timeout=10)
        connection.request("GET", url.path or "/", headers=headers)
        response = connection.getresponse()
        response.read()
        return response

    first = get({})
    if first.status != 401:
        print(first.status)
        return 0 if 200 <= first.status < 300 else 1
    schemes = [field.split(" ", 1)[0] for field in first.headers.get_all("WWW-Authenticate") or []]
    if not schemes and assume_basic:
        schemes = ["Basic"]  # the defect: no challenge read as Basic
    if "Basic" not in schemes:
        print(f"no supported authentication scheme in {schemes}", file=sys.stderr)
        return 1
    token = base64.b64encode(f"{env['MOCKAUTH_USERNAME']}:{env['MOCKAUTH_PASSWORD']}".encode()).decode()
    second = get({"Authorization": f"Basic {token}"})
    print(second.status)
    return 0 if second.status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
