// `import MockAuth` brings every layer: scenarios, PKI, servers, transcript and judge.
@_exported import MockAuthJudge
@_exported import MockAuthPKI
@_exported import MockAuthScenario
@_exported import MockAuthServer
@_exported import MockAuthTranscript
