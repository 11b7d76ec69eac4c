// `import MockAuth` brings every layer: scenarios, PKI, servers, transcript, judge, and what a
// client is given (the material).
@_exported import MockAuthJudge
@_exported import MockAuthMaterial
@_exported import MockAuthPKI
@_exported import MockAuthScenario
@_exported import MockAuthServer
@_exported import MockAuthTranscript
