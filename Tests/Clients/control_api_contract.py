#!/usr/bin/env python3
"""The control API's contract: docs/openapi.yaml against itself, its schemas and a live `serve`.

    control_api_contract.py document OPENAPI
        The document is valid OpenAPI 3.1 (openapi-spec-validator), every JSON Schema it names is
        valid, every example satisfies its schema, and every operation lists the statuses any
        request may get (401, 413, 431).
    control_api_contract.py examples OPENAPI DIRECTORY
        Writes every body example as DIRECTORY/SCHEMA--WHERE.json (SCHEMA: the schema's file name
        without .schema.json), for the Swift client's decoding test.
    control_api_contract.py validate OPENAPI SCHEMA FILE...
        Validates JSON files against schemas/control/SCHEMA.schema.json.
    control_api_contract.py live OPENAPI --endpoints FILE --routes JSON
        Calls every operation of the document against the `serve` of the endpoints file (begun with
        --max-runs 3 and tls-valid), and requests the document does not list (unknown paths, other
        methods, no token, a wrong token, bad JSON, unknown runs, bodies and heads over the limits,
        bytes that are not HTTP). Every answer must have a status the document lists for it, its
        headers, `Content-Type: application/json` and a body valid against the schema; every status
        the document lists must be seen (but the 500 and 503 of POST /v1/runs, which need a port
        taken or `serve` stopping). ROUTES, the resources the server routes (ControlRoute), must be
        the document's paths with the same methods and query parameters.

Exits 1 on any finding, printing each; never prints the token. Needs PyYAML, jsonschema and
openapi-spec-validator (Tests/Clients/requirements.txt).
"""

import argparse
import http.client
import json
import pathlib
import select
import socket
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import jsonschema
import yaml
from openapi_spec_validator import validate as validate_openapi
from openapi_spec_validator.validation import OpenAPIV31SpecValidator
from referencing import Registry, Resource

METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]
# Statuses of the document the live check cannot provoke, and why.
UNPROVOKED = {
    ("POST", "/v1/runs", "500"): "needs a port taken by another program under --port-base",
    ("POST", "/v1/runs", "503"): "needs a request in flight while serve stops",
}
# What every operation may answer, whatever it is.
EVERY_OPERATION = {"401", "413", "431"}


class Document:
    """docs/openapi.yaml with its $refs: internal ones resolved, schemas/control/ ones validated."""

    def __init__(self, path):
        self.path = pathlib.Path(path).resolve()
        self.spec = yaml.safe_load(self.path.read_text())
        self.schemas = {}
        resources = []
        for file in sorted((self.path.parent / "schemas" / "control").glob("*.schema.json")):
            schema = json.loads(file.read_text())
            self.schemas[file.name] = schema
            resource = Resource.from_contents(schema)
            resources += [(schema["$id"], resource), (file.as_uri(), resource)]
        self.registry = Registry().with_resources(resources)

    def resolve(self, node):
        """`node` with an internal `$ref` (`#/components/…`) followed."""
        while isinstance(node, dict) and node.get("$ref", "").startswith("#/"):
            target = self.spec
            for key in node["$ref"][2:].split("/"):
                target = target[key]
            node = target
        return node

    def validator(self, schema):
        """A 2020-12 validator of `schema` (a media type's or a parameter's), its refs resolved."""
        schema = self.resolve(schema)
        if "$ref" in schema:
            schema = {"$ref": (self.path.parent / schema["$ref"]).as_uri()}
        return jsonschema.Draft202012Validator(schema, registry=self.registry)

    def operations(self):
        """(METHOD, PATH, operation) for every operation."""
        for path, item in self.spec["paths"].items():
            for method, operation in item.items():
                if method.upper() in METHODS:
                    yield method.upper(), path, operation

    def methods(self, path):
        """The methods the document lists for PATH."""
        return {method for method, other, _ in self.operations() if other == path}

    def response(self, method, path, status):
        """The response object the document gives METHOD PATH for STATUS, or None."""
        operation = self.spec["paths"][path][method.lower()]
        found = operation["responses"].get(str(status))
        return self.resolve(found) if found is not None else None

    def component(self, name):
        return self.resolve({"$ref": f"#/components/responses/{name}"})

    def examples(self):
        """(where, schema file, value) of every body example."""
        def media(where, content):
            for entry in content.values():
                schema = self.resolve(entry["schema"])
                for name, example in entry.get("examples", {}).items():
                    yield f"{where}-{name}", schema["$ref"].split("/")[-1], self.resolve(example)["value"]

        for method, path, operation in self.operations():
            if "requestBody" in operation:
                yield from media(f"{operation['operationId']}-request", operation["requestBody"]["content"])
            for status, response in operation["responses"].items():
                response = self.resolve(response)
                yield from media(f"{operation['operationId']}-{status}", response.get("content", {}))
        for name in self.spec["components"]["responses"]:
            yield from media(f"components-{name}", self.component(name).get("content", {}))


