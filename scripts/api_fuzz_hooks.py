"""schemathesis hooks for `make api-fuzz` (scripts/api-fuzz).

The run begun before the fuzzing (its id in API_FUZZ_BYSTANDER) must outlive it, to show that what
the fuzzer does to other runs leaves its servers alone. Any client with the token may end any run,
and the fuzzer learns the id from GET /v1/runs: its DELETE of that run goes to a run that never
existed instead (a documented 404), and is counted in API_FUZZ_SPARED, if set.
"""

import os

import schemathesis

NEVER_BEGUN = "run-000000000000"


@schemathesis.hook
def before_call(context, case, kwargs):
    bystander = os.environ.get("API_FUZZ_BYSTANDER")
    if bystander and case.method.upper() == "DELETE" and (case.path_parameters or {}).get("id") == bystander:
        case.path_parameters["id"] = NEVER_BEGUN
        if os.environ.get("API_FUZZ_SPARED"):
            with open(os.environ["API_FUZZ_SPARED"], "a") as spared:
                spared.write(f"{case.method} {case.path}\n")
