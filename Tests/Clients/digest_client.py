#!/usr/bin/env python3
"""An independent Digest client (RFC 7616) on hashlib and http.client, for every algorithm
including SHA-512-256, which curl 7.88 and requests lack. It answers the first challenge whose
algorithm it is told to use; told `strongest`, the challenge of the strongest algorithm it knows,
skipping those it does not (RFC 7616 section 3.7). Usage: digest_client.py [ALGORITHM] [--qop auth|auth-int] [--body TEXT]
[--hash-empty-body] [--hash-escaped-realm] [--all-urls [--continue-count]]. The body is MOCKAUTH_BODY_FILE's when the scenario
gives one (MOCKAUTH_METHOD its method). It unescapes quoted-strings (RFC 9110 section 5.6.4) and
escapes what it writes back. Two flags make it defective: --hash-empty-body (its auth-int hash
covers an empty body whatever it sends) and --hash-escaped-realm (it copies the realm between the
quotes verbatim, backslashes included, into HA1 and into its answer, as clients that never unescape
do: the header round-trips, the hash does not). --all-urls requests every URL of MOCKAUTH_URLS in
turn, answering each later one unasked: with the nextnonce of the last Authentication-Info, counted
from nc=00000001 (RFC 7616 sections 3.4 and 3.5), or else the same nonce counted on; on stale=true it
answers the fresh challenge once. --continue-count makes it defective: it counts a nextnonce on from
the nonce it replaces (nc=00000002), as if it were the same nonce.
"""
import argparse
import hashlib
import http.client
import os
import re
import ssl
import sys
import urllib.parse

HASHES = {"MD5": "md5", "SHA-256": "sha256", "SHA-512-256": "sha512_256"}
STRENGTH = ["MD5", "MD5-sess", "SHA-256", "SHA-256-sess", "SHA-512-256", "SHA-512-256-sess"]


def digest(algorithm: str, text: str) -> str:
    return hashlib.new(HASHES[algorithm.removesuffix("-sess")], text.encode()).hexdigest()


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def challenges(values, raw=False):
    for value in values:
        for part in re.split(r",\s*(?=Digest\s)", value):
            if part.startswith("Digest "):
                pairs = re.findall(r'(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))', part)
                yield {name: (text if raw else unescape(text)) or bare for name, text, bare in pairs}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("algorithm", nargs="?", default="SHA-512-256")
    parser.add_argument("--qop", default="auth")
    parser.add_argument("--body", default="")
    parser.add_argument("--hash-empty-body", action="store_true")
    parser.add_argument("--hash-escaped-realm", action="store_true")
    parser.add_argument("--all-urls", action="store_true")
    parser.add_argument("--continue-count", action="store_true")
    options = parser.parse_args()
    env = os.environ
    if "MOCKAUTH_BODY_FILE" in env:
        with open(env["MOCKAUTH_BODY_FILE"], encoding="utf-8") as file:
            options.body = file.read()
    url = urllib.parse.urlsplit(env["MOCKAUTH_URL"])
    context = ssl.create_default_context(cafile=env["MOCKAUTH_CA_FILE"])
    method = env.get("MOCKAUTH_METHOD") or ("POST" if options.body else "GET")
    target = url.path or "/"

    def request(headers, path=None):
        connection = http.client.HTTPSConnection(url.hostname, url.port, context=context, timeout=10)
        connection.request(method, path or target, body=options.body or None, headers=headers)
        response = connection.getresponse()
        response.read()
        return response

    def offered_challenge(response):
        values = response.headers.get_all("WWW-Authenticate") or []
        known = [c for c in challenges(values, raw=options.hash_escaped_realm) if c.get("algorithm", "MD5") in STRENGTH]
        if options.algorithm == "strongest" and known:
            options.algorithm = max((c.get("algorithm", "MD5") for c in known), key=STRENGTH.index)
        offered = [c for c in known if c.get("algorithm", "MD5") == options.algorithm]
        return offered[0] if response.status == 401 and offered else None

    def answer(challenge, nonce, count, path):
        user, password, realm = env["MOCKAUTH_USERNAME"], env["MOCKAUTH_PASSWORD"], challenge["realm"]
        cnonce, nc = "0a4f113b", f"{count:08x}"
        ha1 = digest(options.algorithm, f"{user}:{realm}:{password}")
        if options.algorithm.endswith("-sess"):
            ha1 = digest(options.algorithm, f"{ha1}:{nonce}:{cnonce}")
        a2 = f"{method}:{path}"
        if options.qop == "auth-int":
            a2 += ":" + digest(options.algorithm, "" if options.hash_empty_body else options.body)
        response = digest(options.algorithm, f"{ha1}:{nonce}:{nc}:{cnonce}:{options.qop}:{digest(options.algorithm, a2)}")
        written_realm = f'"{realm}"' if options.hash_escaped_realm else quoted(realm)
        header = (f'Digest username="{user}", realm={written_realm}, nonce="{nonce}", uri="{path}", '
                  f'algorithm={options.algorithm}, qop={options.qop}, nc={nc}, cnonce="{cnonce}", response="{response}"')
        if "opaque" in challenge:
            header += f', opaque="{challenge["opaque"]}"'
        return header

    challenge = offered_challenge(request({}))
    if challenge is None:
        print(f"no Digest {options.algorithm} challenge", file=sys.stderr)
        return 1
    nonce, count = challenge["nonce"], 1
    second = request({"Authorization": answer(challenge, nonce, count, target)})
    print(second.status)
    if second.status != 200 or not options.all_urls:
        return 0 if second.status == 200 else 1
    for later in env["MOCKAUTH_URLS"].split()[1:]:
        next_nonce = re.search(r'nextnonce="([^"]*)"', second.headers.get("Authentication-Info", ""))
        if next_nonce and next_nonce.group(1) != nonce:
            nonce, count = next_nonce.group(1), count + 1 if options.continue_count else 1
        else:
            count += 1
        path = urllib.parse.urlsplit(later).path or "/"
        second = request({"Authorization": answer(challenge, nonce, count, path)}, path)
        fresh = offered_challenge(second)
        if fresh is not None and fresh.get("stale", "").lower() == "true":
            challenge, nonce, count = fresh, fresh["nonce"], 1
            second = request({"Authorization": answer(challenge, nonce, count, path)}, path)
        print(path, second.status)
        if second.status != 200:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