class Findings:
    def __init__(self):
        self.items = []

    def add(self, text):
        self.items.append(text)
        print(f"FINDING: {text}")

    def exit(self, what):
        if self.items:
            print(f"{what}: {len(self.items)} finding(s)")
            sys.exit(1)
        print(f"{what}: no finding")


def check_document(document, findings):
    try:
        validate_openapi(document.spec, base_uri=document.path.as_uri(), cls=OpenAPIV31SpecValidator)
    except Exception as error:  # noqa: BLE001 - any error of the validator is a finding
        findings.add(f"not valid OpenAPI 3.1: {(str(error).splitlines() or [repr(error)])[0]}")
    if document.spec.get("openapi", "").split(".")[:2] != ["3", "1"]:
        findings.add(f"openapi is {document.spec.get('openapi')!r}, not 3.1.x")
    for name, schema in document.schemas.items():
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as error:
            findings.add(f"{name}: not a valid JSON Schema: {error.message}")
    count = 0
    for where, schema, value in document.examples():
        count += 1
        for error in document.validator({"$ref": f"schemas/control/{schema}"}).iter_errors(value):
            findings.add(f"example {where}: {error.json_path}: {error.message} ({schema})")
    for method, path, operation in document.operations():
        label = f"{method} {path}"
        if "operationId" not in operation:
            findings.add(f"{label}: no operationId")
        missing = EVERY_OPERATION - set(operation["responses"])
        if missing:
            findings.add(f"{label}: does not list {', '.join(sorted(missing))}, which any request may get")
        parameters = list(document.spec["paths"][path].get("parameters", [])) + operation.get("parameters", [])
        for parameter in map(document.resolve, parameters):
            values = [parameter["example"]] if "example" in parameter else []
            values += [example["value"] for example in parameter.get("examples", {}).values()]
            for value in values:
                for error in document.validator(parameter["schema"]).iter_errors(value):
                    findings.add(f"{label}: parameter {parameter['name']} example {value!r}: {error.message}")
        for status, response in operation["responses"].items():
            response = document.resolve(response)
            content = response.get("content", {})
            if list(content) != ["application/json"]:
                findings.add(f"{label} {status}: content is {list(content)}, not application/json alone")
            if "Cache-Control" not in response.get("headers", {}):
                findings.add(f"{label} {status}: no Cache-Control header")
    print(f"document: {sum(1 for _ in document.operations())} operations, {count} examples, "
          f"{len(document.schemas)} schemas")


class Answer:
    def __init__(self, status, headers, body, closed=None):
        self.status = status
        self.headers = headers  # name (lowercased) -> value
        self.body = body
        self.closed = closed  # on a raw connection: whether the server closed it while read

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return {}


