// The judge's answer (Verdict, Finding, RuleOutcome) lives in its own pure module so that the remote
// face decodes it without the scenario model; `import MockAuthJudge` still brings it.
@_exported import MockAuthVerdict
