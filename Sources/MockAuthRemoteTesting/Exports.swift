// `import MockAuthRemoteTesting` brings the remote face (everything MockAuthRemote offers, Foundation
// only) and the XCTest and Swift Testing assertions on verdicts and remote runs: what a UI-test bundle
// or an app's test target needs, without SwiftNIO. MockAuthTesting re-exports it for in-process
// tests. Re-exported by name, never a whole module: the list that docs/api.md reviews for this
// product (`PublicSurfaceTests` keeps the two equal).

// Everything MockAuthRemote offers: its own types and those it re-exports.
@_exported import struct MockAuthRemote.Account
@_exported import enum MockAuthRemote.AuthOutcome
@_exported import struct MockAuthRemote.AuthRecord
@_exported import struct MockAuthRemote.BodyRecord
@_exported import struct MockAuthRemote.CertificateRequestRecord
@_exported import struct MockAuthRemote.ClientCertificateRecord
@_exported import enum MockAuthRemote.ClientCertificateRefusal
@_exported import struct MockAuthRemote.ClientExit
@_exported import protocol MockAuthRemote.ClientFileStore
@_exported import struct MockAuthRemote.ClientMaterial
@_exported import struct MockAuthRemote.ClientMaterialError
@_exported import enum MockAuthRemote.ClientVariable
@_exported import enum MockAuthRemote.ConnectionLimit
@_exported import struct MockAuthRemote.ConnectionRecord
@_exported import struct MockAuthRemote.ControlAPIError
@_exported import enum MockAuthRemote.ControlAPIVersion
@_exported import struct MockAuthRemote.ControlErrorBody
@_exported import struct MockAuthRemote.ControlResult
@_exported import enum MockAuthRemote.DigestNonceUse
@_exported import struct MockAuthRemote.EndedRun
@_exported import struct MockAuthRemote.EndpointRecord
@_exported import enum MockAuthRemote.ExpectationLevel
@_exported import struct MockAuthRemote.Finding
@_exported import enum MockAuthRemote.HTTPAuthScheme
@_exported import enum MockAuthRemote.HTTPProtocolVersion
@_exported import protocol MockAuthRemote.HarnessFailure
@_exported import struct MockAuthRemote.HeaderField
@_exported import typealias MockAuthRemote.HeaderRecord
@_exported import struct MockAuthRemote.HostMapping
@_exported import enum MockAuthRemote.JudgedRule
@_exported import struct MockAuthRemote.KerberosTicket
@_exported import struct MockAuthRemote.MockAuthControlClient
@_exported import struct MockAuthRemote.RemoteRun
@_exported import struct MockAuthRemote.RemoteScenario
@_exported import struct MockAuthRemote.RemoteScenarioList
@_exported import struct MockAuthRemote.RequestRecord
@_exported import struct MockAuthRemote.RequestRefusal
@_exported import struct MockAuthRemote.RuleName
@_exported import enum MockAuthRemote.RuleOutcome
@_exported import struct MockAuthRemote.RunDescription
@_exported import struct MockAuthRemote.RunList
@_exported import struct MockAuthRemote.RunRequest
@_exported import struct MockAuthRemote.RunSummary
@_exported import struct MockAuthRemote.SOCKSRecord
@_exported import enum MockAuthRemote.StreamReset
@_exported import struct MockAuthRemote.TLSHandshakeRecord
@_exported import enum MockAuthRemote.TLSProfile
@_exported import struct MockAuthRemote.Transcript
@_exported import struct MockAuthRemote.TranscriptOverflow
@_exported import struct MockAuthRemote.Verdict
@_exported import enum MockAuthRemote.VerdictResult