class Live:
    """Calls to the control API, each checked against the document as it is answered."""

    def __init__(self, document, endpoints, findings):
        self.document = document
        self.findings = findings
        control = json.loads(pathlib.Path(endpoints).read_text())["control"]
        self.base = control["url"]
        self.token = control["token"]
        parsed = urllib.parse.urlsplit(self.base)
        self.host, self.port = parsed.hostname, parsed.port
        self.seen = set()  # (METHOD, PATH, status) of the document seen answered
        self.calls = 0

    def secret_free(self, text):
        return text.replace(self.token, "TOKEN") if self.token else text

    def send(self, method, target, body=None, authorization=..., headers=None):
        """One request on a connection of its own; the raw answer."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        fields = {}
        if authorization is ...:
            fields["Authorization"] = f"Bearer {self.token}"
        elif authorization is not None:
            fields["Authorization"] = authorization
        if body is not None:
            fields["Content-Type"] = "application/json"
        fields.update(headers or {})
        try:
            connection.request(method, target, body=body, headers=fields)
            response = connection.getresponse()
            data = response.read()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
        finally:
            connection.close()

    def call(self, method, target, operation=None, body=None, authorization=..., headers=None, expect=None):
        """METHOD TARGET, checked: OPERATION is the document's (METHOD, PATH) it is an instance of,
        None for a request the document does not list (an unknown path, another method)."""
        self.calls += 1
        answer = self.send(method, target, body, authorization, headers)
        label = f"{method} {self.secret_free(target)[:80]}"
        self.check(label, method, target, operation, answer)
        if expect is not None and answer.status != expect:
            self.findings.add(f"{label}: {answer.status}, expected {expect}: {self.secret_free(answer.body.decode(errors='replace'))[:300]}")
        return answer

    def check(self, label, method, target, operation, answer):
        """The answer is one the document gives for this request."""
        if operation is not None:
            if operation[0] not in self.document.methods(operation[1]):
                self.findings.add(f"{label}: the document has no operation {operation[0]} {operation[1]}")
                return
            response = self.document.response(operation[0], operation[1], answer.status)
            if response is None:
                listed = ", ".join(self.document.spec["paths"][operation[1]][operation[0].lower()]["responses"])
                self.findings.add(f"{label}: status {answer.status} is not in the document ({listed})")
                return
            self.seen.add((operation[0], operation[1], str(answer.status)))
        elif answer.status == 401:
            response = self.document.component("Unauthorized")
        elif answer.status == 404:
            response = self.document.component("NoSuchResource")
        elif answer.status == 405:
            response = self.document.component("MethodNotAllowed")
        elif answer.status in (413, 431):
            response = self.document.component({413: "PayloadTooLarge", 431: "HeaderFieldsTooLarge"}[answer.status])
        else:
            self.findings.add(f"{label}: {answer.status}, which the document gives no request of this kind")
            return
        if answer.headers.get("content-type") != "application/json":
            self.findings.add(f"{label}: Content-Type {answer.headers.get('content-type')!r}")
        for name, header in response.get("headers", {}).items():
            header = self.document.resolve(header)
            value = answer.headers.get(name.lower())
            if value is None:
                if header.get("required"):
                    self.findings.add(f"{label} ({answer.status}): no {name} header")
                continue
            for error in self.document.validator(header["schema"]).iter_errors(value):
                self.findings.add(f"{label} ({answer.status}): {name}: {error.message}")
        if method == "HEAD":
            if answer.body:
                self.findings.add(f"{label}: a body in the answer to HEAD")
            return
        try:
            value = json.loads(answer.body)
        except ValueError:
            self.findings.add(f"{label} ({answer.status}): the body is not JSON: {answer.body[:200]!r}")
            return
        schema = response["content"]["application/json"]["schema"]
        for error in self.document.validator(schema).iter_errors(value):
            self.findings.add(f"{label} ({answer.status}): {error.json_path}: {error.message}")

    def raw(self, data, pace=None, wait=30):
        """Sends bytes (a list of pieces: each after the answer did not come yet) on a connection
        of its own; the answer as an Answer, the connection read to its end, or for `wait` seconds
        at most (a guard against a hang: the Answer's `closed` says whether the server closed it)."""
        sock = socket.create_connection((self.host, self.port), timeout=wait)
        received = b""
        closed = False
        try:
            for piece in data:
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:
                    break
                try:
                    sock.sendall(piece)
                except OSError:
                    break
                if pace:
                    time.sleep(pace)
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    break
                except OSError:
                    closed = True
                    break
                if not chunk:
                    closed = True
                    break
                received += chunk
        finally:
            sock.close()
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1]) if lines[0].startswith("HTTP/1.") else 0
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        return Answer(status, headers, body, closed)


def probe_client(url, ca_pem):
    """What a correct client does: trusts the CA it is given and nothing else. The status, or
    the verification error's name."""
    context = ssl.create_default_context(cadata=ca_pem)
    try:
        with urllib.request.urlopen(url, context=context, timeout=10) as response:
            return response.status
    except urllib.error.URLError as error:
        return type(error.reason).__name__


