// `import MockAuthClients` brings the framework-neutral clients and the runner (this module's own
// types) and, by name, everything `MockAuth` offers, through MockAuth: the list that docs/api.md
// reviews for this product (`PublicSurfaceTests` keeps the two equal). Never a whole module.

// What MockAuth offers: the layers it re-exports.
@_exported import struct MockAuth.Account
@_exported import enum MockAuth.AuthOutcome
@_exported import struct MockAuth.AuthRecord
@_exported import enum MockAuth.AuthSchemeSpec
@_exported import struct MockAuth.BodyRecord
@_exported import struct MockAuth.CertificateRequestRecord
@_exported import struct MockAuth.ClientCertificateRecord
@_exported import enum MockAuth.ClientCertificateRefusal
@_exported import struct MockAuth.ClientExit
@_exported import enum MockAuth.ClientFeature
@_exported import protocol MockAuth.ClientFileStore
// What MockAuth offers: its own types.
@_exported import struct MockAuth.ClientFiles
@_exported import struct MockAuth.ClientMaterial
@_exported import struct MockAuth.ClientMaterialError
@_exported import struct MockAuth.ClientReport
@_exported import struct MockAuth.ClientRequirements
@_exported import enum MockAuth.ClientVariable
@_exported import enum MockAuth.ConnectionLimit
@_exported import struct MockAuth.ConnectionLimits
@_exported import struct MockAuth.ConnectionRecord
@_exported import struct MockAuth.ControlResult
@_exported import struct MockAuth.EndpointRecord
@_exported import enum MockAuth.ExpectationLevel
@_exported import struct MockAuth.Finding
@_exported import enum MockAuth.HTTPAuthScheme
@_exported import enum MockAuth.HTTPProtocolVersion
@_exported import struct MockAuth.HarnessError
@_exported import protocol MockAuth.HarnessFailure
@_exported import class MockAuth.HarnessPKI
@_exported import struct MockAuth.HeaderField
@_exported import typealias MockAuth.HeaderRecord
@_exported import struct MockAuth.HostMapping
@_exported import struct MockAuth.IssuedCertificate
@_exported import enum MockAuth.Judge
@_exported import enum MockAuth.JudgedRule
@_exported import struct MockAuth.JudgedRun
@_exported import struct MockAuth.PKIError
@_exported import class MockAuth.PortAllocator
@_exported import struct MockAuth.PublicKeyPins
@_exported import struct MockAuth.RequestRecord
@_exported import struct MockAuth.RequestRefusal
@_exported import struct MockAuth.RuleName
@_exported import enum MockAuth.RuleOutcome
@_exported import struct MockAuth.RunConclusion
@_exported import struct MockAuth.SOCKSRecord
@_exported import struct MockAuth.Scenario
@_exported import enum MockAuth.ScenarioCatalog
@_exported import struct MockAuth.ScenarioError
@_exported import struct MockAuth.ScenarioErrors
@_exported import struct MockAuth.ScenarioLocation
@_exported import class MockAuth.ScenarioRun
@_exported import class MockAuth.ScenarioServer
@_exported import struct MockAuth.ServerAddressing
@_exported import struct MockAuth.ServerEndpoint
@_exported import struct MockAuth.ServerError
@_exported import enum MockAuth.StreamReset
@_exported import struct MockAuth.TLSHandshakeRecord
@_exported import enum MockAuth.TLSProfile
@_exported import struct MockAuth.Transcript
@_exported import struct MockAuth.TranscriptOverflow
@_exported import struct MockAuth.Verdict
@_exported import enum MockAuth.VerdictResult
