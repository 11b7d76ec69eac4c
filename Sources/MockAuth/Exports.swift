// `import MockAuth` brings a scenario running and the catalog (this module's own types) and, by name,
// the public types of the layers below it: the list that docs/api.md reviews for this product
// (`PublicSurfaceTests` keeps the two equal). Never a whole module: what the layers share is
// `package`, and a layer's new public type is offered only once it is added here and there. A
// type's members, extensions and conformances come with it.

// The judge.
@_exported import enum MockAuthJudge.Judge
// What a client is given.
@_exported import protocol MockAuthMaterial.ClientFileStore
@_exported import struct MockAuthMaterial.ClientMaterial
@_exported import struct MockAuthMaterial.ClientMaterialError
@_exported import enum MockAuthMaterial.ClientVariable
// The PKI.
@_exported import class MockAuthPKI.HarnessPKI
@_exported import struct MockAuthPKI.IssuedCertificate
@_exported import struct MockAuthPKI.PKIError
@_exported import struct MockAuthPKI.PublicKeyPins
// The scenario.
@_exported import enum MockAuthScenario.AuthSchemeSpec
@_exported import enum MockAuthScenario.ClientFeature
@_exported import struct MockAuthScenario.ClientRequirements
@_exported import struct MockAuthScenario.Scenario
@_exported import struct MockAuthScenario.ScenarioError
@_exported import struct MockAuthScenario.ScenarioErrors
@_exported import struct MockAuthScenario.ScenarioLocation
// The servers.
@_exported import struct MockAuthServer.ConnectionLimits
@_exported import class MockAuthServer.PortAllocator
@_exported import class MockAuthServer.ScenarioServer
@_exported import struct MockAuthServer.ServerAddressing
@_exported import struct MockAuthServer.ServerEndpoint
@_exported import struct MockAuthServer.ServerError
// The transcript.
@_exported import struct MockAuthTranscript.AuthRecord
@_exported import struct MockAuthTranscript.CertificateRequestRecord
@_exported import struct MockAuthTranscript.ClientCertificateRecord
@_exported import enum MockAuthTranscript.ClientCertificateRefusal
@_exported import enum MockAuthTranscript.ConnectionLimit
@_exported import struct MockAuthTranscript.ConnectionRecord
@_exported import struct MockAuthTranscript.EndpointRecord
@_exported import typealias MockAuthTranscript.HeaderRecord
@_exported import struct MockAuthTranscript.RequestRecord
@_exported import struct MockAuthTranscript.RequestRefusal
@_exported import struct MockAuthTranscript.SOCKSRecord
@_exported import enum MockAuthTranscript.StreamReset
@_exported import struct MockAuthTranscript.TLSHandshakeRecord
@_exported import struct MockAuthTranscript.Transcript
@_exported import struct MockAuthTranscript.TranscriptOverflow
// The judge's answer.
@_exported import struct MockAuthVerdict.ClientExit
@_exported import struct MockAuthVerdict.ControlResult
@_exported import struct MockAuthVerdict.Finding
@_exported import enum MockAuthVerdict.JudgedRule
@_exported import enum MockAuthVerdict.RuleOutcome
@_exported import struct MockAuthVerdict.Verdict
@_exported import enum MockAuthVerdict.VerdictResult
// The vocabulary every layer shares.
@_exported import struct MockAuthVocabulary.Account
@_exported import enum MockAuthVocabulary.AuthOutcome
@_exported import struct MockAuthVocabulary.BodyRecord
@_exported import enum MockAuthVocabulary.DigestNonceUse
@_exported import enum MockAuthVocabulary.ExpectationLevel
@_exported import enum MockAuthVocabulary.HTTPAuthScheme
@_exported import enum MockAuthVocabulary.HTTPProtocolVersion
@_exported import protocol MockAuthVocabulary.HarnessFailure
@_exported import struct MockAuthVocabulary.HeaderField
@_exported import struct MockAuthVocabulary.HostMapping
@_exported import struct MockAuthVocabulary.KerberosTicket
@_exported import struct MockAuthVocabulary.RuleName
@_exported import enum MockAuthVocabulary.TLSProfile
