"""mockauthd serve's control API from Python, standard library only.

Begins a run of tls-expired, prints its URL and CA file, lets a client (urllib, trusting that CA
and nothing else) request it, prints the verdict and ends the run. Exits 0 on PASS.

The control API's URL and token come from MOCKAUTH_CONTROL_URL and MOCKAUTH_CONTROL_TOKEN, else from
the endpoints file MOCKAUTH_ENDPOINTS_FILE names (mockauthd serve --endpoints-file FILE).
"""

import json
import os
import ssl
import sys
import tempfile
import urllib.error
import urllib.request

if os.environ.get("MOCKAUTH_CONTROL_URL") and os.environ.get("MOCKAUTH_CONTROL_TOKEN"):
    BASE, TOKEN = os.environ["MOCKAUTH_CONTROL_URL"], os.environ["MOCKAUTH_CONTROL_TOKEN"]
else:
    with open(os.environ["MOCKAUTH_ENDPOINTS_FILE"]) as endpoints:
        control = json.load(endpoints)["control"]
    BASE, TOKEN = control["url"], control["token"]


def call(method, path, body=None):
    """One request to the control API: its JSON answer. An error status stops the script with
    the status and the server's message ({"error": ...})."""
    request = urllib.request.Request(
        BASE.rstrip("/") + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        sys.exit(f"{method} {path}: {error.code}: {json.load(error).get('error')}")


run = call("POST", "/v1/runs", {"scenario": "tls-expired", "client": "python-urllib"})
try:
    with tempfile.TemporaryDirectory() as directory:
        # The run's own servers, and what its client is given: here the CA, written to a file.
        anchor = os.path.join(directory, "ca.pem")
        with open(anchor, "w") as file:
            file.write(run["material"]["caCertificatePEM"])
        print(f"run {run['id']} of {run['scenario']}: {run['url']}")
        print(f"CA file: {anchor}")

        # The client under test: trusts that CA, and only it. A correct one refuses this server.
        context = ssl.create_default_context(cafile=anchor)
        try:
            with urllib.request.urlopen(run["url"], context=context, timeout=10) as answer:
                print(f"client: fetched it, {answer.status}")
        except urllib.error.URLError as error:
            print(f"client: refused it: {error.reason}")

    verdict = call("GET", f"/v1/runs/{run['id']}/verdict")
    print(f"verdict: {verdict['result']}")
    for finding in verdict["findings"]:
        print(f"  {finding['rule']}: {finding['outcome']}: {finding['reason']}")
finally:
    # Ends the run: its servers stop, its ports are freed.
    call("DELETE", f"/v1/runs/{run['id']}")
sys.exit(0 if verdict["result"] == "pass" else 1)
