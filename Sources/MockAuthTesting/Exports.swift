// `import MockAuthTesting` brings everything MockAuthClients offers (the clients and the runner, and
// through them every layer of MockAuth) and everything MockAuthRemoteTesting offers (the remote face
// and the XCTest and Swift Testing assertions, which live there so that a UI-test bundle can have
// them without SwiftNIO). Re-exported by name, never a whole module: the list that docs/api.md
// reviews for this product (`PublicSurfaceTests` keeps the two equal). The Swift Testing assertions
// are members (`expectPassed()`), which come with MockAuthRemoteTesting's types.

// Everything MockAuthClients offers: its own types and functions, and what it re-exports (MockAuth's
// types and the layers').
@_exported import struct MockAuthClients.Account
@_exported import enum MockAuthClients.AuthOutcome
@_exported import struct MockAuthClients.AuthRecord
@_exported import enum MockAuthClients.AuthSchemeSpec
@_exported import struct MockAuthClients.BodyRecord
@_exported import struct MockAuthClients.CertificateRequestRecord
@_exported import protocol MockAuthClients.ChallengeClient
@_exported import struct MockAuthClients.ClientCertificateRecord
@_exported import enum MockAuthClients.ClientCertificateRefusal
@_exported import struct MockAuthClients.ClientContext
@_exported import struct MockAuthClients.ClientContextError
@_exported import struct MockAuthClients.ClientExit
@_exported import enum MockAuthClients.ClientFeature
@_exported import protocol MockAuthClients.ClientFileStore
@_exported import struct MockAuthClients.ClientFiles
@_exported import struct MockAuthClients.ClientMaterial
@_exported import struct MockAuthClients.ClientMaterialError
@_exported import struct MockAuthClients.ClientReport
@_exported import struct MockAuthClients.ClientRequirements
@_exported import enum MockAuthClients.ClientVariable
@_exported import enum MockAuthClients.ConnectionLimit
@_exported import struct MockAuthClients.ConnectionLimits
@_exported import struct MockAuthClients.ConnectionRecord
@_exported import enum MockAuthClients.ControlPolicy
@_exported import struct MockAuthClients.ControlResult
@_exported import enum MockAuthClients.DigestNonceUse
@_exported import struct MockAuthClients.EndpointRecord
@_exported import enum MockAuthClients.ExpectationLevel
@_exported import struct MockAuthClients.Finding
@_exported import enum MockAuthClients.HTTPAuthScheme
@_exported import enum MockAuthClients.HTTPProtocolVersion
@_exported import struct MockAuthClients.HarnessError
@_exported import protocol MockAuthClients.HarnessFailure
@_exported import class MockAuthClients.HarnessPKI
@_exported import struct MockAuthClients.HeaderField
@_exported import typealias MockAuthClients.HeaderRecord
@_exported import struct MockAuthClients.HostMapping
@_exported import struct MockAuthClients.IssuedCertificate
@_exported import enum MockAuthClients.Judge
@_exported import enum MockAuthClients.JudgedRule
@_exported import struct MockAuthClients.JudgedRun
@_exported import struct MockAuthClients.KerberosTicket
@_exported import struct MockAuthClients.PKIError
@_exported import class MockAuthClients.PortAllocator
@_exported import struct MockAuthClients.PublicKeyPins
@_exported import struct MockAuthClients.ReplayReport
@_exported import struct MockAuthClients.RequestRecord
@_exported import struct MockAuthClients.RequestRefusal
@_exported import struct MockAuthClients.RuleName
@_exported import enum MockAuthClients.RuleOutcome
@_exported import struct MockAuthClients.RunConclusion
@_exported import struct MockAuthClients.SOCKSRecord
@_exported import struct MockAuthClients.Scenario
@_exported import enum MockAuthClients.ScenarioCatalog
@_exported import protocol MockAuthClients.ScenarioClient
@_exported import struct MockAuthClients.ScenarioError
@_exported import struct MockAuthClients.ScenarioErrors
@_exported import struct MockAuthClients.ScenarioLocation
@_exported import class MockAuthClients.ScenarioRun
@_exported import struct MockAuthClients.ScenarioRunner
@_exported import class MockAuthClients.ScenarioServer
@_exported import struct MockAuthClients.ServerAddressing
@_exported import struct MockAuthClients.ServerEndpoint
@_exported import struct MockAuthClients.ServerError
@_exported import enum MockAuthClients.StreamReset
@_exported import struct MockAuthClients.TLSHandshakeRecord
@_exported import enum MockAuthClients.TLSProfile
@_exported import struct MockAuthClients.Transcript
@_exported import struct MockAuthClients.TranscriptOverflow
@_exported import class MockAuthClients.URLSessionChallengeAnswerer
@_exported import struct MockAuthClients.URLSessionClient
@_exported import struct MockAuthClients.Verdict
@_exported import enum MockAuthClients.VerdictResult
@_exported import func MockAuthClients.replay
@_exported import func MockAuthClients.withScenario
// What MockAuthRemoteTesting offers but MockAuthClients does not: the remote face (and, below, the XCTest
// assertions).
@_exported import struct MockAuthRemoteTesting.ControlAPIError
@_exported import enum MockAuthRemoteTesting.ControlAPIVersion
@_exported import struct MockAuthRemoteTesting.ControlErrorBody
@_exported import struct MockAuthRemoteTesting.EndedRun
@_exported import struct MockAuthRemoteTesting.MockAuthControlClient
@_exported import struct MockAuthRemoteTesting.RemoteRun
@_exported import struct MockAuthRemoteTesting.RemoteScenario
@_exported import struct MockAuthRemoteTesting.RemoteScenarioList
@_exported import struct MockAuthRemoteTesting.RunDescription
@_exported import struct MockAuthRemoteTesting.RunList
@_exported import struct MockAuthRemoteTesting.RunRequest
@_exported import struct MockAuthRemoteTesting.RunSummary

#if canImport(Security)
    @_exported import enum MockAuthClients.AppleServerTrust
    @_exported import struct MockAuthClients.ImportedIdentity
    @_exported import enum MockAuthClients.SecurityMaterial
    @_exported import struct MockAuthClients.SecurityMaterialError
#endif

#if canImport(XCTest)
    @_exported import func MockAuthRemoteTesting.XCTAssertRunFailed
    @_exported import func MockAuthRemoteTesting.XCTAssertRunPassed
    @_exported import func MockAuthRemoteTesting.XCTAssertScenarioFailed
    @_exported import func MockAuthRemoteTesting.XCTAssertScenarioPassed
#endif