def check_live(document, endpoints, routes, findings):
    live = Live(document, endpoints, findings)
    expected = {route["path"]: route for route in routes}
    for path in sorted(set(expected) | set(document.spec["paths"])):
        server = set(expected.get(path, {}).get("methods", []))
        listed = document.methods(path)
        if path not in document.spec["paths"]:
            findings.add(f"the server routes {path} ({', '.join(sorted(server))}), which the document does not list")
        elif path not in expected:
            findings.add(f"the document lists {path}, which the server does not route")
        elif server != listed:
            findings.add(f"{path}: the server answers {sorted(server)}, the document lists {sorted(listed)}")
        else:
            query = set()
            for method, other, operation in document.operations():
                if other == path:
                    parameters = list(document.spec["paths"][path].get("parameters", [])) + operation.get("parameters", [])
                    query |= {p["name"] for p in map(document.resolve, parameters) if p["in"] == "query"}
            if query != set(expected[path].get("query", [])):
                findings.add(f"{path}: the server reads the query {sorted(expected[path].get('query', []))}, "
                             f"the document lists {sorted(query)}")

    scenarios, runs, run, verdict, transcript = (
        "/v1/scenarios", "/v1/runs", "/v1/runs/{id}", "/v1/runs/{id}/verdict", "/v1/runs/{id}/transcript")

    # Every operation, answered.
    catalog = live.call("GET", scenarios, ("GET", scenarios), expect=200).json()
    names = {scenario["name"] for scenario in catalog.get("scenarios", [])}
    if not {"tls-expired", "tls-valid", "basic"} <= names:
        findings.add(f"the catalog lacks tls-expired, tls-valid or basic: {sorted(names)[:10]}")
    begun = live.call("POST", runs, ("POST", runs), body='{"scenario": "tls-expired", "client": "contract"}',
                      expect=201).json()
    twin = live.call("POST", runs, ("POST", runs), body=json.dumps({"scenario": begun.get("control", "tls-valid")}),
                     expect=201).json()
    ident, twin_ident = begun.get("id", "missing"), twin.get("id", "missing")
    listed = live.call("GET", runs, ("GET", runs), expect=200).json()
    if [r["id"] for r in listed.get("runs", [])] != ["tls-valid", ident, twin_ident]:
        findings.add(f"GET /v1/runs: {[r['id'] for r in listed.get('runs', [])]}, expected tls-valid and the two begun")
    described = live.call("GET", f"/v1/runs/{ident}", ("GET", run), expect=200).json()
    if described != begun:
        findings.add("GET /v1/runs/ID is not what POST /v1/runs answered")
    ca = begun.get("material", {}).get("caCertificatePEM", "")
    refused = probe_client(begun.get("url", ""), ca)
    fetched = probe_client(twin.get("url", ""), ca)
    if refused != "SSLCertVerificationError" or fetched != 200:
        findings.add(f"the client: tls-expired gave {refused}, tls-valid {fetched}")
    judged = live.call("GET", f"/v1/runs/{ident}/verdict?control={twin_ident}", ("GET", verdict), expect=200).json()
    if judged.get("result") != "pass" or judged.get("control", {}).get("result") != "pass":
        findings.add(f"the verdict against the control: {judged}")
    live.call("GET", f"/v1/runs/{ident}/verdict", ("GET", verdict), expect=200)
    seen = live.call("GET", f"/v1/runs/{twin_ident}/transcript", ("GET", transcript), expect=200).json()
    if len(seen.get("connections", [])) != 1:
        findings.add(f"the control's transcript has {len(seen.get('connections', []))} connections, expected 1")
    live.call("GET", "/v1/runs/tls-valid/transcript", ("GET", transcript), expect=200)
    live.call("GET", "/v1/runs/tls-valid", ("GET", run), expect=200)

    # A well-formed ?control= that conflicts with the runs: 409, whatever the order of the checks.
    live.call("GET", f"/v1/runs/tls-valid/verdict?control={twin_ident}", ("GET", verdict), expect=409)
    live.call("GET", f"/v1/runs/tls-valid/verdict?control=run-000000000000", ("GET", verdict), expect=409)
    live.call("GET", f"/v1/runs/{ident}/verdict?control={ident}", ("GET", verdict), expect=409)
    live.call("GET", f"/v1/runs/{ident}/verdict?control=run-000000000000", ("GET", verdict), expect=409)

    # The request's own faults: what the document's schemas refuse is 400.
    for control in ["", "-run", "run%20one", "x" * 129, "r%C3%A9"]:
        live.call("GET", f"/v1/runs/{ident}/verdict?control={control}", ("GET", verdict), expect=400)
    for body in ['{"scenario": ', '{"scenaro": "basic"}', '{"scenario": 5}', "[]", "", '{"scenario": "basic", "client": 7}']:
        live.call("POST", runs, ("POST", runs), body=body, expect=400)
    live.call("POST", runs, ("POST", runs), body='{"scenario": "no-such-scenario"}', expect=404)
    live.call("POST", runs, ("POST", runs), body='{"scenario": "tls-expired/../basic"}', expect=404)
    for gone in ["run-000000000000", "x" * 129, "run%2F0", "r\u00e9"]:
        target = urllib.parse.quote(gone, safe="%")
        live.call("GET", f"/v1/runs/{target}", ("GET", run), expect=404)
        live.call("DELETE", f"/v1/runs/{target}", ("DELETE", run), expect=404)
        live.call("GET", f"/v1/runs/{target}/verdict", ("GET", verdict), expect=404)
        live.call("GET", f"/v1/runs/{target}/transcript", ("GET", transcript), expect=404)

    # --max-runs 3: the two runs above and one more; then 429 until one ends.
    third = live.call("POST", runs, ("POST", runs), body='{"scenario": "basic", "client": null}', expect=201).json()
    live.call("POST", runs, ("POST", runs), body='{"scenario": "basic"}', expect=429)
    ended = live.call("DELETE", f"/v1/runs/{third.get('id')}", ("DELETE", run), expect=200).json()
    if ended.get("verdict", {}).get("scenario") != "basic":
        findings.add(f"DELETE: {ended}")
    live.call("GET", f"/v1/runs/{third.get('id')}", ("GET", run), expect=404)
    live.call("DELETE", f"/v1/runs/{third.get('id')}", ("DELETE", run), expect=404)

    # No token, a wrong one, another scheme: 401 whatever the path or method.
    for authorization in [None, "Bearer wrong-token-0123456789", f"Bearer {live.token}x", f"Basic {live.token}",
                          live.token, "Bearer"]:
        for method, path, _ in list(document.operations()):
            target = path.replace("{id}", ident)
            body = '{"scenario": "basic"}' if method == "POST" else None
            live.call(method, target, (method, path), body=body, authorization=authorization, expect=401)
        live.call("GET", "/v1/nothing", None, authorization=authorization, expect=401)
        live.call("PUT", "/v1/scenarios", None, authorization=authorization, expect=401)

    # Paths the document does not list; methods a path does not list (405 with Allow).
    for target in ["/", "/v1", "/v1/", "/v2/runs", "/v1/nothing", f"/v1/runs/{ident}/verdict/more",
                   f"/v1/runs/{ident}/more", "/v1/scenarios/tls-valid", "/v1/runs/../../etc/passwd", "/V1/runs"]:
        live.call("GET", target, None, expect=404)
    for path in document.spec["paths"]:
        target = path.replace("{id}", ident)
        listed = document.methods(path)
        for method in METHODS:
            if method in listed:
                continue
            answer = live.call(method, target, None, expect=405)
            allowed = {m.strip() for m in answer.headers.get("allow", "").split(",") if m.strip()}
            if allowed != listed:
                findings.add(f"{method} {path}: Allow {sorted(allowed)}, the document lists {sorted(listed)}")

    # Over the limits: refused before the token is looked at, and the connection closes.
    over = 65536 + 1
    for method, path, _ in list(document.operations()):
        target = path.replace("{id}", "run-000000000000")
        head = (f"{method} {target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {over}\r\n\r\n").encode()
        answer = live.raw([head])
        live.calls += 1
        live.check(f"{method} {path} with Content-Length {over}", method, target, (method, path), answer)
        if answer.status != 413 or answer.headers.get("connection") != "close":
            findings.add(f"{method} {path}: Content-Length {over}: {answer.status}, expected 413 and a close")
    chunk = b"2000\r\n" + b"x" * 0x2000 + b"\r\n"
    # With the token: without it, the answer is the 401 of a body announced without one, from the head.
    head = (f"POST /v1/runs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {live.token}\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode()
    answer = live.raw([head] + [chunk] * 9, pace=0.05)
    live.calls += 1
    live.check("POST /v1/runs with a chunked body over the limit", "POST", runs, ("POST", runs), answer)
    if answer.status != 413:
        findings.add(f"POST /v1/runs with a chunked body over the limit: {answer.status}, expected 413")
    for method, path, _ in list(document.operations()):
        target = path.replace("{id}", ident)
        answer = live.call(method, target, (method, path), headers={"X-Long": "y" * 9000}, expect=431)
        if answer.headers.get("connection") != "close":
            findings.add(f"{method} {path}: 431 without Connection: close")
    many = {f"X-Field-{n}": "1" for n in range(101)}
    live.call("GET", scenarios, ("GET", scenarios), headers=many, expect=431)
    live.call("GET", "/v1/nothing", None, headers=many, authorization=None, expect=431)

    # Not HTTP: 400 with an empty body, and a close (the one answer that is not JSON).
    answer = live.raw([b"\x01\x02GARBAGE\r\n\r\n"])
    live.calls += 1
    if answer.status != 400 or answer.body or answer.headers.get("content-length", "0") != "0":
        findings.add(f"bytes that are not HTTP: {answer.status} {answer.headers} {answer.body[:100]!r}")

    # Keep-alive and pipelining: three requests on one connection, answered in order.
    pipelined = b"".join(
        f"GET {target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {live.token}\r\n\r\n".encode()
        for target in ["/v1/runs", "/v1/nothing", "/v1/scenarios"])
    sock = socket.create_connection((live.host, live.port), timeout=30)
    statuses = []
    try:
        sock.sendall(pipelined)
        reader = sock.makefile("rb")
        for _ in range(3):
            status = int(reader.readline().split()[1])
            length = 0
            while (line := reader.readline().strip()):
                name, _, value = line.decode("latin-1").partition(":")
                length = int(value) if name.strip().lower() == "content-length" else length
            reader.read(length)
            statuses.append(status)
    except (OSError, ValueError, IndexError) as error:
        findings.add(f"three pipelined requests: {error!r} after {statuses}")
    finally:
        sock.close()
    live.calls += 1
    if statuses != [200, 404, 200]:
        findings.add(f"three pipelined requests: {statuses}, expected [200, 404, 200]")

    # A request asking for another protocol (Java's HttpClient asks for h2c): answered, and the
    # connection closed by the server after its answer, so that the client's next request goes on a
    # new one. The read waits 10 s at most, less than serve's idle limit (30 s by default): a
    # connection left open for that limit to close is not seen closed.
    upgrade = (f"GET /v1/runs HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
               f"HTTP2-Settings: AAEAAEAAAAIAAAAA\r\nAuthorization: Bearer {live.token}\r\n\r\n").encode()
    answer = live.raw([upgrade], wait=10)
    live.calls += 1
    live.check("GET /v1/runs asking for h2c", "GET", runs, ("GET", runs), answer)
    if answer.status != 200 or answer.headers.get("connection") != "close" or not answer.closed:
        findings.add(f"GET /v1/runs asking for h2c: {answer.status}, Connection {answer.headers.get('connection')}, "
                     f"closed by the server: {answer.closed} (expected 200 and the server's close)")

    # The ends: the two runs, then the run serve started itself.
    for ident_ in [ident, twin_ident, "tls-valid"]:
        live.call("DELETE", f"/v1/runs/{ident_}", ("DELETE", run), expect=200)
    left = live.call("GET", runs, ("GET", runs), expect=200).json()
    if left.get("runs") != []:
        findings.add(f"runs left after every DELETE: {left}")

    # Every status the document lists was seen, but those that cannot be provoked here.
    for method, path, operation in document.operations():
        for status in operation["responses"]:
            key = (method, path, status)
            if key not in live.seen and key not in UNPROVOKED:
                findings.add(f"{method} {path}: the document lists {status}, which no call provoked")
    print(f"live: {live.calls} requests, {len(live.seen)} (operation, status) pairs of the document answered")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["document", "examples", "validate", "live"])
    parser.add_argument("openapi")
    parser.add_argument("rest", nargs="*")
    parser.add_argument("--endpoints")
    parser.add_argument("--routes", help="JSON: [{path, methods, query}] of the resources the server routes")
    arguments = parser.parse_args()
    document = Document(arguments.openapi)
    findings = Findings()
    if arguments.command == "document":
        check_document(document, findings)
    elif arguments.command == "examples":
        directory = pathlib.Path(arguments.rest[0])
        directory.mkdir(parents=True, exist_ok=True)
        count = 0
        for where, schema, value in document.examples():
            stem = schema.removesuffix(".schema.json")
            (directory / f"{stem}--{where}.json").write_text(json.dumps(value, indent=2))
            count += 1
        print(f"examples: {count} written")
    elif arguments.command == "validate":
        schema, files = arguments.rest[0], arguments.rest[1:]
        validator = document.validator({"$ref": f"schemas/control/{schema}.schema.json"})
        for file in files:
            for error in validator.iter_errors(json.loads(pathlib.Path(file).read_text())):
                findings.add(f"{file}: {error.json_path}: {error.message}")
        print(f"validate: {len(files)} files against {schema}")
    else:
        check_live(document, arguments.endpoints, json.loads(arguments.routes), findings)
    findings.exit(arguments.command)


if __name__ == "__main__":
    main()
