"""schemathesis hooks for `make api-fuzz` (scripts/api-fuzz).

The run begun before the fuzzing (its id in API_FUZZ_BYSTANDER, its scenario in
API_FUZZ_BYSTANDER_SCENARIO) must outlive it, to show that what the fuzzer does to other runs
leaves its servers alone. Any client with the token may end any run, and the fuzzer learns the id
from GET /v1/runs: its DELETE of that run goes to a stand-in instead, a run of the same scenario
begun for it through the API (API_FUZZ_URL, MOCKAUTH_CONTROL_TOKEN), so the fuzzer sees the answer
a DELETE of a live run gets. When no stand-in can begin (every run slot taken: 429), it ends
another live run the fuzzer began, which frees a slot; only with no other run live does it go to a
run that never existed (a documented 404). Each is counted in API_FUZZ_SPARED, if set.

Every verdict asked for with `?control=` is written to API_FUZZ_CONTROLS, if set, one line each:
the phase, the status, and what the answer says of the control (`judged` for a 200 against it,
`no-control`, `not-live`, `not-the-control` for the 409s, `not-a-run-id` for the 400), so that
scripts/api-fuzz can show the stateful phase reached `?control=` with real runs' ids through the
document's links.
"""

import json
import os
import urllib.request

import schemathesis

# What a verdict's answer says of its `?control=`, by the words of its error (ControlFailure).
CONTROL_ANSWERS = [
    ("has no control", "no-control"),
    ("to check against", "not-live"),
    (", not of ", "not-the-control"),
    ("must be a run id", "not-a-run-id"),
]

NEVER_BEGUN = "run-000000000000"


def control(method, path, body=None):
    """The control API's JSON answer to METHOD PATH, or None."""
    url, token = os.environ.get("API_FUZZ_URL"), os.environ.get("MOCKAUTH_CONTROL_TOKEN")
    if not (url and token):
        return None
    request = urllib.request.Request(
        url.rstrip("/") + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except Exception:
        return None


def stand_in(bystander):
    """A live run for a DELETE of the bystander to end instead: one begun for it, else another live
    run; None when there is none."""
    scenario = os.environ.get("API_FUZZ_BYSTANDER_SCENARIO")
    begun = control("POST", "/v1/runs", {"scenario": scenario, "client": "api-fuzz stand-in"}) if scenario else None
    if begun and begun.get("id"):
        return begun["id"]
    runs = (control("GET", "/v1/runs") or {}).get("runs", [])
    return next((run["id"] for run in runs if run.get("id") and run["id"] != bystander), None)


@schemathesis.hook
def before_call(context, case, kwargs):
    bystander = os.environ.get("API_FUZZ_BYSTANDER")
    if bystander and case.method.upper() == "DELETE" and (case.path_parameters or {}).get("id") == bystander:
        case.path_parameters["id"] = stand_in(bystander) or NEVER_BEGUN
        if os.environ.get("API_FUZZ_SPARED"):
            with open(os.environ["API_FUZZ_SPARED"], "a") as spared:
                spared.write(f"{case.method} {case.path_parameters['id']}\n")


@schemathesis.hook
def after_call(context, case, response):
    record = os.environ.get("API_FUZZ_CONTROLS")
    if not record or case.method.upper() != "GET" or not case.path.endswith("/verdict"):
        return
    if "control" not in (case.query or {}):
        return
    said = "other"
    if response.status_code == 200:
        said = "judged"
    else:
        try:
            error = response.json().get("error", "")
        except Exception:
            error = ""
        said = next((name for words, name in CONTROL_ANSWERS if words in error), "other")
    phase = case.meta.phase.name.value if case.meta is not None else "unknown"
    with open(record, "a") as controls:
        controls.write(f"{phase} {response.status_code} {said}\n")
